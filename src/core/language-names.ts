import type { Locale } from '../domain/locale.js';

// A Map, not an object: "/lang constructor" must not find Object.prototype.constructor.
const LANGUAGES = new Map<string, Locale>([
  ['en', 'en'],
  ['english', 'en'],
  ['anglais', 'en'],
  ['fr', 'fr'],
  ['french', 'fr'],
  ['français', 'fr'],
  ['francais', 'fr'],
]);

/** "fr", "French", "français" -> the locale; anything else -> undefined. */
export function languageNamed(name: string): Locale | undefined {
  return LANGUAGES.get(name.trim().toLowerCase());
}
