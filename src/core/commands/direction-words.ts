// "to Orléans", "vers Orléans", "hacia Orléans": the way a near alert's bus goes, typed after the
// marker word of any language (locales/<lang>/words.json, "to"). The phrase runs to the next word
// that starts another part of the request ("when", a number, a time, a window) or to the end: a
// destination may share a word with a day ("Mer Bleue"), so days do not end it.
import { usage, type Reading } from '../command-request.js';
import type { TypedWords } from '../languages/typed-words.js';
import { clip } from './read-options.js';

export interface DirectionWords {
  /** The words after the marker, joined; absent when none was typed. */
  direction?: string;
  /** The other words, in their order. */
  rest: string[];
}

export function takeDirection(words: readonly string[], typed: TypedWords): Reading<DirectionWords> {
  const at = words.findIndex((w) => typed.is('to', w));
  if (at === -1) return { ok: true, value: { rest: [...words] } };
  // The first word is the direction's whatever it looks like ("to 1": a button's direction_id typed back).
  let end = Math.min(at + 2, words.length);
  while (end < words.length && !typed.is('when', words[end]!) && !/^[0-9]/.test(words[end]!)) end++;
  const phrase = words.slice(at + 1, end).join(' ');
  if (phrase === '') return usage('near-direction-bad', { typed: clip(words[at]!) });
  return { ok: true, value: { direction: phrase, rest: [...words.slice(0, at), ...words.slice(end)] } };
}
