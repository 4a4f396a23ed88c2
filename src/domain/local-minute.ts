// Minutes as a zone's wall clock shows them: which local minutes a UTC minute makes happen, across
// daylight-saving gaps and repeats, including those that cross midnight. Pure functions of an
// instant and a zone, so every zone's transitions can be tested with any clock.
import { wallClock, zoneOffsetMs } from './time-zone.js';

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const ALL_DAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** A minute as a zone's wall clock shows it. */
export interface LocalMinute {
  /** "2026-11-22" */
  date: string;
  /** 0 ... 1439 */
  minute: number;
  weekday: Weekday;
}

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MINUTES = 1440;

export function localMinuteAt(instant: Date | number, timeZone: string): LocalMinute {
  const w = wallClock(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return fromSerial(Date.UTC(w.year, w.month - 1, w.day) / MINUTE_MS + w.hour * 60 + w.minute);
}

/**
 * The local minutes that happen at the UTC minute starting at `instant`. Usually one. When the
 * clocks spring forward (02:00 becomes 03:00, or 00:00 becomes 01:00 on the next date) the
 * skipped minutes happen at the first minute after the gap, each with its own date, so an alert
 * set for 02:30 fires once, at 03:00. When they fall back, the repeated minutes happen twice:
 * callers skip the second pass (isRepeatedMinute) or claim each (date, minute) once.
 */
export function localMinutesAt(instant: Date | number, timeZone: string): LocalMinute[] {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const now = localMinuteAt(ms, timeZone);
  const before = serialOf(localMinuteAt(ms - MINUTE_MS, timeZone));
  const skipped = serialOf(now) - before - 1;
  if (skipped <= 0) return [now];
  return [...Array.from({ length: skipped }, (_, i) => fromSerial(before + 1 + i)), now];
}

/**
 * Whether the local minute at `instant` already happened earlier that day: the second pass of
 * the hour repeated when the clocks fall back. Timed alerts fire on the first pass only, so a
 * 01:30 alert on 1 November fires once, before any "sent" mark is even consulted.
 */
export function isRepeatedMinute(instant: Date | number, timeZone: string): boolean {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // Three hours of real time show less than three hours on a clock that went back within them.
  const spanMinutes = 180;
  const now = localMinuteAt(ms, timeZone);
  const back = spanMinutes - (serialOf(now) - serialOf(localMinuteAt(ms - spanMinutes * MINUTE_MS, timeZone)));
  if (back <= 0) return false;
  return serialOf(localMinuteAt(ms - back * MINUTE_MS, timeZone)) === serialOf(now);
}

/**
 * The first instant at which (date, minute) happens in the zone: its first pass when the hour
 * repeats, the first minute after the gap when the clocks skip it.
 */
export function instantOf(date: string, minute: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS;
  const target = wall / MINUTE_MS;
  // The minute happens within 14 hours before or 12 after `wall` read as UTC (the extreme
  // offsets): the zone's offsets just outside that span cover a transition near it.
  const candidates = [zoneOffsetMs(wall - 16 * HOUR_MS, timeZone), zoneOffsetMs(wall + 14 * HOUR_MS, timeZone)].map((o) => floorMinute(wall - o));
  const passes = candidates.filter((t) => serialOf(localMinuteAt(t, timeZone)) === target);
  if (passes.length > 0) return Math.min(...passes);
  // Skipped: the first minute whose wall clock shows a later minute, between the two offsets' readings.
  let [low, high] = [Math.min(...candidates), Math.max(...candidates)] as [number, number];
  while (high - low > MINUTE_MS) {
    const mid = floorMinute(low + (high - low) / 2);
    if (serialOf(localMinuteAt(mid, timeZone)) >= target) high = mid;
    else low = mid;
  }
  return high;
}

/** The local date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return fromSerial(Date.parse(`${date}T00:00:00Z`) / MINUTE_MS + days * DAY_MINUTES).date;
}

/** 450 -> "07:30" */
export function formatMinute(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

export function floorMinute(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** Minutes since 1970-01-01 00:00 on the wall clock: consecutive local minutes differ by one, across dates. */
function serialOf(local: LocalMinute): number {
  return Date.parse(`${local.date}T00:00:00Z`) / MINUTE_MS + local.minute;
}

function fromSerial(serial: number): LocalMinute {
  const day = new Date(Math.floor(serial / DAY_MINUTES) * DAY_MINUTES * MINUTE_MS);
  return {
    date: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`,
    minute: ((serial % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES,
    weekday: day.getUTCDay() as Weekday,
  };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
