// Disruptions pushed to the chats they touch: each tick reads the network's active disruptions
// (the feeds are polled at most once per refresh interval, so this costs nothing between polls);
// when that set (ids and versions) changed, one instance per platform takes the scan of it
// (disruption-scans.ts: a short lease, "done" once its jobs are safe, so a scanner that dies is
// replaced). The chats come from the watch list in memory (chat-watches.ts: every chat's saved
// stops and subscriptions as distinct places, kept fresh), the source matches each disruption
// once against every watched place (TransitSource.watching: places resolved through its schedule
// once, the watch index of domain/disruption-watch.ts), and the disruptions, most severe first,
// are offered to the chats watching what they touch (disruption-offers.ts: a few per chat at a
// time, their marks read together; disruption-picks.ts: at most 5 per chat, held and mark-checked
// without ever listing every chat x disruption pair; a chat with its 5 is offered nothing less
// severe). No source call per chat or per place. A chat whose pushes were turned back on
// (/disruptions on) is offered what is active at the next tick, changed or not. A chat gets each
// disruption once per version: the "sent" mark of (platform, chat, id, version) is the one that
// decides, so restarts, several instances and a scan taken over send nothing twice. The jobs go
// through the alerts' own queue and delivery (deliver.ts: one sender per chat, its pace, the
// platform's limiter, the mark once accepted), queued after the minute's alerts, in batches.
import { createHash } from 'node:crypto';
import type { PushRendering } from '../../core/index.js';
import type { AlertTarget, ChatRef, ChatType, Platform } from '../../domain/chat.js';
import type { Clock } from '../../domain/clock.js';
import type { Disruption } from '../../domain/disruption.js';
import type { ChatSettingsRepository, Claims, SavedStopsRepository, SubscriptionsRepository, WatchChanges } from '../../domain/store-ports.js';
import type { TransitSource } from '../../domain/transit-source.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import type { WatchedPlace, WatchReading } from '../../domain/disruption-watch.js';
import { MINUTE_MS } from '../../domain/local-minute.js';
import { chatKeyOf, createChatWatches, type WatchList } from './chat-watches.js';
import { batchedReads } from './batched-reads.js';
import { offerDisruptions } from './disruption-offers.js';
import { createChatPicks, type ChatPicks } from './disruption-picks.js';
import { createDisruptionScans } from './disruption-scans.js';
import { mapLimit } from '../../util/map-limit.js';
import { disruptionSentKey } from '../claim-keys.js';
import { disruptionJobId, type AlertJob, type AlertPart } from '../delivery/job.js';
import type { DeliveryQueue } from '../delivery/queue.js';

export interface DisruptionPushDeps {
  transit: Pick<TransitSource, 'disruptions' | 'watching'>;
  savedStops: Pick<SavedStopsRepository, 'everySaved' | 'list'>;
  subscriptions: Pick<SubscriptionsRepository, 'every' | 'list'>;
  /** This process's writes to saved stops and subscriptions (the watch list follows them at once), and pushes turned on. */
  changes?: WatchChanges;
  chats: Pick<ChatSettingsRepository, 'disruptionPushes' | 'disruptionPushesOf'>;
  claims: Claims;
  core: Pick<PushRendering, 'disruptionReply'>;
  /** Platforms this instance delivers to: it pushes to their chats only. */
  platforms: ReadonlySet<Platform>;
  /** What a chat known only by its saved stops is, as its platform reads its id (chat/platforms.ts). */
  chatTypeOf: (chat: ChatRef) => ChatType;
  clock: Clock;
  logger: Logger;
  instance: string;
  /** How long a scan is held before another look may take it over (tests of a killed instance shorten it). */
  scanLeaseMs?: number;
  /** How often the watch list is read again from the store (chat-watches.ts REBUILD_MS by default). */
  watchRebuildMs?: number;
}

/** What one look queued; `handled` resolves once those jobs are safe and the scan is marked done. */
export interface DisruptionPushesQueued {
  jobs: number;
  handled: Promise<void>;
}

export interface DisruptionPushes {
  /** Works out this tick's pushes (none when nothing changed) and queues them through `enqueue`; never rejects. */
  (enqueue: DeliveryQueue['enqueue']): Promise<DisruptionPushesQueued>;
  /** A graceful stop: the scans whose jobs were not all handled are let go, so the next start takes them up at once; the watch list's reading ends. */
  letGo(): Promise<void>;
}

