// Where a chat's records live. Keys carry the platform so a Telegram chat and a Discord channel
// with the same id never meet; the Keyv adds the store-wide namespace.
import type { ChatRef } from './ports.js';

const chatKey = (chat: ChatRef) => `chat:${chat.platform}:${chat.chatId}`;

/** {locale, chosen}; before LanguageChoice, the bare locale string. */
export const languageKey = (chat: ChatRef) => `${chatKey(chat)}:lang`;
