import type { Trip } from '../../domain/arrivals.js';
import { wallClock } from '../../domain/time-zone.js';

// Riders read times on the agency's clock (the zone each answer carries), wherever the bot runs.

/** "08:12" in the zone: the same 24-hour form in English and French. */
export function clockTime(at: Date, timeZone: string): string {
  const { hour, minute } = wallClock(at.getTime(), timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Whole minutes from now, never negative (a bus due a few seconds ago is "now"). */
export function minutesAway(trip: Trip): number {
  return Math.max(0, Math.round(trip.minutesAway));
}

/** When the trip comes: its own instant when the source knows it, else now plus its minutes. */
export function tripInstant(trip: Trip, now: Date): Date {
  return trip.at ?? new Date(now.getTime() + minutesAway(trip) * 60_000);
}