/** A chat hears of this many at once, the most severe first; the rest with the next change. */
export const MAX_PUSHES_PER_CHAT = 5;
/** Jobs rendered at once. */
const RENDER_CONCURRENCY = 8;
/** Chats whose settings and marks are asked at once in a walk (read together: batched-reads.ts, 500 keys a query). */
const CHAT_CONCURRENCY = 500;
/** Jobs rendered, then queued, at a time: the rendered messages of every chat are never all held. */
const QUEUE_BATCH = 500;
/** "Sent" marks outlive any disruption worth pushing again: a week. */
export const DISRUPTION_SENT_TTL_MS = 7 * 24 * 3_600_000;

/** The snapshot's name: its ids and versions, in a short digest. */
function snapshotOf(disruptions: readonly Disruption[]): string {
  const hash = createHash('sha256');
  for (const line of disruptions.map((d) => `${d.id}\u0000${d.version}`).sort()) hash.update(`${line}\n`);
  return hash.digest('hex').slice(0, 16);
}

interface Baseline {
  readonly versions: ReadonlyMap<string, string>;
  readonly listVersion: number;
  /**
   * Chats that had their 5 and more touching them: offered again at the next scan, whatever it
   * changed; each with the 5 it was given (their jobs safe once the baseline is set), which that
   * offer takes as sent rather than reading their marks again (a job that gave up on them leaves
   * them to a later offer).
   */
  readonly leftOut: ReadonlyMap<string, ReadonlySet<string>>;
  /**
   * Chats whose setting this scan read 'on': the next scan takes them as on without reading it
   * again (delivery reads it before sending, so a chat that said off since is sent nothing), the
   * one after reads it again.
   */
  readonly on: ReadonlySet<string>;
}

/** A disruption's version, as the baselines remember what a chat was given. */
const versionOf = (d: Pick<Disruption, 'id' | 'version'>) => `${d.id}\u0000${d.version}`;

const NOTHING: DisruptionPushesQueued = { jobs: 0, handled: Promise.resolve() };

type OkReading = WatchReading & { status: 'ok' };

const platformOf = (chatKey: string) => chatKey.slice(0, chatKey.indexOf(':'));

/** The chats among `chats` watching each place: a scan of a few chats walks their watches only, not every chat's. */
function watchersAmong(chats: ReadonlySet<string>, list: WatchList): (placeKey: string) => readonly string[] {
  const byPlace = new Map<string, string[]>();
  for (const key of chats) {
    for (const placeKey of list.placesOf(key)) {
      const watchers = byPlace.get(placeKey);
      if (watchers === undefined) byPlace.set(placeKey, [key]);
      else watchers.push(key);
    }
  }
  return (placeKey) => byPlace.get(placeKey) ?? [];
}

