// Who watches what, for the disruption pushes: every chat's saved stops and active subscriptions
// folded into distinct places (a stop, a stop and a route), each with the chats watching it; kept
// in memory so that a change of the feed finds its chats without reading the store.
//
// Fresh enough, across several instances on one store: it is read from the store (one stream of
// every record) at first use, and read again on a bounded cadence (REBUILD_MS, in the background,
// the last list answering meanwhile); writes made through this process's repositories (a save, an
// unsave, a subscription, a pause, a refused or moved chat: WatchChanges) have their chat read
// again before the next look. So a chat's change on this instance counts at the very next look,
// and one made on another instance sharing the store within REBUILD_MS: a cadence, not an event,
// because no instance hears another's writes, and the store is the one truth they all read.
import type { AlertTarget, ChatRef, ChatType, Platform } from '../../domain/chat.js';
import type { Clock } from '../../domain/clock.js';
import type { WatchedPlace } from '../../domain/disruption-watch.js';
import type { SavedStopsRepository, SubscriptionsRepository, WatchChanges } from '../../domain/store-ports.js';
import type { Subscription } from '../../domain/subscription.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import { mapLimit } from '../../util/map-limit.js';

/** How often the whole list is read again from the store: the longest another instance's write goes unseen. */
export const REBUILD_MS = 2 * 60_000;
/** Changed chats remembered at most (beyond: forgotten, and the next look reads every chat). */
const CHANGES_KEPT = 100_000;
/** Chats read again at once after this process changed them. */
const REREAD_CONCURRENCY = 8;

export interface ChatWatchesDeps {
  savedStops: Pick<SavedStopsRepository, 'everySaved' | 'list'>;
  subscriptions: Pick<SubscriptionsRepository, 'every' | 'list'>;
  /** This process's writes, heard at once; absent: the cadence alone. */
  changes?: WatchChanges;
  platforms: ReadonlySet<Platform>;
  /** What a chat known only by its saved stops is, as its platform reads its id: for its pace (a group's is the slower). */
  chatTypeOf: (chat: ChatRef) => ChatType;
  clock: Clock;
  logger: Logger;
  rebuildMs?: number;
}

/** The list as one look reads it: it does not change while the look goes on. */
export interface WatchList {
  /** The places watched, by key (the same map as long as no place came or went). */
  readonly places: ReadonlyMap<string, WatchedPlace>;
  /** The chats watching a place, by chat key. */
  watchers(placeKey: string): ReadonlySet<string>;
  /** A chat by its key ("telegram:42"). */
  chat(chatKey: string): AlertTarget | undefined;
  /** The keys of the places a chat watches. */
  placesOf(chatKey: string): readonly string[];
  readonly chats: number;
  readonly watches: number;
  /** Where this list stands in its changes: a later look asks what changed since. */
  readonly version: number;
  /** The chats whose places changed after `version` (this process's writes, and what a full read found different); undefined: no longer known. */
  changedSince(version: number): ReadonlySet<string> | undefined;
}

export interface ChatWatches {
  /** The list for a look: read from the store the first time, this process's changes applied. */
  current(): Promise<WatchList>;
  /** Each tick: the first full read, and another once REBUILD_MS passed since the last, start in the background. */
  refresh(): void;
  /** A background read under way finished (a graceful stop waits for it); listening stopped. */
  close(): Promise<void>;
}

export const chatKeyOf = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;
export const placeKeyOf = (place: WatchedPlace) => `${place.stop}\u0000${place.route ?? ''}`;

interface ChatEntry {
  target: AlertTarget;
  places: string[];
}

/** The mutable list behind WatchList: chats -> places and places -> chats, kept in step. */
class Lists {
  readonly byChat = new Map<string, ChatEntry>();
  readonly byPlace = new Map<string, { place: WatchedPlace; chats: Set<string> }>();
  watches = 0;
  private placesMap: Map<string, WatchedPlace> | undefined;

