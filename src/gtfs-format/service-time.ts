import { pad, type LocalDate } from './local-date.js';
import { wallClock as zoneWallClock, zoneOffsetMs, type WallClock } from '../domain/time-zone.js';

// Service-day and timestamp arithmetic in the agency's time zone; the zone itself is read through
// src/time/zone.ts.

export type { WallClock } from '../domain/time-zone.js';

// Every route direction of a request asks for the same instant: keep the last answer.
let last: { instantMs: number; timeZone: string; clock: WallClock } | undefined;

export function wallClock(instantMs: number, timeZone: string): WallClock {
  if (last?.instantMs === instantMs && last.timeZone === timeZone) return { ...last.clock };
  const clock = zoneWallClock(instantMs, timeZone);
  last = { instantMs, timeZone, clock };
  return { ...clock };
}

/**
 * The instant GTFS times of `date` count from: noon minus 12 hours (GTFS reference). It is local
 * midnight except on daylight saving days, where it keeps the day's times right after the change.
 */
export function serviceDayStartMs(date: LocalDate, timeZone: string): number {
  // Asked for the same few dates on every request; a date's start never changes.
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= 1000) dayStarts.clear();
    start = computeServiceDayStart(date, timeZone);
    dayStarts.set(key, start);
  }
  return start;
}

const dayStarts = new Map<string, number>();

function computeServiceDayStart(date: LocalDate, timeZone: string): number {
  const noonAsUtc = Date.UTC(date.year, date.month - 1, date.day, 12);
  // Clocks never change near noon, so the offset 5 h either way of the guess is the offset at noon.
  const noon = noonAsUtc - zoneOffsetMs(noonAsUtc - zoneOffsetMs(noonAsUtc, timeZone), timeZone);
  return noon - 12 * 3600_000;
}

/** yyyyMMddHHmmss, the API's RequestProcessingTime. */
export function processingTimestamp(w: WallClock): string {
  return `${w.year}${pad(w.month)}${pad(w.day)}${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** GTFS seconds after the service day's start -> "HH:MM", hours past 24 kept ("25:10"). */
export function gtfsClock(seconds: number): string {
  return formatGtfsTime(seconds).slice(0, 5);
}

/** "HH:MM:SS" (hours may exceed 23) -> seconds. */
export function parseGtfsTime(text: string): number {
  const match = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a GTFS time: ${JSON.stringify(text)}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export function formatGtfsTime(seconds: number): string {
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
