import { ALL_DAYS, type Weekday } from '../../domain/local-minute.js';
import type { Locale } from '../../domain/locale.js';
import { isHelpTopic, type HelpTopic } from '../commands/help-topics.js';
import type { Compass, DayKey, WordsFile } from './words-file.js';

/** Words that only mark what follows or precedes them. */
export type MarkerKind =
  'all' | 'route' | 'when' | 'at' | 'minutes' | 'to' | 'today' | 'tomorrow' | 'first' | 'last' | 'from' | 'delete' | 'slow' | 'normal' | 'fast';

/** What riders type, read in every language the bot speaks: a chat's language is not known while its text is read. */
export interface TypedWords {
  /** A command's name in any language ("prochain", "próxima") -> the command's own name ("next"). */
  command(name: string): string | undefined;
  /** "hola", "Bonjour !": a greeting, answered as /start is. */
  greeting(tokens: readonly string[]): boolean;
  /** A day ("lunes", "mon") or a set of days ("semaine") -> its days. */
  days: DayWords;
  /** on, off and their words (activer, sí, no...). */
  switch(word: string): 'on' | 'off' | undefined;
  /** "es", "Spanish", "español" -> the locale. */
  language(word: string): Locale | undefined;
  /** "Northbound", "direction nord" -> the compass point. */
  direction(text: string): Compass | undefined;
  /** "alertes", "alerts" -> the group of commands /help explains. */
  topic(word: string): HelpTopic | undefined;
  is(kind: MarkerKind, word: string): boolean;
}

/** One language's words, where they come from (for errors). */
export interface WordsOf {
  locale: Locale;
  /** Its own name and the names riders type for it. */
  names: readonly string[];
  words: WordsFile;
  where: string;
}

