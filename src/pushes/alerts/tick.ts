// One tick of the scheduler: the current UTC minute and every minute of the catch-up window that
// no instance has handled yet. A minute's alerts to each platform this instance serves are claimed
// (one instance collects them; instances serving other platforms leave them be), found through the
// index, each distinct stop fetched once, each alert rendered in its chat's language, a chat's
// alerts of one minute merged into one job, and the jobs queued. The minute is marked done for
// those platforms once its jobs are safe: in Redis (BullMQ), or delivered (in-process queue).
import type { PushRendering } from '../../core/index.js';
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import type { Claims, SubscriptionsRepository } from '../../domain/store-ports.js';
import type { Platform } from '../../domain/chat.js';
import type { TransitSource } from '../../domain/transit-source.js';
import { errorLine } from '../../util/error-line.js';
import { collectDue, type Due } from './collect.js';
import { fetchStops } from './fetch-stops.js';
import { mapLimit } from '../../util/map-limit.js';
import type { AlertMetricsSink, TickTotals } from '../../domain/alert-metrics-sink.js';
import { MINUTE_MS, floorMinute } from '../../domain/local-minute.js';
import { minuteDoneKey, minuteLeaseKey } from '../claim-keys.js';
import { alertJobId, type AlertJob } from '../delivery/job.js';
import type { DeliveryQueue } from '../delivery/queue.js';
import type { AlertSettings } from '../settings.js';
import type { DisruptionPushes } from '../disruptions/disruption-pushes.js';

export interface TickDeps {
  subscriptions: SubscriptionsRepository;
  claims: Claims;
  transit: TransitSource;
  core: Pick<PushRendering, 'alertReply'>;
  queue: DeliveryQueue;
  /** Platforms this instance has an adapter for: it claims alerts to these only. */
  platforms: ReadonlySet<Platform>;
  settings: AlertSettings;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetricsSink;
  instance: string;
  /** Set: each tick also queues the disruptions to push, after the minute's alerts. */
  disruptionPushes?: DisruptionPushes;
}

export interface Tick {
  /** Runs one tick now; never rejects. undefined: a tick was already running, or this one failed (logged). */
  (): Promise<TickTotals | undefined>;
  /** Resolves once the tick under way, if any, has finished. */
  finished(): Promise<void>;
  /** Resolves once every minute collected so far is marked done (tests). */
  settled(): Promise<void>;
}

/** Long enough to collect a minute of 10,000 alerts; short enough that a dead collector's minute is made up next tick. */
const MINUTE_LEASE_MS = 50_000;
/** On its first tick an instance also looks this far back, to log what went undelivered while none ran. */
const LOOK_BACK_MINUTES = 60;
/** A once-a-day alert waiting in a queue is not queued again meanwhile; past this it may be (the send still checks). */
const QUEUED_HOLD_MS = 5 * MINUTE_MS;
const RENDER_CONCURRENCY = 32;

interface Found {
  due: Due;
  minute: number;
}

/** A UTC minute's alerts to one platform: what an instance claims, collects and marks done. */
interface Share {
  minute: number;
  platform: Platform;
}

const shareId = (share: Share) => `${share.minute}:${share.platform}`;

