import { addDays, dateKey, type LocalDate } from '../../../gtfs-format/local-date.js';
import { serviceDayStartMs, wallClock } from '../../../gtfs-format/service-time.js';
import type { ServiceCalendar } from '../../../gtfs-format/service-calendar.js';

// The service days whose trips can be at a stop around now: yesterday's (times past 24:00),
// today's and tomorrow's (a trip at 00:10 that the agency files under the next day), each with
// the services active on it and the instant its times count from, in the agency's zone; and the
// day after each, for feeds that date a trip past midnight by the day it runs on (match-run.ts).

export interface ServiceDay {
  /** YYYYMMDD, as the feed's start_date writes it. */
  date: string;
  /** POSIX seconds of the day's "noon minus 12 h". */
  start: number;
  serviceIds: string[];
  nextDate: string;
  nextServiceIds: ReadonlySet<string>;
}

export function serviceDaysAround(nowMs: number, timeZone: string, calendar: ServiceCalendar): ServiceDay[] {
  const w = wallClock(nowMs, timeZone);
  const today: LocalDate = { year: w.year, month: w.month, day: w.day };
  return [-1, 0, 1].map((offset) => serviceDay(addDays(today, offset), timeZone, calendar));
}

export function serviceDay(date: LocalDate, timeZone: string, calendar: ServiceCalendar): ServiceDay {
  const next = addDays(date, 1);
  return {
    date: dateKey(date),
    start: serviceDayStartMs(date, timeZone) / 1000,
    serviceIds: [...calendar.activeOn(date)],
    nextDate: dateKey(next),
    nextServiceIds: calendar.activeOn(next),
  };
}
