// What riders type for a schedule: times ("07:30", "7h30"), days ("weekdays", "mon,wed,fri",
// "lun,mer,ven", in the words of locales/<lang>/words.json) and windows ("07:00-09:00").
import { ALL_DAYS, type Weekday } from '../../domain/local-minute.js';
import { canonicalDays, type DayWords } from '../languages/typed-words.js';

/** "07:30", "7:30", "7h30", "7h" -> minutes of the day; undefined for anything else (25:99). */
export function readClockTime(text: string): number | undefined {
  const match = /^([0-9]{1,2})(?:[:h]([0-9]{2})|h)$/i.exec(text.trim());
  if (match === null) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  return hour < 24 && minute < 60 ? hour * 60 + minute : undefined;
}

export type DaysReading = { ok: true; days: Weekday[] } | { ok: false; unknown: string };

/** "weekdays", "mon,wed,fri", "lun,mer,ven", "semaine" -> sorted days; the first unknown word otherwise. */
export function readDays(text: string, dayWords: DayWords = canonicalDays): DaysReading {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,;/+]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { ok: true, days: [...ALL_DAYS] };
  const days = new Set<Weekday>();
  for (const word of words) {
    const set = dayWords(word);
    if (set === undefined) return { ok: false, unknown: word };
    for (const day of set) days.add(day);
  }
  return { ok: true, days: [...days].sort((a, b) => a - b) };
}

export type WindowReading = { ok: true; from: number; until: number } | { ok: false; problem: 'time' | 'order' };

/** "07:00-09:00" -> its first and last minute; a window must end after it starts. */
export function readWindow(text: string): WindowReading {
  const [from, until, extra] = text.split(/\s*[-–]\s*/);
  const start = from === undefined ? undefined : readClockTime(from);
  const end = until === undefined ? undefined : readClockTime(until);
  if (start === undefined || end === undefined || extra !== undefined) return { ok: false, problem: 'time' };
  return end > start ? { ok: true, from: start, until: end } : { ok: false, problem: 'order' };
}
