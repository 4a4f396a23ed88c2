// Hand-written stand-ins for the bot core's dependencies: a transit client answering from tables,
// an in-memory store, a fixed clock and a tiny stop index.
import type { ChatContext } from '../../src/core/chat-context.js';
import { isSubscriptionDue, type Subscription } from '../../src/domain/subscription.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  DisruptionPushSetting,
  LanguageChoice,
  SavedStop,
  SavedStopsRepository,
  SubscriptionsRepository,
} from '../../src/domain/store-ports.js';
import type { ChatRef } from '../../src/domain/chat.js';
import { StoreError } from '../../src/domain/store-ports.js';
import { V12_IDENTIFIERS } from '../../src/sources/octranspo-v12/identifiers.js';
import type { NearbyStop, StopIndex, StopInfo } from '../../src/domain/stop-index.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { BusType, RouteArrivals, StopArrivals, Trip } from '../../src/domain/arrivals.js';
import type { SourceProfile, StopDetails, TransitSource } from '../../src/domain/transit-source.js';

/** 08:05 in Ottawa (EST, UTC-5), a Saturday in November. */
export const NOW = new Date('2026-11-21T13:05:00Z');
export const clock = () => NOW;

export const plainBus: BusType = { raw: '4E', length: 40, doubleDecker: false, lowFloor: true, bikeRack: false, hybrid: false };

export function trip(minutesAway: number, extra: Partial<Trip> = {}): Trip {
  return { destination: 'Barrhaven Centre', startTime: '07:50', minutesAway, trust: 'scheduled', lastTrip: false, bus: plainBus, ...extra };
}

export function route(routeNo: string, trips: Trip[], extra: Partial<RouteArrivals> = {}): RouteArrivals {
  return { routeNo, directionId: 0, direction: 'Westbound', heading: 'Barrhaven Centre', trips, ...extra };
}

export function stopArrivals(routes: RouteArrivals[], stopNo = '3017', stopName = "TUNNEY'S PASTURE"): StopArrivals {
  return { stopNo, stopName, timeZone: 'America/Toronto', routes };
}

type Answer<T> = T | TransitError | (() => T | Promise<T>);

/** Runs `step` as an async function would (a throw becomes a rejection), with nothing to await. */
export function settle<T>(step: () => T | PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(step()));
}

/** OC Transpo's words, as the v1.2 source says them. */
export const OTTAWA_PROFILE: SourceProfile = {
  agencies: ['OC Transpo'],
  timeZone: 'America/Toronto',
  examples: { stop: '3017', route: '95', name: 'rideau' },
  stopDigits: 4,
  vehicles: 'bus',
};

/** Each call is answered from a table keyed by stop (and route); anything else is an unknown stop. */
export interface FakeTransit extends TransitSource {
  calls: string[];
}

export function fakeTransit(tables: {
  next?: Record<string, Answer<StopArrivals>>;
  all?: Record<string, Answer<StopArrivals>>;
  summary?: Record<string, Answer<StopArrivals>>;
  details?: Record<string, Answer<StopDetails>>;
  profile?: SourceProfile;
}): FakeTransit {
  const calls: string[] = [];
  function answer<T>(table: Record<string, Answer<T>> | undefined, key: string): Promise<T> {
    return settle(() => {
      calls.push(key);
      const entry = table?.[key];
      if (entry === undefined) throw new TransitError('unknown-stop', 'no such stop', { code: 10 });
      if (entry instanceof TransitError) throw entry;
      return typeof entry === 'function' ? (entry as () => T | Promise<T>)() : entry;
    });
  }
  return {
    calls,
    identifiers: V12_IDENTIFIERS,
    nextTrips: (stopNo, routeNo) => answer(tables.next, `next ${stopNo} ${routeNo}`),
    nextTripsAllRoutes: (stopNo) => answer(tables.all, `all ${stopNo}`),
    routeSummary: (stopNo) => answer(tables.summary, `summary ${stopNo}`),
    stopDetails: (stopNo) => answer(tables.details, `details ${stopNo}`),
    profile: () => tables.profile ?? OTTAWA_PROFILE,
  };
}

