// One tick of the scheduler: the current UTC minute and every minute of the catch-up window that
// no instance has handled yet. A minute is claimed (one instance collects it), its alerts are
// found through the index, each distinct stop is fetched once, each alert rendered in its chat's
// language, a chat's alerts of one minute merged into one job, and the jobs queued. The minute is
// marked done once its jobs are safe: in Redis (BullMQ), or delivered (in-process queue).
import type { BotCore } from '../bot/core.js';
import type { Clock } from '../domain/clock.js';
import type { Logger } from '../log.js';
import type { Claims, SubscriptionsRepository } from '../domain/store-ports.js';
import type { Platform } from '../domain/chat.js';
import type { TransitClient } from '../domain/transit-source.js';
import { errorLine } from './error-line.js';
import { collectDue, type Due } from './collect.js';
import { fetchStops } from './fetch-stops.js';
import { mapLimit } from './map-limit.js';
import type { AlertMetricsSink, TickTotals } from './metrics-sink.js';
import { MINUTE_MS, floorMinute } from '../domain/local-minute.js';
import { jobId, minuteDoneKey, minuteLeaseKey, type AlertJob } from './occurrence.js';
import type { DeliveryQueue } from './queue.js';
import type { AlertSettings } from './settings.js';

export interface TickDeps {
  subscriptions: SubscriptionsRepository;
  claims: Claims;
  transit: TransitClient;
  core: Pick<BotCore, 'alertReply'>;
  queue: DeliveryQueue;
  /** Platforms this instance has an adapter for; every instance of a deployment serves the same. */
  platforms: ReadonlySet<Platform>;
  settings: AlertSettings;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetricsSink;
  instance: string;
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

export function createTick(deps: TickDeps): Tick {
  const { claims, logger, metrics, settings } = deps;
  const inHand = new Set<number>();
  const marking = new Set<Promise<void>>();
  const unserved = new Set<Platform>();
  let nextDropCheck: number | undefined;
  let running: Promise<TickTotals | undefined> | undefined;
  const doneTtlMs = (settings.catchUpMinutes + LOOK_BACK_MINUTES + 10) * MINUTE_MS;

  async function claimMinutes(minutes: number[]): Promise<number[]> {
    const claimed: number[] = [];
    for (const minute of minutes) {
      if (inHand.has(minute)) continue;
      if ((await claims.holder(minuteDoneKey(minute))) !== undefined) continue;
      if (await claims.claim(minuteLeaseKey(minute), deps.instance, MINUTE_LEASE_MS)) claimed.push(minute);
    }
    return claimed;
  }

  async function markDone(minute: number): Promise<void> {
    try {
      await claims.claim(minuteDoneKey(minute), deps.instance, doneTtlMs);
    } catch (err) {
      logger.warn(
        { minute: new Date(minute).toISOString(), error: errorLine(err) },
        'could not mark an alert minute done; a catch-up will find its jobs already queued or sent',
      );
    }
  }

  /** Minutes that left the catch-up window unhandled: their alerts are logged and counted, not sent. */
  async function dropExpired(minutes: number[], zones: string[]): Promise<void> {
    for (const minute of await claimMinutes(minutes)) {
      const dues = await collectDue(deps.subscriptions, minute, zones, false);
      const served = dues.filter((d) => deps.platforms.has(d.sub.chat.platform));
      if (served.length > 0) {
        metrics.dropped(served.length);
        logger.warn(
          { minute: new Date(minute).toISOString(), alerts: served.length, first: served.slice(0, 5).map((d) => d.key) },
          'alerts older than the catch-up window: dropped',
        );
      }
      await markDone(minute);
    }
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

  function servedOnly(found: Found[]): Found[] {
    return found.filter(({ due }) => {
      const platform = due.sub.chat.platform;
      if (deps.platforms.has(platform)) return true;
      if (!unserved.has(platform)) {
        unserved.add(platform);
        logger.warn({ platform }, 'alerts due on a platform this instance does not serve: skipped');
      }
      metrics.failed(platform, 'no-adapter');
      return false;
    });
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
      const id = jobId(due.sub.chat, minute);
      const job = jobs.get(id) ?? { id, chat: due.sub.chat, dueAt: minute, parts: [] };
      job.parts.push({ key: due.key, subId: due.sub.id, oneShot: due.sub.oneShot === true, reply });
      jobs.set(id, job);
    });
    return [...jobs.values()];
  }

  /** Marks each collected minute done once its jobs are handled. */
  function settle(minutes: number[], jobs: AlertJob[], results: Awaited<ReturnType<DeliveryQueue['enqueue']>>): void {
    for (const minute of minutes) {
      const mine = results.filter((_, i) => jobs[i]!.dueAt === minute);
      inHand.add(minute);
      const marked: Promise<void> = Promise.all(mine.map((r) => r.handled))
        .then(() => markDone(minute))
        .finally(() => {
          inHand.delete(minute);
          marking.delete(marked);
        });
      marking.add(marked);
    }
  }

  async function run(): Promise<TickTotals> {
    const startedMs = performance.now();
    const current = floorMinute(deps.clock());
    const windowStart = current - settings.catchUpMinutes * MINUTE_MS;
    const zones = await deps.subscriptions.zones();
    await dropExpired(range(nextDropCheck ?? windowStart - LOOK_BACK_MINUTES * MINUTE_MS, windowStart), zones);
    nextDropCheck = Math.max(nextDropCheck ?? 0, windowStart);

    const minutes = await claimMinutes(range(windowStart, current + MINUTE_MS));
    const found: Found[] = [];
    for (const minute of minutes) {
      for (const due of await collectDue(deps.subscriptions, minute, zones, minute === current)) found.push({ due, minute });
    }
    const watched = await stillWatched(servedOnly(found));
    const upstream = await fetchStops(
      deps.transit,
      watched.map(({ due }) => due.sub.stopNo),
    );
    const jobs = await buildJobs(watched, upstream);
    const results = await deps.queue.enqueue(jobs);
    settle(minutes, jobs, results);

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
