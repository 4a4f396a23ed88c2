// Disruptions pushed to the chats they touch: each tick reads the network's active disruptions
// (the feeds are polled at most once per refresh interval, so this costs nothing between polls);
// when that set (ids and versions) changed since the last look, every chat's saved stops and
// subscriptions are read from the store as a stream, folded into distinct places (a stop, a stop
// and a route), each place asked once, and a chat gets each disruption touching one of its places
// once per version: the "sent" mark of (platform, chat, id, version) is the one that decides, so
// restarts, several instances and a scan repeated after a lapsed hold send nothing twice. The jobs
// go through the alerts' own queue and delivery (deliver.ts: one sender per chat, its pace, the
// platform's limiter, the mark once accepted), queued after the minute's alerts.
import { createHash } from 'node:crypto';
import type { BotCore } from '../bot/core.js';
import type { AlertTarget, ChatType, Platform } from '../domain/chat.js';
import type { Clock } from '../domain/clock.js';
import { compareBySeverity, type Disruption } from '../domain/disruption.js';
import type { ChatSettingsRepository, Claims, SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import { errorLine } from '../util/error-line.js';
import { mapLimit } from './map-limit.js';
import type { AlertJob, AlertPart } from './occurrence.js';

export interface DisruptionPushDeps {
  transit: Pick<TransitSource, 'disruptions'>;
  savedStops: Pick<SavedStopsRepository, 'everySaved'>;
  subscriptions: Pick<SubscriptionsRepository, 'every'>;
  chats: Pick<ChatSettingsRepository, 'disruptionPushes'>;
  claims: Claims;
  core: Pick<BotCore, 'disruptionReply'>;
  /** Platforms this instance delivers to: it pushes to their chats only. */
  platforms: ReadonlySet<Platform>;
  clock: Clock;
  logger: Logger;
  instance: string;
}

/** A watched place: a stop, or a stop and one route there. */
interface Place {
  stopNo: string;
  routeNo?: string;
}

/** The jobs this tick adds (none when nothing changed since the last look); never rejects. */
export type DisruptionPushes = () => Promise<AlertJob[]>;

/** A chat hears of this many at once, the most severe first; the rest with the next change. */
export const MAX_PUSHES_PER_CHAT = 5;
/** Places asked at once (each a match against the snapshot in memory, and a schedule look-up). */
const ASK_CONCURRENCY = 8;
/** While one instance scans a snapshot for a platform the others leave it; past this they may (the marks still decide). */
const SCAN_HOLD_MS = 10 * 60_000;
/** "Sent" marks outlive any disruption worth pushing again: a week. */
export const DISRUPTION_SENT_TTL_MS = 7 * 24 * 3_600_000;

const chatPart = (chat: { platform: string; chatId: string }) => `${chat.platform}:${chat.chatId}`;

/** Set once the platform accepted the disruption's message to the chat; a new version is a new key. */
export const disruptionSentKey = (chat: { platform: string; chatId: string }, d: Pick<Disruption, 'id' | 'version'>) =>
  `disruptions:sent:${chatPart(chat)}:${d.id}:${d.version}`;

const scanKey = (platform: Platform, snapshot: string) => `disruptions:scan:${platform}:${snapshot}`;

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

export function createDisruptionPushes(deps: DisruptionPushDeps): DisruptionPushes {
  const { logger, claims } = deps;
  let lastSnapshot: string | undefined;

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
      const key = chatPart(sub.chat);
      chats.set(key, sub.chat);
      if (sub.paused === 'refused') refused.add(key);
      if (sub.paused !== undefined) continue;
      watch(key, { stopNo: sub.stopNo, ...(sub.routeNo !== undefined ? { routeNo: sub.routeNo } : {}) });
    }
    for await (const saved of deps.savedStops.everySaved()) {
      if (!platforms.has(saved.chat.platform)) continue;
      const key = chatPart(saved.chat);
      if (!chats.has(key)) chats.set(key, { ...saved.chat, chatType: guessedType(saved.chat.platform, saved.chat.chatId) });
      watch(key, { stopNo: saved.stopNo });
    }
    for (const key of refused) chats.delete(key);
    return { chats, places: [...byPlace.values()] };
  }

  /** The platforms whose scan of this snapshot this instance takes. */
  async function claimScans(snapshot: string): Promise<Set<Platform>> {
    const mine = new Set<Platform>();
    for (const platform of deps.platforms) if (await claims.claim(scanKey(platform, snapshot), deps.instance, SCAN_HOLD_MS)) mine.add(platform);
    return mine;
  }

  async function scan(): Promise<AlertJob[]> {
    if (deps.transit.disruptions === undefined) return [];
    const network = await deps.transit.disruptions({});
    if (network.status !== 'ok') return [];
    const snapshot = snapshotOf(network.disruptions);
    if (snapshot === lastSnapshot) return [];
    if (network.disruptions.length === 0) {
      lastSnapshot = snapshot;
      return [];
    }
    const platforms = await claimScans(snapshot);
    if (platforms.size === 0) {
      lastSnapshot = snapshot;
      return [];
    }
    try {
      return await scanFor(platforms, snapshot, network.disruptions.length);
    } catch (err) {
      // Let another look (this instance's next tick, or another instance) take it up again.
      await Promise.all([...platforms].map((p) => claims.release(scanKey(p, snapshot)).catch(() => undefined)));
      throw err;
    }
  }

  async function scanFor(platforms: ReadonlySet<Platform>, snapshot: string, active: number): Promise<AlertJob[]> {
    const started = performance.now();
    const { chats, places } = await watches(platforms);
    // Each place asked once, whatever the number of chats watching it.
    const found = await mapLimit(places, ASK_CONCURRENCY, async ({ place }) => {
      try {
        const reading = await deps.transit.disruptions!({ stop: place.stopNo, ...(place.routeNo !== undefined ? { route: place.routeNo } : {}) });
        return reading.status === 'ok' ? reading.disruptions : undefined;
      } catch {
        // A stop the schedule no longer has, say: nothing to push for it.
        return [];
      }
    });
    if (found.some((f) => f === undefined)) {
      // A feed went unreadable half-way: look again next tick rather than push a partial picture.
      logger.info('disruptions unreadable during a scan: tried again next tick');
      await Promise.all([...platforms].map((p) => claims.release(scanKey(p, snapshot)).catch(() => undefined)));
      return [];
    }
    type Touched = Map<string, { d: Disruption; place: Place }>;
    const perChat = new Map<string, Touched>();
    places.forEach(({ place, chats: watching }, i) => {
      for (const d of found[i]!) {
        for (const key of watching) {
          let mine = perChat.get(key);
          if (mine === undefined) perChat.set(key, (mine = new Map() as Touched));
          if (!mine.has(d.id)) mine.set(d.id, { d, place });
        }
      }
    });
    const jobs = (
      await mapLimit([...perChat], ASK_CONCURRENCY, async ([key, touched]) => {
        const chat = chats.get(key);
        if (chat === undefined) return undefined;
        return jobFor(chat, [...touched.values()], snapshot);
      })
    ).filter((job): job is AlertJob => job !== undefined);
    lastSnapshot = snapshot;
    logger.info(
      { disruptions: active, chats: chats.size, places: places.length, jobs: jobs.length, ms: Math.round(performance.now() - started) },
      'disruptions changed: pushes queued',
    );
    return jobs;
  }

  /** The chat's job: the touching disruptions it has not been sent (this version), if it wants them. */
  async function jobFor(chat: AlertTarget, touched: Array<{ d: Disruption; place: Place }>, snapshot: string): Promise<AlertJob | undefined> {
    if ((await deps.chats.disruptionPushes(chat)) !== 'on') return undefined;
    const marks = await Promise.all(touched.map(({ d }) => claims.holder(disruptionSentKey(chat, d))));
    const unsent = touched.filter((_, i) => marks[i] === undefined).sort((a, b) => compareBySeverity(a.d, b.d));
    if (unsent.length === 0) return undefined;
    const parts: AlertPart[] = [];
    for (const { d, place } of unsent.slice(0, MAX_PUSHES_PER_CHAT)) {
      const reply = await deps.core.disruptionReply(chat, d, place);
      parts.push({ key: disruptionSentKey(chat, d), subId: '', oneShot: false, disruption: true, reply });
    }
    return { id: `disruption.${chat.platform}.${encodeURIComponent(chat.chatId)}.${snapshot}`, chat, dueAt: deps.clock().getTime(), parts };
  }

  return async () => {
    try {
      return await scan();
    } catch (err) {
      // A store or feed failure: the next tick looks again (nothing was marked).
      logger.warn({ error: errorLine(err) }, 'disruption pushes not worked out this tick');
      return [];
    }
  };
}