/** The core's repositories in memory: each operation is one synchronous step, so atomic as required. */
export interface MemoryStores {
  chats: ChatSettingsRepository & { languages: Map<string, LanguageChoice> };
  savedStops: SavedStopsRepository & { lists: Map<string, SavedStop[]> };
  subscriptions: SubscriptionsRepository & { all: Map<string, Subscription> };
  lifecycle: ChatLifecycle;
}

const keyOf = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;

export function memoryStores(): MemoryStores {
  const languages = new Map<string, LanguageChoice>();
  const zones = new Map<string, string>();
  const lists = new Map<string, SavedStop[]>();
  const all = new Map<string, Subscription>();
  const pushes = new Map<string, DisruptionPushSetting>();
  const ofChat = (chat: ChatRef) => [...all.values()].filter((s) => keyOf(s.chat) === keyOf(chat));
  const find = (chat: ChatRef, id: string) => all.get(`${keyOf(chat)}:${id}`);
  return {
    chats: {
      languages,
      language: (chat) => settle(() => languages.get(keyOf(chat))),
      setLanguage: (chat, choice) => settle(() => void languages.set(keyOf(chat), choice)),
      timeZone: (chat) => settle(() => zones.get(keyOf(chat))),
      setTimeZone: (chat, zone) => settle(() => void zones.set(keyOf(chat), zone)),
      disruptionPushes: (chat) => settle(() => pushes.get(keyOf(chat)) ?? 'on'),
      setDisruptionPushes: (chat, setting) => settle(() => void pushes.set(keyOf(chat), setting)),
    },
    savedStops: {
      lists,
      async *everySaved() {
        for (const [key, list] of await settle(() => [...lists])) {
          const at = key.indexOf(':');
          const chat = { platform: key.slice(0, at), chatId: key.slice(at + 1) };
          for (const stop of list) yield { chat, stopNo: stop.stopNo };
        }
      },
      list: (chat) => settle(() => [...(lists.get(keyOf(chat)) ?? [])]),
      add: (chat, stop, max) =>
        settle(() => {
          const list = lists.get(keyOf(chat)) ?? [];
          if (list.some((s) => s.stopNo === stop.stopNo)) return 'already';
          if (stop.label !== undefined && list.some((s) => s.label === stop.label)) return 'label-taken';
          if (list.length >= max) return 'full';
          lists.set(keyOf(chat), [...list, stop]);
          return 'saved';
        }),
      remove: (chat, stopNo) =>
        settle(() => {
          const list = lists.get(keyOf(chat)) ?? [];
          lists.set(
            keyOf(chat),
            list.filter((s) => s.stopNo !== stopNo),
          );
          return list.some((s) => s.stopNo === stopNo);
        }),
    },
    subscriptions: {
      all,
      async *every() {
        yield* await settle(() => [...all.values()]);
      },
      add: (sub, max) =>
        settle(() => {
          if (find(sub.chat, sub.id) !== undefined) return 'id-taken';
          if (ofChat(sub.chat).length >= max) return 'full';
          all.set(`${keyOf(sub.chat)}:${sub.id}`, sub);
          return 'added';
        }),
      list: (chat) => settle(() => ofChat(chat)),
      remove: (chat, id) => settle(() => all.delete(`${keyOf(chat)}:${id}`)),
      setPaused: (chat, id, paused) =>
        settle(() => {
          const sub = find(chat, id);
          if (sub === undefined) return false;
          const { paused: _, ...rest } = sub;
          all.set(`${keyOf(chat)}:${id}`, paused === undefined ? rest : { ...rest, paused });
          return true;
        }),
      setWalk: (chat, id, walkSeconds) =>
        settle(() => {
          const sub = find(chat, id);
          if (sub?.schedule.kind !== 'leave') return false;
          all.set(`${keyOf(chat)}:${id}`, { ...sub, schedule: { ...sub.schedule, walkSeconds } });
          return true;
        }),
      dueAt: (zone, local, at) => settle(() => [...all.values()].filter((s) => isSubscriptionDue(s, zone, local, at))),
      zones: () => settle(() => [...new Set([...all.values()].map((s) => s.timeZone))]),
    },
    lifecycle: {
      refused: (chat) =>
        settle(() => {
          for (const sub of ofChat(chat)) if (sub.paused === undefined) all.set(`${keyOf(chat)}:${sub.id}`, { ...sub, paused: 'refused' });
          if ((pushes.get(keyOf(chat)) ?? 'on') === 'on') pushes.set(keyOf(chat), 'refused');
        }),
      returned: (chat) =>
        settle(() => {
          for (const { paused, ...sub } of ofChat(chat)) if (paused === 'refused') all.set(`${keyOf(chat)}:${sub.id}`, sub);
          if (pushes.get(keyOf(chat)) === 'refused') pushes.set(keyOf(chat), 'on');
        }),
      moved: (from, to) =>
        settle(() => {
          if (pushes.get(keyOf(from)) === 'off') pushes.set(keyOf(to), 'off');
          for (const { paused, ...sub } of ofChat(from)) {
            all.delete(`${keyOf(from)}:${sub.id}`);
            all.set(`${keyOf(to)}:${sub.id}`, { ...sub, ...(paused === 'user' ? { paused } : {}), chat: { ...sub.chat, ...to } });
          }
        }),
    },
  };
}

