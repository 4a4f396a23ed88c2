// Disruptions pushed to the chats they touch: each tick reads the network's active disruptions
// (the feeds are polled at most once per refresh interval, so this costs nothing between polls);
// when that set (ids and versions) changed, one instance per platform takes the scan of it
// (disruption-scans.ts: a short lease, "done" once its jobs are safe, so a scanner that dies is
// replaced). The chats come from the watch list in memory (chat-watches.ts: every chat's saved
// stops and subscriptions as distinct places, kept fresh), the source matches each disruption
// once against every watched place (TransitSource.watching: places resolved through its schedule
// once, the watch index of domain/disruption-watch.ts), and the disruptions, most severe first,
// are offered to the chats watching what they touch (disruption-picks.ts: at most 5 per chat,
// held and mark-checked without ever listing every chat x disruption pair; a chat with its 5 is
// offered nothing less severe). No source call per chat or per place. A chat gets each
// disruption once per version: the "sent" mark of (platform, chat, id, version) is the one that
// decides, so restarts, several instances and a scan taken over send nothing twice. The jobs go
// through the alerts' own queue and delivery (deliver.ts: one sender per chat, its pace, the
// platform's limiter, the mark once accepted), queued after the minute's alerts, in batches.
import { createHash } from 'node:crypto';
import type { BotCore } from '../../core/index.js';
import type { AlertTarget, Platform } from '../../domain/chat.js';
import type { Clock } from '../../domain/clock.js';
import type { Disruption } from '../../domain/disruption.js';
import type { ChatSettingsRepository, Claims, SavedStopsRepository, SubscriptionsRepository, WatchChanges } from '../../domain/store-ports.js';
import type { TransitSource } from '../../domain/transit-source.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import type { WatchReading } from '../../domain/disruption-watch.js';
import { createChatWatches, type WatchList } from './chat-watches.js';
import { batchedReads } from './batched-reads.js';
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
  /** This process's writes to saved stops and subscriptions, so the watch list follows them at once. */
  changes?: WatchChanges;
  chats: Pick<ChatSettingsRepository, 'disruptionPushes' | 'disruptionPushesOf'>;
  claims: Claims;
  core: Pick<BotCore, 'disruptionReply'>;
  /** Platforms this instance delivers to: it pushes to their chats only. */
  platforms: ReadonlySet<Platform>;
  clock: Clock;
  logger: Logger;
  instance: string;
  /** How long a scan is held before another look may take it over (tests of a killed instance shorten it). */
  scanLeaseMs?: number;
  /** How often the watch list is read again from the store (chat-watches.ts REBUILD_MS by default). */
  watchRebuildMs?: number;
}

/** A watched place: a stop, or a stop and one route there. */
interface Place {
  stopNo: string;
  routeNo?: string;
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
/** Chats of one disruption whose settings and marks are asked at once (the marks read together: batched-reads.ts). */
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
  /** Chats that had their 5 and more touching them: offered again at the next scan, whatever it changed. */
  readonly leftOut: ReadonlySet<string>;
}

