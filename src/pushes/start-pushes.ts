// The pushes as main.ts starts them: a delivery queue (BullMQ when Redis is the store, in-process
// otherwise), the minute's tick (alerts, then disruptions), the live messages' rounds, and the one
// timer that fires them (timer.ts). Metrics go to the sink main hands in (ops/); nothing here
// serves HTTP.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { PushRendering, RiderAnswers, Speaking } from '../core/index.js';
import type { ChatRef, ChatType, Platform } from '../domain/chat.js';
import type { Clock } from '../domain/clock.js';
import type { Logger } from '../log.js';
import { noMetrics, type AlertMetricsSink } from '../domain/alert-metrics-sink.js';
import type { EditLimits, LiveEditor } from '../domain/live-editor.js';
import type {
  ChatLifecycle,
  ChatSettingsRepository,
  Claims,
  LiveMessagesRepository,
  SavedStopsRepository,
  SubscriptionsRepository,
  WatchChanges,
} from '../domain/store-ports.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Notifier } from '../domain/notifier.js';
import { sleep } from '../util/sleep.js';
import { createTick, type Tick } from './alerts/tick.js';
import { createBullQueue } from './delivery/bull-queue.js';
import { createDeliver, type Deliver } from './delivery/deliver.js';
import { createLocalQueue } from './delivery/local-queue.js';
import type { DeliveryQueue } from './delivery/queue.js';
import { spacedNotifier } from './delivery/spaced-notifier.js';
import { createDisruptionPushes, type DisruptionPushes } from './disruptions/disruption-pushes.js';
import { CAUTIOUS_EDIT_LIMITS, createEditBudget } from './live/edit-budget.js';
import { fleetBudget, type FleetBudget } from './fleet-budget.js';
import { budgetedNotifier } from './delivery/budgeted-notifier.js';
import { memorySharedRate } from './memory-shared-rate.js';
import type { SharedRate } from '../domain/shared-rate.js';
import { createLiveUpdater, type LiveUpdater } from './live/live-updater.js';
import { perSecondOf, type AlertSettings } from './settings.js';
import { createTripChangePushes, type TripChangePushes, type TripChangeRound } from './trip-changes/trip-change-pushes.js';
import { createWaiting } from './trip-changes/waiting.js';
import { createPushesTimer, LIVE_ROUND_MS, type Schedule } from './timer.js';

