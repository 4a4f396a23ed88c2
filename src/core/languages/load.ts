import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { LOCALE_SHAPE, type Locale } from '../../domain/locale.js';
import { typedWords, type TypedWords } from './typed-words.js';
import { wordsFileSchema, type WordsFile } from './words-file.js';

/** One folder under locales/: what its riders read (messages.ftl) and type (words.json). */
export interface Language {
  locale: Locale;
  /** Its name in itself ("Español"). */
  name: string;
  /** The BCP-47 tag Intl and Fluent format with ("fr-CA"). */
  tag: string;
  /** Discord's locale codes it answers ("es-ES", "es-419"). */
  discord: readonly string[];
  /** Telegram's language codes it answers ("es"). */
  telegram: readonly string[];
  /** The text of its messages.ftl, which the translator reads. */
  messages: string;
  words: WordsFile;
}

/** The languages the bot speaks: the folders under locales/, read once at start. */
export interface Languages {
  /** Every language, the default first. */
  readonly all: readonly Language[];
  /** The language of a chat whose platform names none the bot speaks (locales/languages.json). */
  readonly default: Language;
  get(locale: string): Language | undefined;
  /** A platform's language code ("es-419", "fr_CA.UTF-8", Discord's "es-ES") -> the language spoken, else the default. */
  fromCode(code: unknown): Locale;
  /** A command's name in menus in one language: its first name in the words file, else the command's own. */
  menuName(locale: Locale, command: string): string;
  /** What riders type, in every language at once. */
  readonly typed: TypedWords;
}

const Settings = z.strictObject({
  /** The folder spoken when nothing says which: its words name the base slash commands and menus. */
  default: z.string(),
});

/**
 * Reads every folder of `dir` (locales/) and locales/languages.json; `commandNames` are the
 * commands a words file may name. Throws one error listing every problem found.
 */
export function loadLanguages(dir: URL, commandNames: readonly string[]): Languages {
  const problems: string[] = [];
  const schema = wordsFileSchema(commandNames);
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const languages: Language[] = [];
  for (const locale of folders) {
    if (!LOCALE_SHAPE.test(locale)) {
      problems.push(`${locale}/: a language's folder is named by its tag, such as "es" or "pt-BR"`);
      continue;
    }
    const messages = readText(new URL(`${locale}/messages.ftl`, dir), `${locale}/messages.ftl`, problems);
    const json = readJson(new URL(`${locale}/words.json`, dir), `${locale}/words.json`, problems);
    if (messages === undefined || json === undefined) continue;
    const words = schema.safeParse(json);
    if (!words.success) {
      problems.push(...words.error.issues.map((issue) => `${locale}/words.json: ${issue.path.join('.') || 'the file'}: ${issue.message}`));
      continue;
    }
    const { name, tag, discord, telegram } = words.data.language;
    languages.push({ locale, name, tag, discord, telegram, messages, words: words.data });
  }
  const json = readJson(new URL('languages.json', dir), 'languages.json', problems);
  const settings = json === undefined ? undefined : Settings.safeParse(json);
  if (settings?.success === false) problems.push('languages.json: expected { "default": "<a folder\'s name>" }');
  const fallback = settings?.success ? languages.find((language) => language.locale === settings.data.default) : undefined;
  if (settings?.success && fallback === undefined) problems.push(`languages.json: default "${settings.data.default}" is not one of the folders read`);
  if (problems.length > 0 || fallback === undefined) throw new Error(`locales (${dir.pathname}):\n  ${problems.join('\n  ')}`);
  return languagesOf([fallback, ...languages.filter((language) => language !== fallback)]);
}

function languagesOf(all: readonly [Language, ...Language[]]): Languages {
  const [fallback] = all;
  const byLocale = new Map(all.map((language) => [language.locale, language]));
  // A code names a language by its folder, its tag or a platform's code for it; else by its first
  // part ("es-MX": es). The default, then the folders in order, win a code two of them claim.
  const byCode = new Map<string, Locale>();
  const byPrimary = new Map<string, Locale>();
  for (const language of all)
    for (const code of [language.locale, language.tag, ...language.discord, ...language.telegram].map((one) => one.toLowerCase())) {
      if (!byCode.has(code)) byCode.set(code, language.locale);
      if (!byPrimary.has(primary(code))) byPrimary.set(primary(code), language.locale);
    }
  const typed = typedWords(
    all.map((language) => ({
      locale: language.locale,
      names: [language.name, ...language.words.language.names],
      words: language.words,
      where: `${language.locale}/words.json`,
    })),
  );
  return {
    all,
    default: fallback,
    typed,
    get: (locale) => byLocale.get(locale),
    fromCode(code) {
      if (typeof code !== 'string') return fallback.locale;
      // "fr_CA.UTF-8" (a terminal's LANG), "es-419" (Discord), "pt-br" (Telegram).
      const tag = code
        .trim()
        .replace(/[.@].*$/, '')
        .replaceAll('_', '-')
        .toLowerCase();
      if (tag === '') return fallback.locale;
      return byCode.get(tag) ?? byPrimary.get(primary(tag)) ?? fallback.locale;
    },
    menuName: (locale, command) => byLocale.get(locale)?.words.commands[command]?.[0] ?? command,
  };
}

function primary(code: string): string {
  return code.split('-')[0]!;
}

function readText(file: URL, name: string, problems: string[]): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    problems.push(`${name}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : String(err)}`);
    return undefined;
  }
}

function readJson(file: URL, name: string, problems: string[]): unknown {
  const text = readText(file, name, problems);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    problems.push(`${name}: ${(err as Error).message}`);
    return undefined;
  }
}
