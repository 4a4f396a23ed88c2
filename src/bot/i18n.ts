import { readFileSync } from 'node:fs';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { LOCALES, type Locale } from '../domain/locale.js';

export { LOCALES };

export type MessageArgs = Record<string, string | number>;

/** Looks up "id" or "id.attribute" in one locale; unknown ids come back as the id itself. */
export type Translate = (locale: Locale, id: string, args?: MessageArgs) => string;

const LOCALES_DIR = new URL('../../locales/', import.meta.url);

export function localeFile(locale: Locale): URL {
  return new URL(`${locale}.ftl`, LOCALES_DIR);
}

function loadBundle(locale: Locale): FluentBundle {
  // Bidi isolation marks would leak into plain-text replies and break copy-paste of commands.
  const bundle = new FluentBundle(locale === 'fr' ? 'fr-CA' : 'en-CA', { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(readFileSync(localeFile(locale), 'utf8')));
  if (errors.length > 0) throw new Error(`locales/${locale}.ftl: ${errors.map(String).join('; ')}`);
  return bundle;
}

/** Reads both locale files once (at creation, not at import) and formats messages from them. */
export function createTranslator(): Translate {
  const bundles = new Map(LOCALES.map((locale) => [locale, loadBundle(locale)] as const));
  return (locale, id, args) => {
    const bundle = bundles.get(locale) ?? bundles.get('en')!;
    const [messageId = id, attribute] = id.split('.', 2);
    const message = bundle.getMessage(messageId);
    const pattern = attribute === undefined ? message?.value : message?.attributes[attribute];
    if (!pattern) return id;
    // Formatting errors (a missing variable) still yield text; collecting them keeps it from throwing.
    const errors: Error[] = [];
    return bundle.formatPattern(pattern, args, errors);
  };
}

/** The platform's language code ("fr-CA", "fr_CA.UTF-8") to a locale we speak. */
export function localeFromCode(code: unknown): Locale {
  return typeof code === 'string' && /^fr/i.test(code.trim()) ? 'fr' : 'en';
}
