// When an alert fires, in the chat's own time zone: days of the week and a minute of the day (a
// timed alert), or a window of minutes (a "bus is near" alert). Pure functions of an instant and
// a zone, so due times, days and daylight-saving days are tested with any clock.
import { wallClock } from './time-zone.js';

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const ALL_DAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

export type AlertSchedule =
  /** The arrivals at this minute of the day ("07:30" is 450). */
  | { kind: 'at'; minute: number; days: Weekday[] }
  /** Once per window per day, when the next bus is `withinMinutes` away or less. */
  | { kind: 'near'; withinMinutes: number; from: number; until: number; days: Weekday[] };

/** A minute as a zone's wall clock shows it. */
export interface LocalMinute {
  /** "2026-11-22" */
  date: string;
  /** 0 ... 1439 */
  minute: number;
  weekday: Weekday;
}

const MINUTE_MS = 60_000;

export function localMinuteAt(instant: Date, timeZone: string): LocalMinute {
  const w = wallClock(instant.getTime(), timeZone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() as Weekday;
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, minute: w.hour * 60 + w.minute, weekday };
}

/**
 * The local minutes that happen at the UTC minute starting at `instant`. Usually one. When the
 * clocks spring forward (02:00 becomes 03:00) the skipped minutes happen at the first minute
 * after the gap, so an alert set for 02:30 fires once, at 03:00. When they fall back, the
 * repeated minutes happen twice: callers claim each (date, minute) once, so it fires once.
 */
export function localMinutesAt(instant: Date, timeZone: string): LocalMinute[] {
  const now = localMinuteAt(instant, timeZone);
  const before = localMinuteAt(new Date(instant.getTime() - MINUTE_MS), timeZone);
  const skipped = before.date === now.date ? now.minute - before.minute - 1 : 0;
  if (skipped <= 0) return [now];
  return [...Array.from({ length: skipped }, (_, i) => ({ ...now, minute: before.minute + 1 + i })), now];
}

/** Whether the schedule fires (`at`) or watches (`near`) at this local minute. */
export function isDue(schedule: AlertSchedule, at: LocalMinute): boolean {
  if (!schedule.days.includes(at.weekday)) return false;
  return schedule.kind === 'at' ? schedule.minute === at.minute : at.minute >= schedule.from && at.minute <= schedule.until;
}

/** The next instant after `after` at which the schedule fires or its window opens; searched minute by minute over a week. */
export function nextFiring(schedule: AlertSchedule, after: Date, timeZone: string): Date | undefined {
  const start = Math.floor(after.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const first = schedule.kind === 'at' ? schedule.minute : schedule.from;
  for (let t = start; t < start + 8 * 24 * 60 * MINUTE_MS; t += MINUTE_MS) {
    const minutes = localMinutesAt(new Date(t), timeZone);
    if (minutes.some((m) => m.minute === first && schedule.days.includes(m.weekday))) return new Date(t);
  }
  return undefined;
}

/** 450 -> "07:30" */
export function formatMinute(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Whether the local minute at `instant` already happened earlier that day: the second pass of
 * the hour repeated when the clocks fall back. Timed alerts fire on the first pass only, so a
 * 01:30 alert on 1 November fires once, before any "sent" mark is even consulted.
 */
export function isRepeatedMinute(instant: Date, timeZone: string): boolean {
  // Three hours of real time show less than three hours on a clock that went back within them.
  const spanMinutes = 180;
  const now = localMinuteAt(instant, timeZone);
  const before = localMinuteAt(new Date(instant.getTime() - spanMinutes * MINUTE_MS), timeZone);
  const back = spanMinutes - (dayNumber(now.date) - dayNumber(before.date)) * 1440 - (now.minute - before.minute);
  if (back <= 0) return false;
  const earlier = localMinuteAt(new Date(instant.getTime() - back * MINUTE_MS), timeZone);
  return earlier.date === now.date && earlier.minute === now.minute;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / (1440 * MINUTE_MS);
}
