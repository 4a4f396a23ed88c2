import { COMMAND_SPECS } from '../commands/index.js';
import type { Locale } from '../../domain/locale.js';
import { loadLanguages, type Languages } from './load.js';

/** locales/ beside src/ (and dist/): the same depth in both, so `npm start` from dist/ finds it. */
const PACKAGE_LOCALES = new URL('../../../locales/', import.meta.url);

let loaded: Languages | undefined;

/** The package's languages, read on first use and kept: a language is a folder present at start. */
export function packageLanguages(): Languages {
  loaded ??= loadLanguages(
    PACKAGE_LOCALES,
    COMMAND_SPECS.map((spec) => spec.name),
  );
  return loaded;
}

/** A platform's language code ("fr-CA"; none) -> the package's language spoken closest to it, else the default. */
export function localeFromCode(code: unknown): Locale {
  return packageLanguages().fromCode(code);
}
