// Before LanguageChoice a chat's language key held the bare locale, written only by /lang: a
// choice. Each such record is rewritten as { locale, chosen: true }; any other value is left for
// the reader to find (it logs it and reads the chat as never seen).
import { decode } from '../records.js';
import type { RecordsMigration } from './migration.js';

/** The locales of the versions that stored them bare. */
const BARE = new Set(['en', 'fr']);

export const languageChoices: RecordsMigration = {
  version: 2,
  name: 'bare locales as language choices',
  async record({ backend }, key, raw) {
    if (!key.endsWith(':lang')) return;
    const stored = await decode(backend.keyv, raw);
    if (stored.state === 'present' && typeof stored.value === 'string' && BARE.has(stored.value))
      await backend.keyv.set(key, { locale: stored.value, chosen: true });
  },
};
