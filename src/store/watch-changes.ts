import type { ChatRef } from '../domain/chat.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  SavedStopsRepository,
  SubscriptionsRepository,
  WatchChange,
  WatchChanges,
} from '../domain/store-ports.js';

// Every write that may change what a chat watches (its saved stops, its subscriptions and their
// pauses, a refusal, a return, a move) told to whoever listens, once it settled: the disruption
// pushes read that chat again instead of the whole store; and a chat's disruption pushes turned on
// (/disruptions on, a chat back from refusing the bot), so that it is offered what is active at
// once. Told after a failure too: reading a chat again costs little, and a write that failed
// half-way is then seen as it is.

export function noticingWatchChanges(
  savedStops: SavedStopsRepository,
  subscriptions: SubscriptionsRepository,
  lifecycle: ChatLifecycle,
  chats: ChatSettingsRepository,
): WatchChanges & {
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  lifecycle: ChatLifecycle;
  chats: ChatSettingsRepository;
} {
  const listeners = new Set<(chat: ChatRef, change: WatchChange) => void>();
  /** The write, then the chats it touched told, whatever its outcome. */
  const told = async <R>(touched: ChatRef[], write: () => Promise<R>, change: WatchChange = 'places'): Promise<R> => {
    try {
      return await write();
    } finally {
      for (const listener of listeners) for (const chat of touched) listener({ platform: chat.platform, chatId: chat.chatId }, change);
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
      // What a chat watches stays: only a walk's time changes.
      setWalk: (chat, id, walkSeconds) => subscriptions.setWalk(chat, id, walkSeconds),
    },
    lifecycle: {
      refused: (chat) => told([chat], () => lifecycle.refused(chat)),
      // Back: its places again, and its pushes on.
      returned: (chat) => told([chat], () => told([chat], () => lifecycle.returned(chat), 'pushes-on')),
      moved: (from, to) => told([from, to], () => lifecycle.moved(from, to)),
    },
    chats: {
      ...chats,
      setDisruptionPushes: (chat, setting) =>
        setting === 'on' ? told([chat], () => chats.setDisruptionPushes(chat, setting), 'pushes-on') : chats.setDisruptionPushes(chat, setting),
    },
  };
}
