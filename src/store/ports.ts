// What the rest of the bot may ask of storage. Handlers, adapters and the scheduler see these
// small interfaces; src/store/ implements them over keyv (SQLite by default, Redis when set), and
// tests may pass fakes. Every method rejects (with StoreError) when the backend fails, so a caller
// can tell "nothing stored" from "could not read" and never overwrites what it did not see.

export type Platform = 'telegram' | 'discord' | 'console';
export type Locale = 'en' | 'fr';

/** A chat on one platform; a Telegram chat and a Discord channel with the same id never meet. */
export interface ChatRef {
  platform: Platform;
  chatId: string;
}

/** A chat's language: chosen with /lang, or taken from the platform's language code when first seen. */
export interface LanguageChoice {
  locale: Locale;
  chosen: boolean;
}

export interface ChatSettingsRepository {
  /** undefined: this chat was never seen. */
  language(chat: ChatRef): Promise<LanguageChoice | undefined>;
  setLanguage(chat: ChatRef, choice: LanguageChoice): Promise<void>;
}

export interface SavedStop {
  stopNo: string;
  /** The stop's name as the transit source gave it when saved. */
  name?: string;
}

export type SaveOutcome = 'saved' | 'already' | 'full';

export interface SavedStopsRepository {
  /** In the order they were saved. */
  list(chat: ChatRef): Promise<SavedStop[]>;
  /** Atomic: two concurrent adds (two processes on one store included) both land, or one says 'full'. */
  add(chat: ChatRef, stop: SavedStop, max: number): Promise<SaveOutcome>;
  /** false: it was not saved. */
  remove(chat: ChatRef, stopNo: string): Promise<boolean>;
}

/**
 * "Set this key if absent, with a time to live": whoever wins a claim does the work (sends an
 * alert, takes a slot). Redis: SET key value NX PX ttl; SQLite: INSERT ... ON CONFLICT DO NOTHING
 * (an expired row counts as absent).
 */
export interface Claims {
  /** true: this caller set the key; false: it was already held. ttlMs absent: held until released. */
  claim(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** The value a live claim holds, or undefined. */
  holder(key: string): Promise<string | undefined>;
  release(key: string): Promise<void>;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
}
