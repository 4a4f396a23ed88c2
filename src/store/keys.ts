// Where a chat's records live. Keys carry the platform so a Telegram chat and a Discord channel
// with the same id never meet; the Keyv adds the store-wide namespace.
import type { ChatRef } from '../domain/chat.js';

const chatKey = (chat: ChatRef) => `chat:${chat.platform}:${chat.chatId}`;

/** {locale, chosen} (the bare locale stores held before it was rewritten at open: migrations/). */
export const languageKey = (chat: ChatRef) => `${chatKey(chat)}:lang`;

/** One saved stop per slot, taken with a claim: JSON text {stopNo, name?, savedAt}. */
export const stopSlotKey = (chat: ChatRef, slot: number) => `${chatKey(chat)}:stops:slot:${slot}`;

/** Held for a moment while one stop is being saved, so that two saves of it cannot both land. */
export const stopSavingKey = (chat: ChatRef, stopNo: string) => `${chatKey(chat)}:stops:saving:${stopNo}`;

/** Held for a moment while a stop is being saved under a name, so that two stops cannot take it. */
export const stopNamingKey = (chat: ChatRef, label: string) => `${chatKey(chat)}:stops:naming:${label}`;

/** The IANA zone the chat's alert times are read in. */
export const timeZoneKey = (chat: ChatRef) => `${chatKey(chat)}:tz`;

/** 'off' (the chat said so), 'refused' (its platform did), 'on'; absent (every earlier version): on. */
export const disruptionPushesKey = (chat: ChatRef) => `${chatKey(chat)}:disruption-pushes`;

/** The places the chat leaves from: {places: [{name, lat, lon}]}, in the order first saved. */
export const placesKey = (chat: ChatRef) => `${chatKey(chat)}:places`;

/** The place name a chat's next shared location is for (/place home), for a few minutes. */
export const awaitedPlaceKey = (chat: ChatRef) => `${chatKey(chat)}:place-awaited`;

/** How fast the chat walks: 'slow', 'normal' or 'fast'; absent: normal. */
export const walkPaceKey = (chat: ChatRef) => `${chatKey(chat)}:walk`;
