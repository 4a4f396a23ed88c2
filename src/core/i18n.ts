import { FluentBundle, FluentResource } from '@fluent/bundle';
import type { Locale } from '../domain/locale.js';
import type { Language, Languages } from './languages/load.js';

export type MessageArgs = Record<string, string | number>;

/**
 * Looks up "id" or "id.attribute" in one locale. An id the locale lacks reads as the default
 * language's message; one no language has (a bug: the tests check every id the source uses) as
 * the generic failure in the rider's language, never as the raw id.
 */
export type Translate = (locale: Locale, id: string, args?: MessageArgs) => string;

/** What a rider reads in place of a message the locale files lack. */
export const MISSING_MESSAGE_FALLBACK = 'error-internal';

export interface TranslatorOptions {
  /** Told of each id a locale lacks, e.g. to log it; whatever it throws is ignored. */
  onMissing?: (id: string, locale: Locale) => void;
}

function loadBundle(language: Language): FluentBundle {
  // Bidi isolation marks would leak into plain-text replies and break copy-paste of commands.
  const bundle = new FluentBundle(language.tag, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(language.messages));
  const file = `locales/${language.locale}/messages.ftl`;
  if (errors.length > 0) throw new Error(`${file}: ${errors.map(String).join('; ')}`);
  if (!bundle.getMessage(MISSING_MESSAGE_FALLBACK)?.value) throw new Error(`${file}: no ${MISSING_MESSAGE_FALLBACK} message`);
  return bundle;
}

/**
 * What every message may say of the languages themselves: their names ("English, français") and
 * their codes ("en|fr"), so that /lang's words list the folders present without naming any.
 */
function languageWords(languages: Languages): MessageArgs {
  return {
    languages: languages.all.map((language) => language.name).join(', '),
    languageCodes: languages.all.map((language) => language.locale).join('|'),
  };
}

/**
 * A command a message names through its arguments (`command`, an `example` starting "/next") is
 * said by the name the rider's language gives it: "/prochain 3017 95" in French. Both are read.
 */
function commandsIn(languages: Languages, locale: Locale, args: MessageArgs): MessageArgs {
  const said = { ...args };
  if (typeof args.command === 'string') said.command = languages.menuName(locale, args.command);
  if (typeof args.example === 'string')
    said.example = args.example.replace(/^\/([a-z]+)(?=\s|$)/, (whole, name: string) => `/${languages.menuName(locale, name)}`);
  return said;
}

/** Reads every language's messages once (at creation, not at import) and formats messages from them. */
export function createTranslator(languages: Languages, options: TranslatorOptions = {}): Translate {
  const bundles = new Map(languages.all.map((language) => [language.locale, loadBundle(language)] as const));
  const fallback = bundles.get(languages.default.locale)!;
  const spoken = languageWords(languages);
  const missing = (id: string, locale: Locale) => {
    try {
      options.onMissing?.(id, locale);
    } catch {
      // A failing hook must not turn a missing message into no reply at all.
    }
  };
  const find = (bundle: FluentBundle, id: string) => {
    const [messageId = id, attribute] = id.split('.', 2);
    const message = bundle.getMessage(messageId);
    const pattern = attribute === undefined ? message?.value : message?.attributes[attribute];
    return pattern ? { bundle, pattern } : undefined;
  };
  return (locale, id, args) => {
    // A locale whose folder is gone speaks the default language.
    const known = bundles.has(locale) ? locale : languages.default.locale;
    const bundle = bundles.get(known)!;
    const found = find(bundle, id);
    if (found === undefined) missing(id, known);
    const { bundle: from, pattern } = found ?? find(fallback, id) ?? find(bundle, MISSING_MESSAGE_FALLBACK)!;
    // Formatting errors (a missing variable) still yield text; collecting them keeps it from throwing.
    const errors: Error[] = [];
    return from.formatPattern(pattern, { ...spoken, ...commandsIn(languages, known, args ?? {}) }, errors);
  };
}