const NOTHING: DisruptionPushesQueued = { jobs: 0, handled: Promise.resolve() };

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
    clock: deps.clock,
    logger,
    ...(deps.watchRebuildMs !== undefined ? { rebuildMs: deps.watchRebuildMs } : {}),
  });

  async function scan(enqueue: DeliveryQueue['enqueue']): Promise<DisruptionPushesQueued> {
    if (deps.transit.disruptions === undefined || deps.transit.watching === undefined) return NOTHING;
    const network = await deps.transit.disruptions({});
    if (network.status !== 'ok') return NOTHING;
    const snapshot = snapshotOf(network.disruptions);
    if (current?.snapshot !== snapshot) current = { snapshot, open: new Set(deps.platforms) };
    if (network.disruptions.length === 0) current.open.clear();
    if (current.open.size === 0) return NOTHING;
    // A scan held elsewhere is looked at again next tick (its holder may have died), never taken as seen.
    const { mine, done } = await scans.take(
      snapshot,
      [...current.open].filter((p) => !scans.holds(snapshot, p)),
    );
    for (const platform of done) current.open.delete(platform);
    if (mine.size === 0) return NOTHING;
    try {
      const queued = await scanFor(mine, snapshot, network.disruptions.length, enqueue);
      if (queued === undefined) {
        await scans.letGo(snapshot, mine);
        return NOTHING;
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
      return { jobs: queued.jobs, handled };
    } catch (err) {
      // Let another look (this instance's next tick, or another instance) take it up again.
      await scans.letGo(snapshot, mine);
      throw err;
    }
  }

  /** The jobs queued, and their `handled` promises; undefined: a feed went unreadable half-way (nothing queued). */
  async function scanFor(
    platforms: ReadonlySet<Platform>,
    snapshot: string,
    active: number,
    enqueue: DeliveryQueue['enqueue'],
  ): Promise<{ jobs: number; handled: Array<Promise<void>>; baseline: Baseline } | undefined> {
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
    const wants = new Map<string, Promise<boolean>>();
    // The settings asked while the offers of one disruption go read together, as the marks.
    const settingOf = new Map<string, AlertTarget>();
    const pushSetting = batchedReads(
      (key) => deps.chats.disruptionPushes(settingOf.get(key)!),
      deps.chats.disruptionPushesOf !== undefined ? (keys) => deps.chats.disruptionPushesOf!(keys.map((key) => settingOf.get(key)!)) : undefined,
    );
    /** Asked once per chat, when a disruption first touches it: a chat that said off is offered nothing. */
    const wanted = (key: string) => {
      let answer = wants.get(key);
      if (answer === undefined) {
        const chat = chatOf(key);
        if (chat !== undefined) settingOf.set(key, chat);
        answer = chat === undefined ? Promise.resolve(false) : pushSetting(key).then((setting) => setting === 'on');
        wants.set(key, answer);
      }
      return answer;
    };
    // The marks asked while the offers of one disruption go read together.
    const holder = batchedReads((key) => claims.holder(key), claims.holders !== undefined ? (keys) => claims.holders!(keys) : undefined);
    const picks: ChatPicks<Place> = createChatPicks(MAX_PUSHES_PER_CHAT, async (key, d) => {
      const chat = chatOf(key)!;
      return (await holder(disruptionSentKey(chat, d))) !== undefined;
    });
    const candidates = candidatesOf(platforms, list, reading);
    /** Chats with all the picks they can take, or that want none: nothing later (less severe) is theirs. */
    const settled = new Set<string>();
    /** Of those, the chats with their 5 that more disruptions touch: the rest is theirs at the next scan. */
    const full = new Set<string>();
    const leftOut = new Set<string>();
    // Disruption by disruption, most severe first: its watched places, the chats watching them.
    for (const d of reading.disruptions) {
      if (settled.size >= (candidates?.size ?? list.chats)) {
        // Every chat settled, and more to offer: each full one may be left something (its next scan reads its marks and sees).
        for (const key of full) leftOut.add(key);
        break;
      }
      const offers = new Map<string, Place>();
      for (const placeKey of reading.touched(d)) {
        const watched = list.places.get(placeKey);
        if (watched === undefined) continue;
        for (const key of list.watchers(placeKey)) {
          if (offers.has(key) || (candidates !== undefined && !candidates.has(key))) continue;
          if (settled.has(key)) {
            if (full.has(key)) leftOut.add(key);
            continue;
          }
          offers.set(key, { stopNo: watched.stop, ...(watched.route !== undefined ? { routeNo: watched.route } : {}) });
        }
      }
      await mapLimit([...offers], CHAT_CONCURRENCY, async ([key, place]) => {
        if (!(await wanted(key))) return void settled.add(key);
        await picks.offer(key, [d], place);
        if (picks.picked(key).length >= MAX_PUSHES_PER_CHAT) {
          settled.add(key);
          full.add(key);
        }
      });
    }
    const handled: Array<Promise<void>> = [];
    let jobs = 0;
    let batch: string[] = [];
    const flush = async () => {
      const made = (await mapLimit(batch, RENDER_CONCURRENCY, (key) => jobFor(chatOf(key)!, picks, key, snapshot))).filter(
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
      'disruptions changed: pushes queued',
    );
    const versions = new Map(reading.disruptions.map((d) => [d.id, d.version]));
    return { jobs, handled, baseline: { versions, listVersion: list.version, leftOut } };
  }

  /** The chats this scan offers disruptions to: undefined, every one (no baseline for one of the platforms). */
  function candidatesOf(platforms: ReadonlySet<Platform>, list: WatchList, reading: WatchReading & { status: 'ok' }): Set<string> | undefined {
    const bases = [...platforms].map((p) => baselines.get(p));
    if (bases.some((b) => b === undefined)) return undefined;
    const changed = list.changedSince(Math.min(...bases.map((b) => b!.listVersion)));
    if (changed === undefined) return undefined;
    const candidates = new Set(changed);
    for (const b of bases) for (const key of b!.leftOut) candidates.add(key);
    for (const d of reading.disruptions) {
      if (bases.every((b) => b!.versions.get(d.id) === d.version)) continue;
      for (const placeKey of reading.touched(d)) for (const key of list.watchers(placeKey)) candidates.add(key);
    }
    return candidates;
  }

  /** The chat's job: its picks (unsent, most severe first), each rendered in its language. */
  async function jobFor(chat: AlertTarget, picks: ChatPicks<Place>, key: string, snapshot: string): Promise<AlertJob | undefined> {
    const parts: AlertPart[] = [];
    for (const { d, place } of picks.picked(key)) {
      const reply = await deps.core.disruptionReply(chat, d, place);
      parts.push({ key: disruptionSentKey(chat, d), subId: '', oneShot: false, disruption: true, reply });
    }
    if (parts.length === 0) return undefined;
    return { id: disruptionJobId(chat, snapshot), chat, dueAt: deps.clock().getTime(), parts };
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
      await scans.letGoAll().catch(() => undefined);
      await watches.close();
    },
  });
}
