import type { Logger } from '../log.js';
import type { ChatSettingsRepository } from '../domain/store-ports.js';
import type { Locale } from '../domain/locale.js';
import type { ChatContext } from './chat-context.js';
import type { Languages } from './languages/load.js';

/**
 * The chat's language: its /lang choice; else the platform's language code, remembered when first
 * seen (and when it changes) so that a push days later, which has no code, speaks it; else
 * what was remembered; else the default language. A failing store never stops a reply: the code
 * still counts. A stored language whose folder is gone gives way to the platform's code, else the
 * default.
 */
export function chatLanguage(chats: ChatSettingsRepository, languages: Languages, logger?: Logger) {
  const fallback = languages.default.locale;
  return async function languageOf(chat: ChatContext): Promise<Locale> {
    const seen = typeof chat.languageCode === 'string' && chat.languageCode.trim() !== '' ? languages.fromCode(chat.languageCode) : undefined;
    let stored;
    try {
      stored = await chats.language(chat);
    } catch (err) {
      logger?.warn({ err, platform: chat.platform }, 'could not read the chat language; using the platform language');
      return seen ?? fallback;
    }
    // Nothing written: a choice comes back with its folder.
    if (stored !== undefined && languages.get(stored.locale) === undefined) return seen ?? fallback;
    if (stored?.chosen) return stored.locale;
    if (seen === undefined) return stored?.locale ?? fallback;
    if (stored?.locale !== seen) {
      await chats.setLanguage(chat, { locale: seen, chosen: false }).catch((err: unknown) => {
        logger?.warn({ err, platform: chat.platform }, 'could not remember the chat language');
      });
    }
    return seen;
  };
}
