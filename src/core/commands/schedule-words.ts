// What riders type for a schedule, in English and French: times ("07:30", "7h30"), days
// ("weekdays", "mon,wed,fri", "semaine", "lun,mer,ven") and windows ("07:00-09:00").
import { ALL_DAYS, type Weekday } from '../../domain/local-minute.js';

const DAY_NAMES = new Map<string, Weekday>([
  ['sun', 0],
  ['sunday', 0],
  ['dim', 0],
  ['dimanche', 0],
  ['mon', 1],
  ['monday', 1],
  ['lun', 1],
  ['lundi', 1],
  ['tue', 2],
  ['tues', 2],
  ['tuesday', 2],
  ['mar', 2],
  ['mardi', 2],
  ['wed', 3],
  ['wednesday', 3],
  ['mer', 3],
  ['mercredi', 3],
  ['thu', 4],
  ['thur', 4],
  ['thurs', 4],
  ['thursday', 4],
  ['jeu', 4],
  ['jeudi', 4],
  ['fri', 5],
  ['friday', 5],
  ['ven', 5],
  ['vendredi', 5],
  ['sat', 6],
  ['saturday', 6],
  ['sam', 6],
  ['samedi', 6],
]);

const DAY_SETS = new Map<string, readonly Weekday[]>([
  ['daily', ALL_DAYS],
  ['everyday', ALL_DAYS],
  ['every-day', ALL_DAYS],
  ['tous-les-jours', ALL_DAYS],
  ['quotidien', ALL_DAYS],
  ['weekdays', [1, 2, 3, 4, 5]],
  ['semaine', [1, 2, 3, 4, 5]],
  ['en-semaine', [1, 2, 3, 4, 5]],
  ['weekends', [0, 6]],
  ['weekend', [0, 6]],
  ['fin-de-semaine', [0, 6]],
  ['fins-de-semaine', [0, 6]],
]);

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
export function readDays(text: string): DaysReading {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,;/+]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { ok: true, days: [...ALL_DAYS] };
  const days = new Set<Weekday>();
  for (const word of words) {
    const set = DAY_SETS.get(word) ?? (DAY_NAMES.has(word) ? [DAY_NAMES.get(word)!] : undefined);
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

/** Whether a word names days, so "/subscribe 3017 95 07:30 weekdays" can tell days from the rest. */
export function looksLikeDays(word: string): boolean {
  return readDays(word).ok;
}
