import { OTTAWA_TIME_ZONE, wallClock } from '../../time/zone.js';

// Riders read times on Ottawa's clock, wherever the bot runs.

/** "08:12": the same 24-hour form in English and French. */
export function ottawaClock(at: Date): string {
  const { hour, minute } = wallClock(at.getTime(), OTTAWA_TIME_ZONE);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function minutesLater(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
