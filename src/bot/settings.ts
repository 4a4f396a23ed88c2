import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import type { ChatContext } from './chat.js';
import type { Locale } from './core.js';

export interface SavedStop {
  stopNo: string;
  name?: string;
}

export const MAX_SAVED_STOPS = 20;

export type SaveOutcome = 'saved' | 'already' | 'full' | 'failed';

/** Per-chat memory (language, saved stops). A failing store never crashes a reply. */
export interface ChatSettings {
  /** undefined: never chosen, or the store could not be read (logged). */
  locale(chat: ChatContext): Promise<Locale | undefined>;
  setLocale(chat: ChatContext, locale: Locale): Promise<boolean>;
  /** undefined: the store could not be read (logged), as opposed to [] (nothing saved). */
  savedStops(chat: ChatContext): Promise<SavedStop[] | undefined>;
  saveStop(chat: ChatContext, stop: SavedStop): Promise<SaveOutcome>;
}

// Keys carry the platform so a Telegram chat and a Discord channel with the same id never meet;
// the Keyv itself adds the store-wide namespace.
export const chatKey = (chat: ChatContext, what: 'lang' | 'stops') => `chat:${chat.platform}:${chat.chatId}:${what}`;

export function createChatSettings(store: Keyv, logger?: Logger): ChatSettings {
  async function read<T>(chat: ChatContext, what: 'lang' | 'stops'): Promise<{ ok: true; value: T | undefined } | { ok: false }> {
    try {
      return { ok: true, value: (await store.get(chatKey(chat, what))) as T | undefined };
    } catch (err) {
      logger?.warn({ err, platform: chat.platform, what }, 'store read failed; using defaults');
      return { ok: false };
    }
  }

  async function write(chat: ChatContext, what: 'lang' | 'stops', value: unknown): Promise<boolean> {
    try {
      await store.set(chatKey(chat, what), value);
      return true;
    } catch (err) {
      logger?.warn({ err, platform: chat.platform, what }, 'store write failed');
      return false;
    }
  }

  return {
    async locale(chat) {
      const result = await read<string>(chat, 'lang');
      return result.ok && (result.value === 'en' || result.value === 'fr') ? result.value : undefined;
    },
    setLocale: (chat, locale) => write(chat, 'lang', locale),
    async savedStops(chat) {
      const result = await read<SavedStop[]>(chat, 'stops');
      if (!result.ok) return undefined;
      return Array.isArray(result.value) ? result.value : [];
    },
    async saveStop(chat, stop) {
      // Never write after a failed read: an empty list would overwrite the stops already saved.
      const current = await this.savedStops(chat);
      if (current === undefined) return 'failed';
      if (current.some((s) => s.stopNo === stop.stopNo)) return 'already';
      if (current.length >= MAX_SAVED_STOPS) return 'full';
      return (await write(chat, 'stops', [...current, stop])) ? 'saved' : 'failed';
    },
  };
}
