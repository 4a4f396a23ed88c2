import type { Clock } from '../domain/clock.js';
import type { ChatRef } from '../domain/chat.js';

/** Where a chat last said it was, for "nearest first" while it is fresh. */
export interface RiderPlaces {
  remember(chat: ChatRef, place: { lat: number; lon: number }): void;
  /** The chat's place if it was shared within the last half hour. */
  recent(chat: ChatRef): { lat: number; lon: number } | undefined;
}

const FRESH_MS = 30 * 60_000;
const MAX_CHATS = 10_000;

// Kept in memory only, never stored: a rider's whereabouts are not worth a record that outlives
// the trip, and a restart forgetting them costs only the ordering of a few buttons.
export function riderPlaces(now: Clock): RiderPlaces {
  const places = new Map<string, { lat: number; lon: number; atMs: number }>();
  const keyOf = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;
  return {
    remember(chat, { lat, lon }) {
      const key = keyOf(chat);
      places.delete(key);
      // The oldest entry goes first: a Map iterates in insertion order.
      if (places.size >= MAX_CHATS) places.delete(places.keys().next().value!);
      places.set(key, { lat, lon, atMs: now().getTime() });
    },
    recent(chat) {
      const place = places.get(keyOf(chat));
      if (place === undefined || now().getTime() - place.atMs > FRESH_MS) return undefined;
      return { lat: place.lat, lon: place.lon };
    },
  };
}
