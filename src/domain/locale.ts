/**
 * A language the bot speaks: the name of its folder under locales/ ("en", "es", "pt-BR"). Which
 * ones exist is known only once the folders are read at start (core/languages), so the type is a
 * string, checked where one enters: a platform's language code, a /lang word, a stored choice.
 */
export type Locale = string;

/** What a locale's name looks like (a BCP-47 tag): a folder or a stored value of another shape is no language. */
export const LOCALE_SHAPE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
