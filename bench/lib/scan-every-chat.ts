// The disruption pushes as they were before the watch index (commit 76bd189's
// src/alerts/disruption-pushes.ts, unchanged but for its imports, its keys and job ids taken from
// src/pushes/, and its name), kept for
// `npm run bench disruption-pushes` to measure against in the same run: every chat's records
// streamed from the store at each change, the source asked once per watched place.
// Disruptions pushed to the chats they touch: each tick reads the network's active disruptions
// (the feeds are polled at most once per refresh interval, so this costs nothing between polls);
// when that set (ids and versions) changed, one instance per platform takes the scan of it
// (disruption-scans.ts: a short lease, "done" once its jobs are safe, so a scanner that dies is
// replaced), every chat's saved stops and subscriptions are read from the store as a stream,
// folded into distinct places (a stop, a stop and a route), each place asked once, and its
// disruptions offered to the chats watching it (disruption-picks.ts: at most 5 per chat, the most
// severe first, held and mark-checked without ever listing every chat x disruption pair). A chat
// gets each disruption once per version: the "sent" mark of (platform, chat, id, version) is the
// one that decides, so restarts, several instances and a scan taken over send nothing twice. The
// jobs go through the alerts' own queue and delivery (deliver.ts: one sender per chat, its pace,
// the platform's limiter, the mark once accepted), queued after the minute's alerts, in batches.
import { createHash } from 'node:crypto';
import type { PushRendering } from '../../src/core/index.js';
import type { AlertTarget, ChatType, Platform } from '../../src/domain/chat.js';
import type { Clock } from '../../src/domain/clock.js';
import type { Disruption } from '../../src/domain/disruption.js';
import type { ChatSettingsRepository, Claims, SavedStopsRepository, SubscriptionsRepository } from '../../src/domain/store-ports.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import type { Logger } from '../../src/log.js';
import { errorLine } from '../../src/util/error-line.js';
import { createChatPicks, type ChatPicks } from '../../src/pushes/disruptions/disruption-picks.js';
import { createDisruptionScans } from '../../src/pushes/disruptions/disruption-scans.js';
import { mapLimit } from '../../src/util/map-limit.js';
import { disruptionSentKey } from '../../src/pushes/claim-keys.js';
import { disruptionJobId, type AlertJob, type AlertPart } from '../../src/pushes/delivery/job.js';
import type { DeliveryQueue } from '../../src/pushes/delivery/queue.js';
import { chatKeyOf } from '../../src/pushes/disruptions/chat-watches.js';
import { MAX_PUSHES_PER_CHAT, type DisruptionPushes, type DisruptionPushesQueued } from '../../src/pushes/disruptions/disruption-pushes.js';

export interface DisruptionPushDeps {
  transit: Pick<TransitSource, 'disruptions'>;
  savedStops: Pick<SavedStopsRepository, 'everySaved'>;
  subscriptions: Pick<SubscriptionsRepository, 'every'>;
  chats: Pick<ChatSettingsRepository, 'disruptionPushes'>;
  claims: Claims;
  core: Pick<PushRendering, 'disruptionReply'>;
  /** Platforms this instance delivers to: it pushes to their chats only. */
  platforms: ReadonlySet<Platform>;
  clock: Clock;
  logger: Logger;
  instance: string;
  /** How long a scan is held before another look may take it over (tests of a killed instance shorten it). */
  scanLeaseMs?: number;
}

/** A watched place: a stop, or a stop and one route there. */
interface Place {
  stopNo: string;
  routeNo?: string;
}

/** Places asked at once (each a match against the snapshot in memory, and a schedule look-up). */
const ASK_CONCURRENCY = 8;
/** Chats of one place whose marks are read at once. */
const CHAT_CONCURRENCY = 8;
/** Jobs rendered, then queued, at a time: the rendered messages of every chat are never all held. */
const QUEUE_BATCH = 500;

