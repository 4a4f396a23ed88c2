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

/** The chats that said /place home and whose next shared location is that place. */
export interface AwaitedPlaces {
  expect(chat: ChatRef, name: string): void;
  /** The name awaited, once (a second location is a location again); undefined past 10 minutes. */
  take(chat: ChatRef): string | undefined;
}

const AWAIT_MS = 10 * 60_000;

// Memory only, never stored: a restart between the two messages, or a fleet whose webhook hands
// the location to another instance, answers it with the stops near it, and the rider says
// /place home again or types the place's coordinates (/place home 45.42,-75.69).
export function awaitedPlaces(now: Clock): AwaitedPlaces {
  const names = new Map<string, { name: string; atMs: number }>();
  const keyOf = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;
  return {
    expect(chat, name) {
      if (names.size >= MAX_CHATS) names.delete(names.keys().next().value!);
      names.set(keyOf(chat), { name, atMs: now().getTime() });
    },
    take(chat) {
      const key = keyOf(chat);
      const awaited = names.get(key);
      names.delete(key);
      return awaited !== undefined && now().getTime() - awaited.atMs <= AWAIT_MS ? awaited.name : undefined;
    },
  };
}