export interface PushesDeps {
  core: PushRendering & Pick<RiderAnswers, 'run'> & Pick<Speaking, 'localeOf' | 't'>;
  /** With saved stops and chat settings, disruptions touching a chat's stops are pushed to it too; with live messages, they are edited. */
  store: {
    subscriptions: SubscriptionsRepository;
    claims: Claims;
    /** A chat the platform refuses pauses its pushes; one that moved takes them to its new id. */
    lifecycle: Pick<ChatLifecycle, 'refused' | 'moved'>;
    savedStops?: SavedStopsRepository;
    chats?: ChatSettingsRepository;
    /** The store's own writes, heard at once by the disruption pushes. */
    onWatchChange?: WatchChanges['onWatchChange'];
    liveMessages?: LiveMessagesRepository;
    /** On Redis: each platform's sends and edits, and each chat's pace, counted across the fleet; absent: in this instance's memory. */
    sharedRate?: SharedRate;
  };
  transit: TransitSource;
  notifiers: readonly Notifier[];
  /** What a chat is by its id, as its platform reads it (chat/platforms.ts): the pace of pushes to chats known only by their saved stops. */
  chatTypeOf: (chat: ChatRef) => ChatType;
  /** The adapters' editors of live messages (📍 pins, 🔴 boards); none: no live rounds. */
  liveEditors?: readonly LiveEditor[];
  /** Each platform's limits on edits of live messages, as it declares them (chat/platforms.ts). */
  editLimits?: Readonly<Record<Platform, EditLimits>>;
  settings: AlertSettings;
  /** Set: deliver through BullMQ on this Redis (several instances share the queue and its limits). */
  redisUrl?: string;
  /** BullMQ key prefix. */
  queuePrefix?: string;
  /** Where ticks and deliveries are counted (ops/'s Prometheus series); none by default. */
  metrics?: AlertMetricsSink;
  clock: Clock;
  logger: Logger;
  /** This instance's name in claims and leases (main's, shared with the feeds' polls); default: a new one. */
  instance?: string;
  /** false: no timer, the caller runs tick() and live rounds (tests drive the clock). */
  timer?: boolean;
  /** The timer's driver (node-cron by default). */
  schedule?: Schedule;
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

export interface Pushes {
  tick: Tick;
  /**
   * The half-minute's realtime round: the feeds read, then the trip changes pushed to the chats
   * waiting for them (absent: the source follows no realtime feed). The timer runs it; tests call it.
   */
  realtime?: () => Promise<TripChangeRound>;
  /** The live messages' rounds, when there are editors and a repository of live messages. */
  live?: LiveUpdater;
  /** Stops the timer, waits for the tick, the round and the sends under way, closes the queue. */
  stop(): Promise<void>;
}

export function startPushes(deps: PushesDeps): Pushes {
  const { settings, logger, clock } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const instance = deps.instance ?? instanceName();
  const platforms = deps.notifiers.map((n) => n.platform);
  const tuning = deps.tuning ?? {};
  const budgets = platformBudgets(deps, deps.store.sharedRate ?? memorySharedRate());
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
      chatPace: (chat) => budgets.get(chat.platform)?.chat(chat.chatId, chat.chatType) ?? Promise.resolve(0),
      ...(tuning.sendingLeaseMs !== undefined ? { sendingLeaseMs: tuning.sendingLeaseMs } : {}),
    });
  // Every send drawn from its platform's one budget, the live edits' too.
  const budgeted = (n: Notifier) => {
    const budget = budgets.get(n.platform);
    return budget !== undefined ? budgetedNotifier(n, budget) : n;
  };
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
          deliver: deliverWith(deps.notifiers.map(budgeted)),
          settings,
          ...(tuning.lockDurationMs !== undefined ? { lockDurationMs: tuning.lockDurationMs } : {}),
          ...(tuning.stalledIntervalMs !== undefined ? { stalledIntervalMs: tuning.stalledIntervalMs } : {}),
        })
      : createLocalQueue({
          ...common,
          // Without Redis this process is the only sender: it spaces its own sends.
          deliver: deliverWith(deps.notifiers.map((n) => budgeted(spacedNotifier(n, perSecondOf(settings, n.platform))))),
          now: () => clock().getTime(),
        });
  metrics.queue(() => queue.depth());

  const { savedStops, chats, onWatchChange } = deps.store;
  const disruptionPushes: DisruptionPushes | undefined =
    deps.transit.disruptions !== undefined && deps.transit.watching !== undefined && savedStops !== undefined && chats !== undefined
      ? createDisruptionPushes({
          transit: deps.transit,
          savedStops,
          subscriptions: deps.store.subscriptions,
          ...(onWatchChange !== undefined ? { changes: { onWatchChange } } : {}),
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
  const tripChanges: TripChangePushes | undefined =
    deps.transit.refreshRealtime !== undefined
      ? createTripChangePushes({
          transit: deps.transit,
          waiting: createWaiting({
            subscriptions: deps.store.subscriptions,
            ...(deps.store.liveMessages !== undefined ? { liveMessages: deps.store.liveMessages } : {}),
            platforms: new Set(platforms),
          }),
          claims: deps.store.claims,
          core: deps.core,
          clock,
          logger,
        })
      : undefined;
  const realtime =
    tripChanges !== undefined
      ? async () => {
          await followRealtime(deps.transit, logger);
          return tripChanges((jobs) => queue.enqueue(jobs));
        }
      : undefined;
  const editors = deps.liveEditors ?? [];
  const live: LiveUpdater | undefined =
    editors.length > 0 && deps.store.liveMessages !== undefined
      ? createLiveUpdater({
          core: deps.core,
          messages: deps.store.liveMessages,
          claims: deps.store.claims,
          editors,
          // One budget per platform, each within the limits the platform declares.
          ...editBudgets(editors, deps.editLimits ?? {}, clock),
          fleet: Object.fromEntries(budgets),
          clock,
          intervalMs: LIVE_ROUND_MS,
          instanceId: instance,
          notifiers: deps.notifiers,
          logger,
        })
      : undefined;
  const timer =
    deps.timer !== false
      ? createPushesTimer(
          {
            minute: () => tick(),
            ...(live !== undefined ? { liveRound: () => live.round() } : {}),
            ...(realtime !== undefined ? { realtimeRound: realtime } : {}),
          },
          { logger, ...(deps.schedule !== undefined ? { schedule: deps.schedule } : {}) },
        )
      : undefined;
  logger.info(
    {
      queue: deps.redisUrl !== undefined ? 'bullmq' : 'in-process',
      platforms,
      live: editors.map((e) => e.platform),
      catchUpMinutes: settings.catchUpMinutes,
      perSecond: settings.perSecond,
      instance,
    },
    'pushes started',
  );
  timer?.start();

  let stopping: Promise<void> | undefined;
  return {
    tick,
    ...(live !== undefined ? { live } : {}),
    ...(realtime !== undefined ? { realtime } : {}),
    stop: () =>
      (stopping ??= (async () => {
        // The tick under way finishes queueing, a round its edits; what was queued in-process waits for the next start.
        await timer?.stop();
        await tick.finished();
        await queue.close();
        // Disruption pushes still waiting in-process: their scans let go, so the next start sends them at once.
        await disruptionPushes?.letGo();
        logger.info('pushes stopped');
      })()),
  };
}

/** One edit budget per platform with live editors, within its declared limits; the first is the fallback. */
function editBudgets(editors: readonly LiveEditor[], limits: Readonly<Record<Platform, EditLimits>>, clock: Clock) {
  const budgets = Object.fromEntries(
    [...new Set(editors.map((editor) => editor.platform))].flatMap((platform) =>
      limits[platform] !== undefined ? [[platform, createEditBudget(limits[platform], clock)] as const] : [],
    ),
  );
  const fallback = budgets[editors[0]!.platform] ?? createEditBudget(CAUTIOUS_EDIT_LIMITS, clock);
  return { budget: fallback, budgets };
}

/**
 * Each platform's one budget for what the pushes send and edit, at its pace of pushes, with each
 * chat's pace: across the fleet on the store's shared rate, else in this instance's memory.
 */
function platformBudgets(deps: PushesDeps, shared: SharedRate): Map<Platform, FleetBudget> {
  const platforms = new Set([...deps.notifiers.map((n) => n.platform), ...(deps.liveEditors ?? []).map((e) => e.platform)]);
  const chat = { gapMs: deps.settings.chatIntervalMs, groupPerMinute: deps.settings.groupPerMinute };
  return new Map(
    [...platforms].map((platform) => [
      platform,
      fleetBudget(shared, platform, { perSecond: perSecondOf(deps.settings, platform), chat }, deps.logger),
    ]),
  );
}

/** The realtime feeds read once per round; a failure is the feed's own to report, never the timer's. */
async function followRealtime(transit: TransitSource, logger: Logger): Promise<void> {
  try {
    await transit.refreshRealtime?.();
  } catch (err) {
    logger.warn({ problem: err instanceof Error ? err.name : 'unknown' }, 'realtime feeds not read this round');
  }
}

/** An instance's name: its host, its process and a few random characters (a restarted process is another instance). */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
