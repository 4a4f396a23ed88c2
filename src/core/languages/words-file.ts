import { z } from 'zod';
import { LOCALE_SHAPE } from '../../domain/locale.js';

// locales/<lang>/words.json: what riders of one language type, and what the platforms call the
// language. JSON checked here rather than Fluent terms: these are lists of words (a day has
// several names, a command several aliases), which Fluent has no type for, and a wrong key or a
// missing list is refused at start with its path ("es/words.json: days.monday: ...").

const word = z.string().trim().min(1).max(40);
const words = z.array(word);
const someWords = words.min(1);

/** A name Telegram's menu and Discord's slash commands both accept: the first name of each command. */
const MENU_NAME = /^[a-z0-9_]{1,32}$/;

const language = z.strictObject({
  /** Its name in itself, as a language picker shows it: "Español". */
  name: word,
  /** The BCP-47 tag Intl and Fluent format with (plurals, numbers): "fr-CA", "es". */
  tag: z.string().regex(LOCALE_SHAPE, 'a BCP-47 tag such as "es" or "fr-CA"'),
  /** What riders may type to choose it with /lang, in any language, besides its folder's name. */
  names: words,
  /** Discord's locale codes it answers ("es-ES", "es-419"): its command names and descriptions there. */
  discord: z.array(z.string().regex(/^[a-z]{2}(?:-[A-Za-z0-9]{2,3})?$/, 'a Discord locale such as "fr" or "es-419"')),
  /** Telegram's language codes it answers (ISO 639-1, "es"): the command menu shown to those clients. */
  telegram: z.array(z.string().regex(/^[a-z]{2}$/, 'a two-letter code such as "es"')),
});

const days = z.strictObject({
  sunday: someWords,
  monday: someWords,
  tuesday: someWords,
  wednesday: someWords,
  thursday: someWords,
  friday: someWords,
  saturday: someWords,
  daily: words,
  weekdays: words,
  weekends: words,
});

/** Each command's names, the first shown in menus (Telegram's and Discord's), every one read when typed. */
function commandsOf(commandNames: readonly string[]) {
  const names = someWords.refine((list) => MENU_NAME.test(list[0]!), 'the first name is shown in menus: lower-case a-z, 0-9 or _');
  return z.partialRecord(z.enum(commandNames as [string, ...string[]]), names);
}

/** The words file of one language; `commandNames` are the commands it may name (the command table's). */
export function wordsFileSchema(commandNames: readonly string[]) {
  return z.strictObject({
    language,
    commands: commandsOf(commandNames),
    /** Day names and their short forms; daily, weekdays, weekends: the sets riders name in one word. */
    days,
    /** Turning something on or off (/disruptions off), yes and no count as on and off. */
    on: words,
    off: words,
    yes: words,
    no: words,
    /** Every one of a chat's alerts (/unsubscribe all). */
    all: words,
    /** "route 95": the word before a route number where the number alone could be a stop. */
    route: words,
    /** "when 5 min": before how near a bus must be for an alert. */
    when: words,
    /** "at 07:30": the little word before a time, which says nothing more. */
    at: words,
    /** "to Orléans": before the way a near alert's bus goes (its heading, its destination). */
    to: words,
    /** "5 min": the unit after a number of minutes. */
    minutes: words,
    /** Greetings answered as /start is ("hola", "buenos días"), up to three words each. */
    greetings: words,
    /** How a feed in this language names a compass direction ("Northbound", "direction nord"): said in the rider's words. */
    directions: z.strictObject({ north: words, south: words, east: words, west: words }),
    /** What riders type after /help for one group of commands ("/aide alertes"). */
    topics: z.strictObject({ arrivals: words, stops: words, alerts: words, trip: words, settings: words }),
  });
}

export type WordsFile = z.infer<ReturnType<typeof wordsFileSchema>>;
export type Compass = keyof WordsFile['directions'];
export type DayKey = keyof WordsFile['days'];
