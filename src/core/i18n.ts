import { readFileSync } from 'node:fs';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { LOCALES, type Locale } from '../domain/locale.js';

export { LOCALES };

export type MessageArgs = Record<string, string | number>;

/**
 * Looks up "id" or "id.attribute" in one locale. An id the locale lacks (a bug: the tests check
 * every id the source uses) reads as the generic failure in that language, never as the raw id.
 */
export type Translate = (locale: Locale, id: string, args?: MessageArgs) => string;

/** What a rider reads in place of a message the locale file lacks. */
export const MISSING_MESSAGE_FALLBACK = 'error-internal';

export interface TranslatorOptions {
  /** Told of each id a locale lacks, e.g. to log it; whatever it throws is ignored. */
  onMissing?: (id: string, locale: Locale) => void;
}

const LOCALES_DIR = new URL('../../locales/', import.meta.url);

export function localeFile(locale: Locale): URL {
  return new URL(`${locale}.ftl`, LOCALES_DIR);
}

function loadBundle(locale: Locale): FluentBundle {
  // Bidi isolation marks would leak into plain-text replies and break copy-paste of commands.
  const bundle = new FluentBundle(locale === 'fr' ? 'fr-CA' : 'en-CA', { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(readFileSync(localeFile(locale), 'utf8')));
  if (errors.length > 0) throw new Error(`locales/${locale}.ftl: ${errors.map(String).join('; ')}`);
  if (!bundle.getMessage(MISSING_MESSAGE_FALLBACK)?.value) throw new Error(`locales/${locale}.ftl: no ${MISSING_MESSAGE_FALLBACK} message`);
  return bundle;
}

/** Reads both locale files once (at creation, not at import) and formats messages from them. */
export function createTranslator(options: TranslatorOptions = {}): Translate {
  const bundles = new Map(LOCALES.map((locale) => [locale, loadBundle(locale)] as const));
  const missing = (id: string, locale: Locale) => {
    try {
      options.onMissing?.(id, locale);
    } catch {
      // A failing hook must not turn a missing message into no reply at all.
    }
  };
  return (locale, id, args) => {
    const known = bundles.has(locale) ? locale : 'en';
    const bundle = bundles.get(known)!;
    const [messageId = id, attribute] = id.split('.', 2);
    const message = bundle.getMessage(messageId);
    const found = attribute === undefined ? message?.value : message?.attributes[attribute];
    if (!found) missing(id, known);
    const pattern = found || bundle.getMessage(MISSING_MESSAGE_FALLBACK)!.value!;
    // Formatting errors (a missing variable) still yield text; collecting them keeps it from throwing.
    const errors: Error[] = [];
    return bundle.formatPattern(pattern, args, errors);
  };
}

/** The platform's language code ("fr-CA", "fr_CA.UTF-8") to a locale we speak. */
export function localeFromCode(code: unknown): Locale {
  return typeof code === 'string' && /^fr/i.test(code.trim()) ? 'fr' : 'en';
}
