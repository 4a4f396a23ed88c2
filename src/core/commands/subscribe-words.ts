import { usage, type Reading } from '../command-request.js';
import { clip, missingArg } from './read-options.js';
import type { TypedWords } from '../languages/typed-words.js';
import type { CommandSpec, Options } from './spec.js';
import { takeDirection } from './direction-words.js';

// "/subscribe [@channel] <stop> [route] <HH:MM> [days]" and
// "/subscribe [@channel] <stop> <route> when <N> [min] <HH:MM-HH:MM> [days]", "when", "min" and
// "at" in any language's words ("quand", "cuando"; "minutos"; "à", "a las").
// Anything shaped like a time is read as the time (and refused as one if it is 25:99).
const TIME_SHAPED = /^[0-9]{1,2}[:h][0-9]{0,2}$/i;
const WINDOW_SHAPED = /^[0-9]{1,2}[:h][0-9]{0,2}[-–—][0-9]{1,2}[:h][0-9]{0,2}$/i;

// A time written another way than the 24-hour clock ("8am", "8 pm", "8.30"): said not read, with how to write it.
const TWELVE_HOUR = /^([0-9]{1,2})(?:[:.h]([0-9]{2}))?\s?([ap])\.?m\.?$/i;
const DOTTED = /^([0-9]{1,2})\.([0-9]{2})$/;
const MERIDIEM = /^[ap]\.?m\.?$/i;

/** "8am" -> "08:00", "12:30pm" -> "12:30", "8.30" -> "08:30"; undefined when no hour can be made of it. */
function asClockTime(word: string): string | undefined {
  const twelve = TWELVE_HOUR.exec(word);
  const dotted = DOTTED.exec(word);
  const [hours, minutes] = twelve
    ? [(Number(twelve[1]) % 12) + (twelve[3]!.toLowerCase() === 'p' ? 12 : 0), Number(twelve[2] ?? 0)]
    : dotted
      ? [Number(dotted[1]), Number(dotted[2])]
      : [NaN, NaN];
  if (twelve && (Number(twelve[1]) < 1 || Number(twelve[1]) > 12)) return undefined;
  if (!(hours >= 0 && hours < 24 && minutes >= 0 && minutes < 60)) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "8 am": one word, as "8am" is. */
function joinMeridiem(words: readonly string[]): string[] {
  const joined: string[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    if (last !== undefined && /^[0-9]{1,2}([:.h][0-9]{2})?$/.test(last) && MERIDIEM.test(word)) joined[joined.length - 1] = `${last}${word}`;
    else joined.push(word);
  }
  return joined;
}

/** "07:00 - 09:00", "07:00 -09:00", "07:00- 09:00": one word, as "07:00-09:00" is read. */
function joinDashes(words: readonly string[]): string[] {
  const joined: string[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    if (last !== undefined && (/[-–—]$/.test(last) || /^[-–—]/.test(word))) joined[joined.length - 1] = `${last}${word}`;
    else joined.push(word);
  }
  return joined;
}

export function subscribeWordsToOptions(spec: CommandSpec, words: string[], typed: TypedWords): Reading<Options> {
  const options: Record<string, string> = {};
  let rest = words;
  if (rest[0]?.startsWith('@')) {
    options.target = rest[0];
    rest = rest.slice(1);
  }
  const stop = rest[0];
  // "to Orléans", "vers Orléans": the way a near alert watches, taken out before the rest is read.
  const way = takeDirection(rest.slice(1), typed);
  if (!way.ok) return way;
  if (way.value.direction !== undefined) options.direction = way.value.direction;
  // "at 07:30", "à 7h30": the little word before a time says nothing more.
  const after = joinMeridiem(joinDashes(way.value.rest)).filter((w) => !typed.is('at', w));
  if (stop === undefined)
    return missingArg(
      spec,
      spec.args.find((a) => a.name === 'stop')!,
    );
  options.stop = stop;

  const near = after.findIndex((w) => typed.is('when', w));
  if (near !== -1) {
    if (near > 1) return usage('usage-too-many-words', { command: spec.name, example: spec.example });
    if (near === 1) options.route = after[0]!;
    const [minutes, ...tail] = after.slice(near + 1);
    if (minutes !== undefined) options.when = minutes.replace(/min$/i, '');
    const [window, ...days] = tail[0] !== undefined && typed.is('minutes', tail[0]) ? tail.slice(1) : tail;
    if (window !== undefined) options.window = window;
    if (days.length > 0) options.days = days.join(',');
    return { ok: true, value: options };
  }

  // A window without "when": the rider wants a "near" alert and left out how near.
  const window = after.find((w) => WINDOW_SHAPED.test(w));
  if (window !== undefined) return usage('usage-window-needs-when', { window });
  const timeAt = after.findIndex((w) => TIME_SHAPED.test(w));
  const otherClock = timeAt === -1 ? after.findIndex((w) => TWELVE_HOUR.test(w) || DOTTED.test(w)) : -1;
  if (otherClock !== -1) {
    const route = otherClock === 1 ? ` ${after[0]!}` : '';
    const time = asClockTime(after[otherClock]!) ?? '07:30';
    return usage('usage-time-unread', { time: clip(after[otherClock]!), example: `/${spec.name} ${clip(stop)}${route} ${time}` });
  }
  if (timeAt === -1 || timeAt > 1)
    return timeAt > 1
      ? usage('usage-too-many-words', { command: spec.name, example: spec.example })
      : usage('usage-time-missing', { example: spec.example });
  if (timeAt === 1) options.route = after[0]!;
  options.time = after[timeAt]!;
  const days = after.slice(timeAt + 1);
  if (days.length > 0) options.days = days.join(',');
  return { ok: true, value: options };
}
