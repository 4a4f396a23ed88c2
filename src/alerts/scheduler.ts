// The alert scheduler as main.ts starts it: a delivery queue (BullMQ when Redis is the store,
// in-process otherwise), the tick node-cron runs every minute (and once at start, to make up what
// a restart missed), Prometheus metrics and /healthz when a port is given.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import cron, { type ScheduledTask } from 'node-cron';
import type { PushRendering } from '../core/index.js';
import type { ChatRef, ChatType } from '../domain/chat.js';
import type { Clock } from '../domain/clock.js';
import type { Logger } from '../log.js';
import { createAlertMetrics, type AlertMetrics } from '../metrics/alert-metrics.js';
import { registerFeedMetrics } from '../metrics/feed-metrics.js';
import { startMetricsServer, type MetricsServer } from '../metrics/server.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  Claims,
  SavedStopsRepository,
  SubscriptionsRepository,
  WatchChanges,
} from '../domain/store-ports.js';
import { createDisruptionPushes, type DisruptionPushes } from './disruption-pushes.js';
import type { TransitSource } from '../domain/transit-source.js';
import { sleep } from '../util/sleep.js';
import { createBullQueue } from './bull-queue.js';
import { createDeliver, type Deliver } from './deliver.js';
import { createLocalQueue } from './local-queue.js';
import type { Notifier } from '../domain/notifier.js';
import { MINUTE_MS } from '../domain/local-minute.js';
import type { DeliveryQueue } from './queue.js';
import { perSecondOf, type AlertSettings } from './settings.js';
import { spacedNotifier } from './spaced-notifier.js';
import { createTick, type Tick } from './tick.js';

export interface AlertSchedulerDeps {
  core: PushRendering;
  /** With saved stops and chat settings, disruptions touching a chat's stops are pushed to it too. */
  store: {
    subscriptions: SubscriptionsRepository;
    claims: Claims;
    /** A chat the platform refuses pauses its pushes; one that moved takes them to its new id. */
    lifecycle: Pick<ChatLifecycle, 'refused' | 'moved'>;
    savedStops?: SavedStopsRepository;
    chats?: ChatSettingsRepository;
    /** The store's own writes, heard at once by the disruption pushes' watch list. */
    onWatchChange?: WatchChanges['onWatchChange'];
  };
  transit: TransitSource;
  notifiers: readonly Notifier[];
  /** What a chat is by its id, as its platform reads it (chat/platforms.ts): the pace of pushes to chats known only by their saved stops. */
  chatTypeOf: (chat: ChatRef) => ChatType;
  settings: AlertSettings;
  /** Set: deliver through BullMQ on this Redis (several instances share the queue and its limits). */
  redisUrl?: string;
  /** BullMQ key prefix. */
  queuePrefix?: string;
  /** Set: serve /metrics and /healthz on this port (0: any free one). */
  metricsPort?: number;
  /** The address to serve them on; the loopback interface when absent. */
  metricsHost?: string;
  clock: Clock;
  logger: Logger;
  /** false: no timer, the caller runs tick() (tests drive the clock). */
  cron?: boolean;
  /** Shorter holds and checks for tests that kill an instance; production keeps the defaults. */
  tuning?: {
    sendingLeaseMs?: number;
    lockDurationMs?: number;
    stalledIntervalMs?: number;
    backoffMs?: number;
    concurrency?: number;
    /** How long a disruption scan is held before another look may take it over. */
    disruptionScanLeaseMs?: number;
    /** How often the disruption pushes' watch list is read again from the store. */
    disruptionWatchRebuildMs?: number;
  };
}

export interface AlertScheduler {
  tick: Tick;
  metrics: AlertMetrics;
  /** The metrics server's port, when one runs. */
  metricsPort?: number;
  /** Stops ticking, waits for the tick and the sends under way, closes the queue and the metrics server. */
  stop(): Promise<void>;
}

/** /healthz turns 503 when no tick has finished for this long. */
const HEALTHY_TICK_AGE_MS = 3 * MINUTE_MS;