/** The snapshot's name: its ids and versions, in a short digest. */
function snapshotOf(disruptions: readonly Disruption[]): string {
  const hash = createHash('sha256');
  for (const line of disruptions.map((d) => `${d.id}\u0000${d.version}`).sort()) hash.update(`${line}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** A chat known only by a saved stop: its kind guessed from its id, for its pace (a group's is the slower). */
function guessedType(platform: Platform, chatId: string): ChatType {
  if (platform === 'telegram') return chatId.startsWith('-') ? 'group' : 'private';
  if (platform === 'discord') return chatId.startsWith('@') ? 'private' : 'group';
  return 'private';
}

const NOTHING: DisruptionPushesQueued = { jobs: 0, handled: Promise.resolve() };

export function createScanEveryChat(deps: DisruptionPushDeps): DisruptionPushes {
  const { logger, claims } = deps;
  const scans = createDisruptionScans({ claims, instance: deps.instance, ...(deps.scanLeaseMs !== undefined ? { leaseMs: deps.scanLeaseMs } : {}) });
  /** The snapshot last read, and the platforms whose scan of it is not known to be done. */
  let current: { snapshot: string; open: Set<Platform> } | undefined;

  /** Every chat of the served platforms and the places it watches, read from the store as a stream. */
  async function watches(platforms: ReadonlySet<Platform>) {
    const chats = new Map<string, AlertTarget>();
    /** Subscriptions paused because the platform refused the chat: pushes pause with them. */
    const refused = new Set<string>();
    const byPlace = new Map<string, { place: Place; chats: Set<string> }>();
    const watch = (key: string, place: Place) => {
      const id = `${place.stopNo}\u0000${place.routeNo ?? ''}`;
      let entry = byPlace.get(id);
      if (entry === undefined) byPlace.set(id, (entry = { place, chats: new Set() }));
      entry.chats.add(key);
    };
    for await (const sub of deps.subscriptions.every()) {
      if (!platforms.has(sub.chat.platform)) continue;
      const key = chatKeyOf(sub.chat);
      chats.set(key, sub.chat);
      if (sub.paused === 'refused') refused.add(key);
      if (sub.paused !== undefined) continue;
      watch(key, { stopNo: sub.stopNo, ...(sub.routeNo !== undefined ? { routeNo: sub.routeNo } : {}) });
    }
    for await (const saved of deps.savedStops.everySaved()) {
      if (!platforms.has(saved.chat.platform)) continue;
      const key = chatKeyOf(saved.chat);
      if (!chats.has(key)) chats.set(key, { ...saved.chat, chatType: guessedType(saved.chat.platform, saved.chat.chatId) });
      watch(key, { stopNo: saved.stopNo });
    }
    for (const key of refused) chats.delete(key);
    return { chats, places: [...byPlace.values()] };
  }

  async function scan(enqueue: DeliveryQueue['enqueue']): Promise<DisruptionPushesQueued> {
    if (deps.transit.disruptions === undefined) return NOTHING;
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
          for (const platform of mine) settled.open.delete(platform);
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
  ): Promise<{ jobs: number; handled: Array<Promise<void>> } | undefined> {
    const started = performance.now();
    const { chats, places } = await watches(platforms);
    const wants = new Map<string, Promise<boolean>>();
    /** Asked once per chat, when a disruption first touches it: a chat that said off is offered nothing. */
    const wanted = (key: string) => {
      let answer = wants.get(key);
      if (answer === undefined) {
        const chat = chats.get(key);
        answer = chat === undefined ? Promise.resolve(false) : deps.chats.disruptionPushes(chat).then((setting) => setting === 'on');
        wants.set(key, answer);
      }
      return answer;
    };
    const picks: ChatPicks<Place> = createChatPicks(MAX_PUSHES_PER_CHAT, async (key, d) => {
      const chat = chats.get(key)!;
      return (await claims.holder(disruptionSentKey(chat, d))) !== undefined;
    });
    let unreadable = false;
    // Each place asked once, whatever the number of chats watching it; its answer offered to them, then dropped.
    await mapLimit(places, ASK_CONCURRENCY, async ({ place, chats: watching }) => {
      if (unreadable) return;
      let found: readonly Disruption[];
      try {
        const reading = await deps.transit.disruptions!({ stop: place.stopNo, ...(place.routeNo !== undefined ? { route: place.routeNo } : {}) });
        if (reading.status !== 'ok') return void (unreadable = true);
        found = reading.disruptions;
      } catch {
        // A stop the schedule no longer has, say: nothing to push for it.
        return;
      }
      if (found.length === 0) return;
      await mapLimit([...watching], CHAT_CONCURRENCY, async (key) => {
        if (!unreadable && (await wanted(key)))
          await picks.offer(
            key,
            found.map((d) => ({ d, place })),
          );
      });
    });
    if (unreadable) {
      // A feed went unreadable half-way: look again next tick rather than push a partial picture.
      logger.info('disruptions unreadable during a scan: tried again next tick');
      return undefined;
    }
    const handled: Array<Promise<void>> = [];
    let jobs = 0;
    let batch: string[] = [];
    const flush = async () => {
      const made = (await mapLimit(batch, ASK_CONCURRENCY, (key) => jobFor(chats.get(key)!, picks, key, snapshot))).filter(
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
        chats: chats.size,
        places: places.length,
        jobs,
        marksRead: picks.counts.marksRead,
        picksHeld: picks.counts.held,
        ms: Math.round(performance.now() - started),
      },
      'disruptions changed: pushes queued',
    );
    return { jobs, handled };
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
    try {
      return await scan(enqueue);
    } catch (err) {
      // A store or feed failure: the next tick looks again (nothing was marked).
      logger.warn({ error: errorLine(err) }, 'disruption pushes not worked out this tick');
      return NOTHING;
    }
  };
  return Object.assign(pushes, { letGo: () => scans.letGoAll().catch(() => undefined) });
}