/** Repositories whose every operation fails, like Redis gone away. */
export function brokenStores(): MemoryStores {
  const stores = memoryStores();
  const fail = () => Promise.reject(new StoreError('store down'));
  return {
    chats: {
      ...stores.chats,
      language: fail,
      setLanguage: fail,
      timeZone: fail,
      setTimeZone: fail,
      disruptionPushes: fail,
      setDisruptionPushes: fail,
    },
    savedStops: { ...stores.savedStops, list: fail, add: fail, remove: fail },
    subscriptions: {
      ...stores.subscriptions,
      add: fail,
      list: fail,
      remove: fail,
      setPaused: fail,
      setWalk: fail,
      dueAt: fail,
      zones: fail,
    },
    // The store's lifecycle never rejects: with the backend down it writes nothing (and logs why).
    lifecycle: { refused: () => Promise.resolve(), returned: () => Promise.resolve(), moved: () => Promise.resolve() },
  };
}

export const privateChat = (extra: Partial<ChatContext> = {}): ChatContext => ({ platform: 'telegram', chatId: '42', chatType: 'private', ...extra });
export const groupChat = (extra: Partial<ChatContext> = {}): ChatContext => ({
  platform: 'telegram',
  chatId: '-100',
  chatType: 'group',
  botUsername: 'ArrivalsBot',
  ...extra,
});

export function fakeStopIndex(stops: Array<StopInfo & { meters?: number }>): StopIndex {
  return {
    size: stops.length,
    nearest: (_lat, _lon, options) =>
      stops
        .filter((s) => s.meters !== undefined && s.meters <= (options?.withinMeters ?? Infinity))
        .sort((a, b) => a.meters! - b.meters!)
        .slice(0, options?.limit ?? 5)
        .map((s): NearbyStop => ({ stop: s, meters: s.meters! })),
    search: (words, limit = 10) =>
      stops
        .filter((s) =>
          words
            .toLowerCase()
            .split(/\s+/)
            .every((w) => s.name.toLowerCase().includes(w)),
        )
        .slice(0, limit),
    byCode: (code) => stops.filter((s) => s.code === code),
    byCodePrefix: (prefix, limit = 10) => stops.filter((s) => s.code.startsWith(prefix)).slice(0, limit),
    nameOf: (code) => stops.find((s) => s.code === code)?.name,
  };
}