  /** Sets a chat's places (none, or refused: the chat is left out); whether they differ from before. */
  set(key: string, entry: ChatEntry | undefined): boolean {
    const before = this.byChat.get(key);
    const was = before?.places ?? [];
    const now = entry?.places ?? [];
    const differs = was.length !== now.length || now.some((p) => !was.includes(p));
    if (before !== undefined) {
      for (const p of before.places) {
        const at = this.byPlace.get(p)!;
        at.chats.delete(key);
        this.watches--;
        if (at.chats.size === 0) {
          this.byPlace.delete(p);
          this.placesMap = undefined;
        }
      }
      this.byChat.delete(key);
    }
    if (entry === undefined || entry.places.length === 0) return differs;
    this.byChat.set(key, entry);
    for (const p of entry.places) {
      let at = this.byPlace.get(p);
      if (at === undefined) {
        const [stop, route] = p.split('\u0000') as [string, string];
        this.byPlace.set(p, (at = { place: { stop, ...(route !== '' ? { route } : {}) }, chats: new Set() }));
        this.placesMap = undefined;
      }
      at.chats.add(key);
      this.watches++;
    }
    return differs;
  }

  view(changes: Pick<WatchList, 'version' | 'changedSince'>): WatchList {
    this.placesMap ??= new Map([...this.byPlace].map(([k, v]) => [k, v.place]));
    const places = this.placesMap;
    const none: ReadonlySet<string> = new Set();
    return {
      places,
      watchers: (p) => this.byPlace.get(p)?.chats ?? none,
      chat: (c) => this.byChat.get(c)?.target,
      placesOf: (c) => this.byChat.get(c)?.places ?? [],
      chats: this.byChat.size,
      watches: this.watches,
      version: changes.version,
      changedSince: changes.changedSince,
    };
  }
}

/** One chat's entry from its records: its places, and who it is; undefined: refused by its platform. */
function entryOf(chat: AlertTarget, subs: readonly Subscription[], saved: readonly string[]): ChatEntry | undefined {
  if (subs.some((s) => s.paused === 'refused')) return undefined;
  const places = new Set<string>();
  for (const sub of subs)
    if (sub.paused === undefined) places.add(placeKeyOf({ stop: sub.stopNo, ...(sub.routeNo !== undefined ? { route: sub.routeNo } : {}) }));
  for (const stop of saved) places.add(placeKeyOf({ stop }));
  return { target: chat, places: [...places] };
}

