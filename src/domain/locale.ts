/** The languages the bot speaks; the locale files are named after them. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