export function createDisruptionPushes(deps: DisruptionPushDeps): DisruptionPushes {
  const { logger, claims } = deps;
  const scans = createDisruptionScans({ claims, instance: deps.instance, ...(deps.scanLeaseMs !== undefined ? { leaseMs: deps.scanLeaseMs } : {}) });
  /** The snapshot last read, and the platforms whose scan of it is not known to be done. */
  let current: { snapshot: string; open: Set<Platform> } | undefined;
  /**
   * Per platform, the last scan this instance finished: the versions it offered and where the
   * watch list stood. The next scan then offers only the chats a new or changed disruption
   * touches, or whose places changed since (each of them everything touching it, so what its 5
   * left out comes with the next change touching it); without one (a start, a scan another
   * instance did), every chat.
   */
  const baselines = new Map<Platform, Baseline>();
  const watches = createChatWatches({
    savedStops: deps.savedStops,
    subscriptions: deps.subscriptions,
    ...(deps.changes !== undefined ? { changes: deps.changes } : {}),
    platforms: deps.platforms,
    chatTypeOf: deps.chatTypeOf,
    clock: deps.clock,
    logger,
    ...(deps.watchRebuildMs !== undefined ? { rebuildMs: deps.watchRebuildMs } : {}),
  });
  /** Chats whose pushes were turned on since the last look: offered what is active at the next one. */
  let returned = new Map<string, ChatRef>();
  const stopListening = deps.changes?.onWatchChange((chat, change) => {
    if (change === 'pushes-on' && deps.platforms.has(chat.platform)) returned.set(chatKeyOf(chat), chat);
  });

  async function scan(enqueue: DeliveryQueue['enqueue']): Promise<DisruptionPushesQueued> {
    if (deps.transit.disruptions === undefined || deps.transit.watching === undefined) return NOTHING;
    const network = await deps.transit.disruptions({});
    if (network.status !== 'ok') return NOTHING;
    const back = returned;
    returned = new Map();
    try {
      const snapshot = snapshotOf(network.disruptions);
      const scanned = await scanSnapshot(snapshot, network.disruptions, back, enqueue);
      // Chats back on whose platform this look scanned nothing: offered the active disruptions by themselves.
      const rest = [...back.keys()].filter((key) => !scanned.platforms.has(back.get(key)!.platform));
      if (rest.length === 0 || network.disruptions.length === 0) return scanned.queued;
      const offered = await offerReturned(new Set(rest), snapshot, network.disruptions.length, enqueue);
      if (offered === undefined) for (const key of rest) returned.set(key, back.get(key)!);
      return {
        jobs: scanned.queued.jobs + (offered?.jobs ?? 0),
        handled: Promise.all([scanned.queued.handled, ...(offered?.handled ?? [])]).then(() => undefined),
      };
    } catch (err) {
      // Offered again at the next look, with whatever else it brings.
      for (const [key, chat] of back) if (!returned.has(key)) returned.set(key, chat);
      throw err;
    }
  }

  /** The scan of a new snapshot by the platforms this instance takes it for; `back`: chats offered everything whatever changed. */
  async function scanSnapshot(
    snapshot: string,
    disruptions: readonly Disruption[],
    back: ReadonlyMap<string, ChatRef>,
    enqueue: DeliveryQueue['enqueue'],
  ): Promise<{ queued: DisruptionPushesQueued; platforms: ReadonlySet<Platform> }> {
    const none = { queued: NOTHING, platforms: new Set<Platform>() };
    if (current?.snapshot !== snapshot) current = { snapshot, open: new Set(deps.platforms) };
    if (disruptions.length === 0) current.open.clear();
    if (current.open.size === 0) return none;
    // A scan held elsewhere is looked at again next tick (its holder may have died), never taken as seen.
    const { mine, done } = await scans.take(
      snapshot,
      [...current.open].filter((p) => !scans.holds(snapshot, p)),
    );
    for (const platform of done) current.open.delete(platform);
    if (mine.size === 0) return none;
    try {
      const choose = (list: WatchList, reading: OkReading) => {
        const candidates = candidatesOf(mine, list, reading);
        for (const [key, chat] of back) if (mine.has(chat.platform)) candidates?.add(key);
        return candidates;
      };
      // What a chat left out was given last time; not for a chat back on (what it missed while off was never sent).
      const givenBefore = new Map<string, ReadonlySet<string>>();
      const knownOn = new Set<string>();
      for (const platform of mine) {
        const base = baselines.get(platform);
        for (const [key, given] of base?.leftOut ?? []) if (!back.has(key) && given.size > 0) givenBefore.set(key, given);
        for (const key of base?.on ?? []) knownOn.add(key);
      }
      const queued = await scanFor(mine, snapshot, disruptions.length, enqueue, choose, { givenBefore, knownOn });
      if (queued === undefined) {
        await scans.letGo(snapshot, mine);
        return none;
      }
      const settled = current;
      const handled = Promise.all(queued.handled)
        .then(() => scans.finish(snapshot, mine))
        .then(() => {
          for (const platform of mine) {
            settled.open.delete(platform);
            baselines.set(platform, queued.baseline);
          }
        })
        .catch((err: unknown) => logger.warn({ error: errorLine(err) }, 'could not mark a disruption scan done; the next look redoes it'));
      return { queued: { jobs: queued.jobs, handled }, platforms: mine };
    } catch (err) {
      // Let another look (this instance's next tick, or another instance) take it up again.
      await scans.letGo(snapshot, mine);
      throw err;
    }
  }

  /**
   * The active disruptions offered to chats whose pushes were just turned on, without a scan of
   * their own: the marks keep what they were sent from going again, and a job id of its own keeps
   * the queue from taking the offer for the snapshot's job. undefined: the feeds went unreadable.
   */
  async function offerReturned(
    chats: Set<string>,
    snapshot: string,
    active: number,
    enqueue: DeliveryQueue['enqueue'],
  ): Promise<{ jobs: number; handled: Array<Promise<void>> } | undefined> {
    const offer = `on-${Math.floor(deps.clock().getTime() / MINUTE_MS)}`;
    const queued = await scanFor(deps.platforms, snapshot, active, enqueue, () => chats, { offer });
    if (queued === undefined) return undefined;
    // What their 5 left is theirs at the next scan, as after any scan of this instance (their 5 read again then: not yet safe).
    for (const [platform, base] of baselines) {
      const more = [...queued.baseline.leftOut.keys()].filter((key) => platformOf(key) === platform);
      if (more.length > 0)
        baselines.set(platform, { ...base, leftOut: new Map([...base.leftOut, ...more.map((key) => [key, new Set<string>()] as const)]) });
    }
    return queued;
  }

  /**
   * The jobs queued, and their `handled` promises; undefined: a feed went unreadable half-way
   * (nothing queued). `choose` names the chats to offer (undefined: every one); `offer` names a
   * second offer of the same snapshot apart in the job ids; `givenBefore` what a chat is taken to
   * have been sent without reading its mark (versionOf, by chat); `knownOn` the chats taken to
   * want pushes without reading their setting.
   */
  async function scanFor(
    platforms: ReadonlySet<Platform>,
    snapshot: string,
    active: number,
    enqueue: DeliveryQueue['enqueue'],
    choose: (list: WatchList, reading: OkReading) => Set<string> | undefined,
    options: { offer?: string; givenBefore?: ReadonlyMap<string, ReadonlySet<string>>; knownOn?: ReadonlySet<string> } = {},
  ): Promise<{ jobs: number; handled: Array<Promise<void>>; baseline: Baseline } | undefined> {
    const { offer, givenBefore, knownOn } = options;
    const on = new Set<string>();
    const started = performance.now();
    const list = await watches.current();
    const chatOf = (key: string): AlertTarget | undefined => {
      const chat = list.chat(key);
      return chat !== undefined && platforms.has(chat.platform) ? chat : undefined;
    };
    const reading = await deps.transit.watching!(list.places);
    if (reading.status !== 'ok') {
      // The feeds unreadable since the snapshot was read: look again next tick rather than push nothing.
      logger.info('disruptions unreadable during a scan: tried again next tick');
      return undefined;
    }
    const matchedMs = performance.now() - started;
    // The settings asked during one walk read together, as the marks.
    const pushSetting = batchedReads(
      (key) => deps.chats.disruptionPushes(chatOf(key)!),
      deps.chats.disruptionPushesOf !== undefined ? (keys) => deps.chats.disruptionPushesOf!(keys.map((key) => chatOf(key)!)) : undefined,
    );
    const holder = batchedReads((key) => claims.holder(key), claims.holders !== undefined ? (keys) => claims.holders!(keys) : undefined);
    const picks: ChatPicks<WatchedPlace> = createChatPicks(MAX_PUSHES_PER_CHAT, async (key, d) => {
      const chat = chatOf(key)!;
      return (await holder(disruptionSentKey(chat, d))) !== undefined;
    });
    const candidates = choose(list, reading);
    const watchersOf = candidates !== undefined ? watchersAmong(candidates, list) : (placeKey: string) => list.watchers(placeKey);
    const leftOut = await offerDisruptions<WatchedPlace>({
      disruptions: reading.disruptions,
      touching(d, visit) {
        let version: string | undefined;
        for (const placeKey of reading.touched(d)) {
          const place = list.places.get(placeKey);
          if (place === undefined) continue;
          for (const key of watchersOf(placeKey)) {
            if (candidates === undefined && chatOf(key) === undefined) continue;
            const given = givenBefore?.get(key);
            if (given === undefined || !given.has((version ??= versionOf(d)))) visit(key, place);
          }
        }
      },
      chats: candidates?.size ?? list.chats,
      // A chat that said off is offered nothing.
      wanted: async (key) => {
        if (knownOn?.has(key) === true) return true;
        if (chatOf(key) === undefined || (await pushSetting(key)) !== 'on') return false;
        on.add(key);
        return true;
      },
      picks,
      max: MAX_PUSHES_PER_CHAT,
      concurrency: CHAT_CONCURRENCY,
    });
    const handled: Array<Promise<void>> = [];
    let jobs = 0;
    let batch: string[] = [];
    const flush = async () => {
      const made = (await mapLimit(batch, RENDER_CONCURRENCY, (key) => jobFor(chatOf(key)!, picks, key, snapshot, offer))).filter(
        (job): job is AlertJob => job !== undefined,
      );
      batch = [];
      if (made.length === 0) return;
      jobs += made.length;
      handled.push(...(await enqueue(made)).map((r) => r.handled));
    };
    for (const key of picks.chats()) {
      batch.push(key);
      if (batch.length >= QUEUE_BATCH) await flush();
    }
    await flush();
    logger.info(
      {
        disruptions: active,
        chats: list.chats,
        offered: candidates?.size ?? 'all',
        leftOut: leftOut.size,
        places: list.places.size,
        watches: list.watches,
        matchedMs: Math.round(matchedMs),
        jobs,
        marksRead: picks.counts.marksRead,
        picksHeld: picks.counts.held,
        ms: Math.round(performance.now() - started),
      },
      offer === undefined ? 'disruptions changed: pushes queued' : 'disruption pushes turned on: the active ones offered',
    );
    const versions = new Map(reading.disruptions.map((d) => [d.id, d.version]));
    const given = new Map([...leftOut].map((key) => [key, new Set(picks.picked(key).map(({ d }) => versionOf(d)))] as const));
    return { jobs, handled, baseline: { versions, listVersion: list.version, leftOut: given, on } };
  }

  /** The chats this scan offers disruptions to: undefined, every one (no baseline for one of the platforms). */
  function candidatesOf(platforms: ReadonlySet<Platform>, list: WatchList, reading: OkReading): Set<string> | undefined {
    const bases = [...platforms].map((p) => baselines.get(p));
    if (bases.some((b) => b === undefined)) return undefined;
    const changed = list.changedSince(Math.min(...bases.map((b) => b!.listVersion)));
    if (changed === undefined) return undefined;
    const candidates = new Set(changed);
    for (const b of bases) for (const key of b!.leftOut.keys()) candidates.add(key);
    for (const d of reading.disruptions) {
      if (bases.every((b) => b!.versions.get(d.id) === d.version)) continue;
      for (const placeKey of reading.touched(d)) for (const key of list.watchers(placeKey)) candidates.add(key);
    }
    return candidates;
  }

  /** The chat's job: its picks (unsent, most severe first), each rendered in its language. */
  async function jobFor(
    chat: AlertTarget,
    picks: ChatPicks<WatchedPlace>,
    key: string,
    snapshot: string,
    offer: string | undefined,
  ): Promise<AlertJob | undefined> {
    const parts: AlertPart[] = [];
    for (const { d, place } of picks.picked(key)) {
      const reply = await deps.core.disruptionReply(chat, d, { stopNo: place.stop, ...(place.route !== undefined ? { routeNo: place.route } : {}) });
      parts.push({ key: disruptionSentKey(chat, d), subId: '', oneShot: false, disruption: true, reply });
    }
    if (parts.length === 0) return undefined;
    return { id: disruptionJobId(chat, snapshot, offer), chat, dueAt: deps.clock().getTime(), parts };
  }

  const pushes = async (enqueue: DeliveryQueue['enqueue']): Promise<DisruptionPushesQueued> => {
    // Each tick, changed or not: the watch list is read again from the store once its cadence is due.
    watches.refresh();
    try {
      return await scan(enqueue);
    } catch (err) {
      // A store or feed failure: the next tick looks again (nothing was marked).
      logger.warn({ error: errorLine(err) }, 'disruption pushes not worked out this tick');
      return NOTHING;
    }
  };
  return Object.assign(pushes, {
    letGo: async () => {
      stopListening?.();
      await scans.letGoAll().catch(() => undefined);
      await watches.close();
    },
  });
}