export function createChatWatches(deps: ChatWatchesDeps): ChatWatches {
  const { logger } = deps;
  const rebuildMs = deps.rebuildMs ?? REBUILD_MS;
  let lists: Lists | undefined;
  let builtAt = 0;
  let building: Promise<Lists> | undefined;
  /** Each change of a chat's places numbered; the chats by the number of their last change. */
  let version = 0;
  let forgottenBefore = 0;
  const changedAt = new Map<string, number>();
  const changed = (key: string) => {
    if (changedAt.size >= CHANGES_KEPT) {
      changedAt.clear();
      forgottenBefore = version + 1;
    }
    changedAt.delete(key);
    changedAt.set(key, ++version);
  };
  const changedSince = (since: number): ReadonlySet<string> | undefined => {
    if (since < forgottenBefore) return undefined;
    const found = new Set<string>();
    for (const [key, at] of changedAt) if (at > since) found.add(key);
    return found;
  };
  /** Chats this process changed, to read again before the next look. */
  const dirty = new Map<string, ChatRef>();
  /** Those changed while a full read goes on: read again once it is in (it may have read them before the change). */
  let duringBuild: Map<string, ChatRef> | undefined;
  const stopListening = deps.changes?.onWatchChange((chat, change) => {
    if (change !== 'places' || !deps.platforms.has(chat.platform)) return;
    dirty.set(chatKeyOf(chat), chat);
    duringBuild?.set(chatKeyOf(chat), chat);
  });

  /** Every chat's records, streamed from the store into a new list. */
  async function readAll(): Promise<Lists> {
    const started = performance.now();
    const subsOf = new Map<string, { chat: AlertTarget; subs: Subscription[] }>();
    const savedOf = new Map<string, string[]>();
    for await (const sub of deps.subscriptions.every()) {
      if (!deps.platforms.has(sub.chat.platform)) continue;
      const key = chatKeyOf(sub.chat);
      let entry = subsOf.get(key);
      if (entry === undefined) subsOf.set(key, (entry = { chat: sub.chat, subs: [] }));
      entry.subs.push(sub);
    }
    for await (const saved of deps.savedStops.everySaved()) {
      if (!deps.platforms.has(saved.chat.platform)) continue;
      const key = chatKeyOf(saved.chat);
      let stops = savedOf.get(key);
      if (stops === undefined) savedOf.set(key, (stops = []));
      stops.push(saved.stopNo);
    }
    const fresh = new Lists();
    for (const [key, { chat, subs }] of subsOf) fresh.set(key, entryOf(chat, subs, savedOf.get(key) ?? []));
    for (const [key, stops] of savedOf) {
      if (subsOf.has(key)) continue;
      const [platform, ...id] = key.split(':') as [Platform, ...string[]];
      const chatId = id.join(':');
      fresh.set(key, entryOf({ platform, chatId, chatType: deps.chatTypeOf({ platform, chatId }) }, [], stops));
    }
    logger.debug({ chats: fresh.byChat.size, watches: fresh.watches, ms: Math.round(performance.now() - started) }, 'disruption watch list read');
    return fresh;
  }

  function rebuild(): Promise<Lists> {
    building ??= (async () => {
      duringBuild = new Map();
      try {
        const fresh = await readAll();
        // What the full read found different (another instance's writes): the next look offers those chats everything.
        if (lists !== undefined) {
          const old = lists;
          for (const [key, entry] of fresh.byChat) {
            const was = old.byChat.get(key)?.places ?? [];
            if (was.length !== entry.places.length || entry.places.some((p) => !was.includes(p))) changed(key);
          }
          for (const key of old.byChat.keys()) if (!fresh.byChat.has(key)) changed(key);
        }
        lists = fresh;
        builtAt = deps.clock().getTime();
        return fresh;
      } finally {
        for (const [key, chat] of duringBuild) dirty.set(key, chat);
        duringBuild = undefined;
        building = undefined;
      }
    })();
    return building;
  }

  /** A chat this process changed, read again from the store. */
  async function reread(list: Lists, chat: ChatRef): Promise<void> {
    const [subs, saved] = await Promise.all([deps.subscriptions.list(chat), deps.savedStops.list(chat)]);
    const key = chatKeyOf(chat);
    const known = list.byChat.get(key)?.target ?? subs[0]?.chat;
    const target: AlertTarget = known ?? { ...chat, chatType: deps.chatTypeOf(chat) };
    const entry = entryOf(
      target,
      subs,
      saved.map((s) => s.stopNo),
    );
    if (list.set(key, entry)) changed(key);
  }

  return {
    refresh() {
      if (building !== undefined || (lists !== undefined && deps.clock().getTime() - builtAt < rebuildMs)) return;
      // Read again in the background: the looks until it is in use the list as it is.
      rebuild().catch((err: unknown) => logger.warn({ error: errorLine(err) }, 'disruption watch list not read again; tried at the next tick'));
    },
    async current() {
      const list = lists ?? (await rebuild());
      if (dirty.size > 0) {
        const chats = [...dirty.values()];
        dirty.clear();
        try {
          await mapLimit(chats, REREAD_CONCURRENCY, (chat) => reread(list, chat));
        } catch (err) {
          // Read again at the next look.
          for (const chat of chats) dirty.set(chatKeyOf(chat), chat);
          throw err;
        }
      }
      return list.view({ version, changedSince });
    },
    async close() {
      stopListening?.();
      await building?.catch(() => undefined);
    },
  };
}