export function createTick(deps: TickDeps): Tick {
  const { claims, logger, metrics, settings } = deps;
  const inHand = new Set<string>();
  const marking = new Set<Promise<void>>();
  const unserved = new Set<Platform>();
  let nextDropCheck: number | undefined;
  let running: Promise<TickTotals | undefined> | undefined;
  const doneTtlMs = (settings.catchUpMinutes + LOOK_BACK_MINUTES + 10) * MINUTE_MS;

  /** The shares of these minutes no instance has done or holds, now held by this one. */
  async function claimShares(minutes: number[]): Promise<Share[]> {
    const claimed: Share[] = [];
    for (const minute of minutes) {
      for (const platform of deps.platforms) {
        const share = { minute, platform };
        if (inHand.has(shareId(share))) continue;
        if ((await claims.holder(minuteDoneKey(minute, platform))) !== undefined) continue;
        if (await claims.claim(minuteLeaseKey(minute, platform), deps.instance, MINUTE_LEASE_MS)) claimed.push(share);
      }
    }
    return claimed;
  }

  async function markDone({ minute, platform }: Share): Promise<void> {
    try {
      await claims.claim(minuteDoneKey(minute, platform), deps.instance, doneTtlMs);
    } catch (err) {
      logger.warn(
        { minute: new Date(minute).toISOString(), platform, error: errorLine(err) },
        'could not mark an alert minute done; a catch-up will find its jobs already queued or sent',
      );
    }
  }

  /** The alerts of these minutes to the platforms claimed for each; those to other platforms are left to instances serving them. */
  async function collectShares(shares: Share[], zones: string[], current: number | undefined): Promise<Found[]> {
    const found: Found[] = [];
    for (const minute of new Set(shares.map((s) => s.minute))) {
      const mine = new Set(shares.filter((s) => s.minute === minute).map((s) => s.platform));
      for (const due of await collectDue(deps.subscriptions, minute, zones, minute === current)) {
        const platform = due.sub.chat.platform;
        if (mine.has(platform)) found.push({ due, minute });
        else if (!deps.platforms.has(platform)) noteUnserved(platform);
      }
    }
    return found;
  }

  function noteUnserved(platform: Platform): void {
    if (unserved.has(platform)) return;
    unserved.add(platform);
    logger.info({ platform }, 'alerts due on a platform this instance does not serve: left to an instance that does');
  }

  /** Minutes that left the catch-up window unhandled: their alerts are logged and counted, not sent. */
  async function dropExpired(minutes: number[], zones: string[]): Promise<void> {
    const shares = await claimShares(minutes);
    const found = await collectShares(shares, zones, undefined);
    for (const minute of new Set(shares.map((s) => s.minute))) {
      const dues = found.filter((f) => f.minute === minute).map((f) => f.due);
      if (dues.length > 0) {
        metrics.dropped(dues.length);
        logger.warn(
          { minute: new Date(minute).toISOString(), alerts: dues.length, first: dues.slice(0, 5).map((d) => d.key) },
          'alerts older than the catch-up window: dropped',
        );
      }
    }
    await Promise.all(shares.map(markDone));
  }

  /** Once-a-day alerts already sent today, or waiting in a queue, are not looked at again. */
  async function stillWatched(found: Found[]): Promise<Found[]> {
    const keep = await mapLimit(found, RENDER_CONCURRENCY, async ({ due }) => {
      if (due.hold === undefined) return true;
      const [sent, queued] = await Promise.all([claims.holder(due.key), claims.holder(due.hold)]);
      return sent === undefined && queued === undefined;
    });
    return found.filter((_, i) => keep[i]);
  }

  async function buildJobs(found: Found[], upstream: Awaited<ReturnType<typeof fetchStops>>): Promise<AlertJob[]> {
    const replies = await mapLimit(found, RENDER_CONCURRENCY, async ({ due }) => {
      try {
        const reply = await deps.core.alertReply(due.sub, upstream.get(due.sub.stopNo)!);
        if (reply === undefined || due.hold === undefined) return reply;
        // Its condition holds (the bus is near): hold the alert so the next ticks leave it to this queue.
        return (await claims.claim(due.hold, deps.instance, QUEUED_HOLD_MS)) ? reply : undefined;
      } catch (err) {
        logger.warn({ key: due.key, error: errorLine(err) }, 'could not render an alert');
        return undefined;
      }
    });
    const jobs = new Map<string, AlertJob>();
    found.forEach(({ due, minute }, i) => {
      const reply = replies[i];
      if (reply === undefined) return;
      const id = alertJobId(due.sub.chat, minute);
      const job = jobs.get(id) ?? { id, chat: due.sub.chat, dueAt: minute, parts: [] };
      job.parts.push({ key: due.key, subId: due.sub.id, oneShot: due.sub.oneShot === true, reply });
      jobs.set(id, job);
    });
    return [...jobs.values()];
  }

  /** Marks each collected share done once its jobs are handled. */
  function settle(shares: Share[], jobs: AlertJob[], results: Awaited<ReturnType<DeliveryQueue['enqueue']>>): void {
    for (const share of shares) {
      const mine = results.filter((_, i) => jobs[i]!.dueAt === share.minute && jobs[i]!.chat.platform === share.platform);
      inHand.add(shareId(share));
      const marked: Promise<void> = Promise.all(mine.map((r) => r.handled))
        .then(() => markDone(share))
        .finally(() => {
          inHand.delete(shareId(share));
          marking.delete(marked);
        });
      marking.add(marked);
    }
  }

  /** Behind the chat's own alerts: queued after them, so a chat's pace lets its alerts go first. */
  async function queueDisruptions(): Promise<void> {
    if (deps.disruptionPushes === undefined) return;
    const { jobs, handled } = await deps.disruptionPushes((batch) => deps.queue.enqueue(batch));
    if (jobs === 0) return;
    const tracked: Promise<void> = handled.finally(() => marking.delete(tracked));
    marking.add(tracked);
  }

  async function run(): Promise<TickTotals> {
    const startedMs = performance.now();
    const current = floorMinute(deps.clock());
    const windowStart = current - settings.catchUpMinutes * MINUTE_MS;
    const zones = await deps.subscriptions.zones();
    await dropExpired(range(nextDropCheck ?? windowStart - LOOK_BACK_MINUTES * MINUTE_MS, windowStart), zones);
    nextDropCheck = Math.max(nextDropCheck ?? 0, windowStart);

    const shares = await claimShares(range(windowStart, current + MINUTE_MS));
    const minutes = [...new Set(shares.map((s) => s.minute))];
    const watched = await stillWatched(await collectShares(shares, zones, current));
    const upstream = await fetchStops(
      deps.transit,
      watched.map(({ due }) => due.sub.stopNo),
    );
    const jobs = await buildJobs(watched, upstream);
    const results = await deps.queue.enqueue(jobs);
    settle(shares, jobs, results);
    await queueDisruptions();

    const made = minutes.filter((m) => m < current);
    if (made.length > 0) logger.info({ minutes: made.map((m) => new Date(m).toISOString()) }, 'made up minutes no instance had handled');
    return {
      minutes: minutes.length,
      due: jobs.reduce((n, job) => n + job.parts.length, 0),
      queued: results.filter((r) => r.state === 'queued').length,
      repeats: results.filter((r) => r.state === 'repeat').length,
      upstreamCalls: upstream.size,
      upstreamFailures: [...upstream.values()].filter((f) => 'failure' in f).length,
      ms: Math.round(performance.now() - startedMs),
    };
  }

  const tick = (): Promise<TickTotals | undefined> => {
    if (running !== undefined) {
      logger.debug('alert tick skipped: the previous one is still running');
      return Promise.resolve(undefined);
    }
    running = guardedRun().finally(() => (running = undefined));
    return running;
  };

  async function guardedRun(): Promise<TickTotals | undefined> {
    try {
      const totals = await run();
      metrics.tick(totals);
      logger.info(totals, 'alert tick');
      return totals;
    } catch (err) {
      // A store or backend failure: the claimed minutes' leases lapse and a later tick makes them up.
      logger.warn({ error: errorLine(err) }, 'alert tick failed; the next one makes it up');
      return undefined;
    }
  }

  return Object.assign(tick, {
    finished: async () => void (await running),
    settled: async () => {
      while (marking.size > 0) await Promise.allSettled([...marking]);
    },
  });
}

/** UTC minutes from `start` (included) to `end` (excluded). */
function range(start: number, end: number): number[] {
  const out: number[] = [];
  for (let m = start; m < end; m += MINUTE_MS) out.push(m);
  return out;
}
