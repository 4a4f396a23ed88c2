import type { ChatRef } from '../domain/chat.js';
import type { ChatLifecycle, SavedStopsRepository, SubscriptionsRepository, WatchChanges } from '../domain/store-ports.js';

// Every write that may change what a chat watches (its saved stops, its subscriptions and their
// pauses, a refusal, a return, a move) told to whoever listens, once it settled: the disruption pushes read that chat again
// instead of the whole store. Told after a failure too: reading a chat again costs little, and
// a write that failed half-way is then seen as it is.

export function noticingWatchChanges(
  savedStops: SavedStopsRepository,
  subscriptions: SubscriptionsRepository,
  lifecycle: ChatLifecycle,
): WatchChanges & { savedStops: SavedStopsRepository; subscriptions: SubscriptionsRepository; lifecycle: ChatLifecycle } {
  const listeners = new Set<(chat: ChatRef) => void>();
  const tell = (...chats: ChatRef[]) => {
    for (const listener of listeners) for (const chat of chats) listener({ platform: chat.platform, chatId: chat.chatId });
  };
  /** The write, then the chats it touched told, whatever its outcome. */
  const told = async <R>(chats: ChatRef[], write: () => Promise<R>): Promise<R> => {
    try {
      return await write();
    } finally {
      tell(...chats);
    }
  };
  return {
    onWatchChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    savedStops: {
      list: (chat) => savedStops.list(chat),
      everySaved: () => savedStops.everySaved(),
      add: (chat, stop, max) => told([chat], () => savedStops.add(chat, stop, max)),
      remove: (chat, stopNo) => told([chat], () => savedStops.remove(chat, stopNo)),
    },
    subscriptions: {
      list: (chat) => subscriptions.list(chat),
      dueAt: (zone, local, at) => subscriptions.dueAt(zone, local, at),
      zones: () => subscriptions.zones(),
      every: () => subscriptions.every(),
      add: (sub, max) => told([sub.chat], () => subscriptions.add(sub, max)),
      remove: (chat, id) => told([chat], () => subscriptions.remove(chat, id)),
      setPaused: (chat, id, paused) => told([chat], () => subscriptions.setPaused(chat, id, paused)),
    },
    lifecycle: {
      refused: (chat) => told([chat], () => lifecycle.refused(chat)),
      returned: (chat) => told([chat], () => lifecycle.returned(chat)),
      moved: (from, to) => told([from, to], () => lifecycle.moved(from, to)),
    },
  };
}
