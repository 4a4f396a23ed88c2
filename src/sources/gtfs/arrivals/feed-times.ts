import type { LocalDate } from '../../../gtfs-format/local-date.js';

// The feed's own spellings of dates and times, read without throwing: a feed is not trusted to
// write them as the specification does.

/** "HH:MM:SS" (hours may pass 24) -> seconds; undefined when it is not written so. */
export function feedSeconds(time: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(time);
  return match === null ? undefined : Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** "YYYYMMDD" -> the date; undefined when it is not one. */
export function feedDate(text: string): LocalDate | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= 31 ? date : undefined;
}
