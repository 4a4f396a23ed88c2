import { addDays, dateKey, type LocalDate } from '../../../gtfs-format/local-date.js';
import { serviceDayStartMs, wallClock } from '../../../gtfs-format/service-time.js';
import type { ServiceCalendar } from '../../../gtfs-format/service-calendar.js';

// The service days whose trips can be at a stop around now: yesterday's (times past 24:00),
// today's and tomorrow's (a trip at 00:10 that the agency files under the next day), each with
// the services active on it and the instant its times count from, in the agency's zone.

export interface ServiceDay {
  /** YYYYMMDD, as the feed's start_date writes it. */
  date: string;
  /** POSIX seconds of the day's "noon minus 12 h". */
  start: number;
  serviceIds: string[];
}

export function serviceDaysAround(nowMs: number, timeZone: string, calendar: ServiceCalendar): ServiceDay[] {
  const w = wallClock(nowMs, timeZone);
  const today: LocalDate = { year: w.year, month: w.month, day: w.day };
  return [-1, 0, 1].map((offset) => {
    const date = addDays(today, offset);
    return { date: dateKey(date), start: serviceDayStartMs(date, timeZone) / 1000, serviceIds: [...calendar.activeOn(date)] };
  });
}