export async function startAlertScheduler(deps: AlertSchedulerDeps): Promise<AlertScheduler> {
  const { settings, logger, clock } = deps;
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const platforms = deps.notifiers.map((n) => n.platform);
  // The queue is built below with these metrics; the depth is only read once it exists.
  const metrics = createAlertMetrics({ queueDepth: () => queue.depth(), now: () => clock().getTime() });
  const tuning = deps.tuning ?? {};
  const deliverWith = (notifiers: readonly Notifier[]): Deliver =>
    createDeliver({
      notifiers,
      claims: deps.store.claims,
      subscriptions: deps.store.subscriptions,
      ...(deps.store.chats !== undefined ? { chats: deps.store.chats } : {}),
      lifecycle: deps.store.lifecycle,
      settings,
      clock,
      logger,
      metrics,
      instance,
      sleep,
      ...(tuning.sendingLeaseMs !== undefined ? { sendingLeaseMs: tuning.sendingLeaseMs } : {}),
    });
  const common = {
    logger,
    metrics,
    ...(tuning.backoffMs !== undefined ? { backoffMs: tuning.backoffMs } : {}),
    ...(tuning.concurrency !== undefined ? { concurrency: tuning.concurrency } : {}),
  };
  const queue: DeliveryQueue =
    deps.redisUrl !== undefined
      ? createBullQueue({
          ...common,
          redisUrl: deps.redisUrl,
          prefix: deps.queuePrefix ?? 'arrivals-bot:bull',
          platforms,
          deliver: deliverWith(deps.notifiers),
          settings,
          ...(tuning.lockDurationMs !== undefined ? { lockDurationMs: tuning.lockDurationMs } : {}),
          ...(tuning.stalledIntervalMs !== undefined ? { stalledIntervalMs: tuning.stalledIntervalMs } : {}),
        })
      : createLocalQueue({
          ...common,
          // Without Redis this process is the only sender: it spaces its own sends.
          deliver: deliverWith(deps.notifiers.map((n) => spacedNotifier(n, perSecondOf(settings, n.platform)))),
          now: () => clock().getTime(),
        });

  const { savedStops, chats } = deps.store;
  const store = deps.store;
  const disruptionPushes: DisruptionPushes | undefined =
    deps.transit.disruptions !== undefined && deps.transit.watching !== undefined && savedStops !== undefined && chats !== undefined
      ? createDisruptionPushes({
          transit: deps.transit,
          savedStops,
          subscriptions: deps.store.subscriptions,
          ...(store.onWatchChange !== undefined ? { changes: { onWatchChange: (listener) => store.onWatchChange!(listener) } } : {}),
          chats,
          claims: deps.store.claims,
          core: deps.core,
          platforms: new Set(platforms),
          chatTypeOf: deps.chatTypeOf,
          clock,
          logger,
          instance,
          ...(tuning.disruptionScanLeaseMs !== undefined ? { scanLeaseMs: tuning.disruptionScanLeaseMs } : {}),
          ...(tuning.disruptionWatchRebuildMs !== undefined ? { watchRebuildMs: tuning.disruptionWatchRebuildMs } : {}),
        })
      : undefined;
  const tick = createTick({
    subscriptions: deps.store.subscriptions,
    claims: deps.store.claims,
    ...(disruptionPushes !== undefined ? { disruptionPushes } : {}),
    transit: deps.transit,
    core: deps.core,
    queue,
    platforms: new Set(platforms),
    settings,
    clock,
    logger,
    metrics,
    instance,
  });
  // Each feed's state beside the alerts' series: one down or loading shows by itself.
  const feeds = () => deps.transit.status?.() ?? [];
  registerFeedMetrics(metrics.registry, feeds);
  let task: ScheduledTask | undefined;
  if (deps.cron !== false) {
    task = cron.schedule('* * * * *', () => tick(), { name: 'alerts', noOverlap: true, logger: cronLogger(logger) });
  }
  const startedAt = clock().getTime();
  let server: MetricsServer | undefined;
  if (deps.metricsPort !== undefined) {
    server = await startMetricsServer({
      port: deps.metricsPort,
      ...(deps.metricsHost !== undefined ? { host: deps.metricsHost } : {}),
      registry: metrics.registry,
      logger,
      health: () => {
        const last = metrics.lastTickAt();
        const age = clock().getTime() - (last ?? startedAt);
        const states = feeds();
        // A feed with no schedule to answer from, and none coming by waiting, is the operator's to fix.
        const scheduleMissing = states.some((s) => s.schedule === 'failed');
        return {
          ok: age < HEALTHY_TICK_AGE_MS && !scheduleMissing,
          lastTick: last === undefined ? null : new Date(last).toISOString(),
          ...(states.length > 0 ? { feeds: states } : {}),
        };
      },
    });
  }
  logger.info(
    {
      queue: deps.redisUrl !== undefined ? 'bullmq' : 'in-process',
      platforms,
      catchUpMinutes: settings.catchUpMinutes,
      perSecond: settings.perSecond,
      instance,
    },
    'alert scheduler started',
  );
  // A restart may have missed minutes: make them up now rather than at the next full minute.
  if (task !== undefined) void tick();

  let stopping: Promise<void> | undefined;
  return {
    tick,
    metrics,
    ...(server !== undefined ? { metricsPort: server.port } : {}),
    stop: () =>
      (stopping ??= (async () => {
        await task?.destroy();
        // A tick under way finishes queueing; what it queued in-process waits for the next start.
        await tick.finished();
        await queue.close();
        // Disruption pushes still waiting in-process: their scans let go, so the next start sends them at once.
        await disruptionPushes?.letGo();
        await server?.close();
        logger.info('alert scheduler stopped');
      })()),
  };
}

/** node-cron's own messages (a missed execution, an overlap) into our log. */
function cronLogger(logger: Logger) {
  return {
    info: (message: string) => logger.debug({ component: 'node-cron' }, message),
    warn: (message: string) => logger.warn({ component: 'node-cron' }, message),
    error: (message: string | Error, err?: Error) => logger.warn({ component: 'node-cron', error: String(err ?? message) }, 'node-cron error'),
    debug: (message: string | Error) => logger.debug({ component: 'node-cron' }, String(message)),
  };
}