const DAY_KEYS: readonly DayKey[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The forms the code itself writes (a button's days, a stored request, a request typed back, a
 * slash choice's value): always read, whatever folders are present.
 */
export const CANONICAL_DAY_WORDS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const CANONICAL_DAY_SETS = { daily: ALL_DAYS, weekdays: [1, 2, 3, 4, 5], weekends: [0, 6] } as const satisfies Record<string, readonly Weekday[]>;
const CANONICAL_DAYS = new Map<string, readonly Weekday[]>([
  ...CANONICAL_DAY_WORDS.map((word, day) => [word, [day as Weekday]] as const),
  ...Object.entries(CANONICAL_DAY_SETS),
]);
const CANONICAL_MARKERS: Readonly<Partial<Record<MarkerKind, string>>> = {
  all: 'all',
  route: 'route',
  when: 'when',
  to: 'to',
  today: 'today',
  tomorrow: 'tomorrow',
  first: 'first',
  last: 'last',
  from: 'from',
  delete: 'delete',
  slow: 'slow',
  normal: 'normal',
  fast: 'fast',
};

/** A word -> the days it names; undefined for any other word. */
export type DayWords = (word: string) => readonly Weekday[] | undefined;

/** The days as the code writes them (formatDays: a button, a stored request): "weekdays", "mon,fri". */
export const canonicalDays: DayWords = (word) => CANONICAL_DAYS.get(word);

/** Case and accents aside: "Próxima" and "proxima" are one word, as riders type it on any keyboard. */
export function fold(word: string): string {
  // Most words riders type are plain ASCII: no accent to take off, no normalizing to pay for.
  const plain = ASCII.test(word) ? word : word.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain.toLowerCase().trim();
}

const ASCII = /^[\x20-\x7e]*$/;

/** A phrase without its punctuation and extra spaces: "Buenos días!" -> "buenos dias". */
function phrase(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** A table from words to meanings that refuses a word meaning two things (in two languages, most likely). */
class Meanings<T> {
  private readonly byWord = new Map<string, { value: T; where: string }>();
  constructor(
    private readonly what: string,
    private readonly problems: string[],
    private readonly key: (word: string) => string = fold,
  ) {}

  add(word: string, value: T, where: string): void {
    const key = this.key(word);
    const known = this.byWord.get(key);
    if (known === undefined) this.byWord.set(key, { value, where });
    else if (JSON.stringify(known.value) !== JSON.stringify(value))
      this.problems.push(`${where}: "${word}" means ${this.what}${String(value)}, but ${this.what}${String(known.value)} in ${known.where}`);
  }

  get(word: string): T | undefined {
    return this.byWord.get(this.key(word))?.value;
  }
}

/** Every language's words as one reader; throws, listing each word that means two things. */
export function typedWords(languages: readonly WordsOf[]): TypedWords {
  const problems: string[] = [];
  const commands = new Meanings<string>('the command ', problems);
  const days = new Meanings<readonly Weekday[]>('the days ', problems);
  const switches = new Meanings<'on' | 'off'>('', problems);
  const locales = new Meanings<Locale>('the language ', problems);
  const directions = new Meanings<Compass>('', problems, phrase);
  const topics = new Meanings<HelpTopic>('the help topic ', problems);
  const markers = new Map<MarkerKind, Set<string>>();
  const greetings = new Set<string>();
  const mark = (kind: MarkerKind, word: string) => markers.set(kind, (markers.get(kind) ?? new Set()).add(fold(word)));

  for (const [word, set] of CANONICAL_DAYS) days.add(word, set, 'the code');
  switches.add('on', 'on', 'the code');
  switches.add('off', 'off', 'the code');
  for (const [kind, word] of Object.entries(CANONICAL_MARKERS)) mark(kind as MarkerKind, word);

  for (const { locale, names, words, where } of languages) {
    for (const [command, list] of Object.entries(words.commands)) for (const name of list ?? []) commands.add(name, command, where);
    DAY_KEYS.forEach((key, day) => words.days[key].forEach((word) => days.add(word, [day as Weekday], where)));
    for (const set of ['daily', 'weekdays', 'weekends'] as const) words.days[set].forEach((word) => days.add(word, CANONICAL_DAY_SETS[set], where));
    for (const word of [...words.on, ...words.yes]) switches.add(word, 'on', where);
    for (const word of [...words.off, ...words.no]) switches.add(word, 'off', where);
    for (const name of [locale, ...names]) locales.add(name, locale, where);
    for (const [compass, list] of Object.entries(words.directions)) list.forEach((text) => directions.add(text, compass as Compass, where));
    for (const kind of ['all', 'route', 'when', 'at', 'minutes', 'to', 'today', 'tomorrow', 'first', 'last'] as const)
      words[kind].forEach((word) => mark(kind, word));
    for (const kind of ['from', 'delete'] as const) (words[kind] ?? []).forEach((word) => mark(kind, word));
    for (const kind of ['slow', 'normal', 'fast'] as const) (words.pace?.[kind] ?? []).forEach((word) => mark(kind, word));
    words.greetings.forEach((text) => greetings.add(phrase(text)));
    for (const [topic, list] of Object.entries(words.topics)) list.forEach((word) => topics.add(word, topic as HelpTopic, where));
  }
  if (problems.length > 0) throw new Error(`locales: words that mean two things:\n  ${problems.join('\n  ')}`);

  return {
    command: (name) => commands.get(name),
    greeting: (tokens) => tokens.length > 0 && tokens.length <= 3 && greetings.has(phrase(tokens.join(' '))),
    days: (word) => days.get(word),
    switch: (word) => switches.get(word),
    language: (word) => locales.get(word),
    direction: (text) => directions.get(text),
    // The canonical names (a button's value) read in any language, as the days' are.
    topic: (word) => topics.get(word) ?? (isHelpTopic(fold(word)) ? (fold(word) as HelpTopic) : undefined),
    is: (kind, word) => markers.get(kind)?.has(fold(word)) ?? false,
  };
}
