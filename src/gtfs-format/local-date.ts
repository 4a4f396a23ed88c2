// A calendar date with no time zone: what GTFS calls a service date.

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** YYYYMMDD, as calendar.txt and calendar_dates.txt write dates. */
export function dateKey(date: LocalDate): string {
  return `${date.year}${pad(date.month)}${pad(date.day)}`;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}
