// What riders type after /next for a later time, in any language's words: a day ("tomorrow",
// "demain", "domingo", "2026-11-28"), a time ("at 07:00", "à 7h", "a las 7", "7pm"), the first or
// last trips ("first", "dernier", "último"). Read into a LaterQuery; written back in the code's
// own words ("last sun", "tomorrow 07:00"), which every language reads, for buttons and slash options.
import type { LaterDay, LaterQuery } from '../../domain/later-trips.js';
import { formatMinute } from '../../domain/local-minute.js';
import { usage, type Reading } from '../command-request.js';
import { CANONICAL_DAY_WORDS, type TypedWords } from '../languages/typed-words.js';

/** A word quoted back: no control characters, 20 characters at most (read-options.ts's clip, which imports this file). */
const clip = (word: string) => {
  const chars = [...word.replace(/[\p{Cc}\p{Cf}]/gu, '')];
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : chars.join('');
};
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Looks like a time, right or wrong: "07:00", "7h30", "25:00", "7pm". A bare number is a route unless "at" comes before it. */
const TIME_SHAPED = /^\d{1,2}(?:[:h.]\d{0,2}|h)?\s*(?:am|pm)?$/i;
const HAS_TIME_MARK = /[:h]|am|pm/i;

/** "07:00", "7h", "7:30pm", and after "at" a bare hour ("a las 7") -> minutes of the day; undefined: not a time of day. */
export function readLaterTime(text: string, bareHour: boolean): number | undefined {
  const match = /^(\d{1,2})(?:[:h.](\d{2})|h)?\s*(am|pm)?$/i.exec(text.trim());
  if (match === null) return undefined;
  if (!bareHour && !HAS_TIME_MARK.test(text)) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase();
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  }
  return hour < 24 && minute < 60 ? hour * 60 + minute : undefined;
}

/** A word that may belong to a later time (by itself, without the words around it). */
function isWhenWord(word: string, words: TypedWords, shortDays: boolean): boolean {
  if (words.is('at', word) || words.is('today', word) || words.is('tomorrow', word) || words.is('first', word) || words.is('last', word)) return true;
  if (ISO_DATE.test(word) || (TIME_SHAPED.test(word) && HAS_TIME_MARK.test(word))) return true;
  const days = words.days(word);
  // "mar", "sun": a stop's name may hold them ("del mar"); beside a stop number they are days.
  return days?.length === 1 && (shortDays || [...word].length > 3);
}

/**
 * Where the later time begins among the words typed after /next: the words from there to the end
 * all belong to it ("3017 95 tomorrow at 07:00" -> 2); `words.length` when there is none. A word
 * after "at" belongs to it whatever it is, so that "at noon" is refused as a time, not as a stop.
 */
export function laterTimeStart(tokens: readonly string[], words: TypedWords, shortDays: boolean): number {
  let i = tokens.length;
  while (i > 0) {
    if (isWhenWord(tokens[i - 1]!, words, shortDays)) i -= 1;
    else if (i >= 2 && words.is('at', tokens[i - 2]!)) i -= 2;
    else break;
  }
  return i;
}

/** The words of a later time -> the query; a time that is none ("25:00"), two days, or "first" with a time: what is wrong, said. */
export function readLater(tokens: readonly string[], words: TypedWords): Reading<LaterQuery> {
  let day: LaterDay | undefined;
  let at: number | undefined;
  let end: 'first' | 'last' | undefined;
  let afterAt = false;
  const tooMany = () => usage('usage-later-too-many');
  for (const word of tokens) {
    if (words.is('at', word)) {
      afterAt = true;
      continue;
    }
    if (afterAt || TIME_SHAPED.test(word)) {
      const minute = readLaterTime(word, afterAt);
      if (minute === undefined) return usage('usage-later-bad-time', { time: clip(word) });
      if (at !== undefined) return tooMany();
      at = minute;
      afterAt = false;
      continue;
    }
    const named = dayOf(word, words);
    if (named === 'bad-date') return usage('usage-later-bad-date', { date: clip(word) });
    if (named !== undefined) {
      if (day !== undefined) return tooMany();
      day = named;
      continue;
    }
    const edge = words.is('first', word) ? 'first' : words.is('last', word) ? 'last' : undefined;
    if (edge === undefined) return usage('usage-later-bad-word', { word: clip(word) });
    if (end !== undefined) return tooMany();
    end = edge;
  }
  if (afterAt) return usage('usage-later-missing-time');
  if (end !== undefined && at !== undefined) return tooMany();
  return { ok: true, value: { ...(day !== undefined ? { day } : {}), ...(at !== undefined ? { at } : {}), ...(end !== undefined ? { end } : {}) } };
}

function dayOf(word: string, words: TypedWords): LaterDay | 'bad-date' | undefined {
  if (words.is('today', word)) return 'today';
  if (words.is('tomorrow', word)) return 'tomorrow';
  const iso = ISO_DATE.exec(word);
  if (iso !== null) {
    const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
    return date.toISOString().slice(0, 10) === word ? { date: word } : 'bad-date';
  }
  const days = words.days(word);
  return days?.length === 1 ? { weekday: days[0]! } : undefined;
}

/** The query in the code's own words, which every language reads back: "last sun", "tomorrow 07:00", "2026-11-28 07:43". */
export function formatLater(query: LaterQuery): string {
  const day =
    query.day === undefined
      ? undefined
      : typeof query.day === 'string'
        ? query.day
        : 'date' in query.day
          ? query.day.date
          : CANONICAL_DAY_WORDS[query.day.weekday];
  return [query.end, day, query.at === undefined ? undefined : formatMinute(query.at)].filter((part) => part !== undefined).join(' ');
}
