// Several instances, in one process, pushing together: each with its own store on one Redis
// namespace (as instances behind a balancer are), its own Telegram client, BullMQ worker and live
// updater, all against one fake Bot API, which stamps each request as it receives it. Alerts due
// in one minute and live pins are pushed at once: for the fleet-pushes test and bench, how many
// requests (sends and edits together) the Bot API sees in its busiest second, and per chat.
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createBotCore } from '../../src/core/index.js';
import { chatTypeOf } from '../../src/chat/platforms.js';
import { createTelegramBot } from '../../src/chat/telegram/index.js';
import { TELEGRAM_EDIT_LIMITS, TELEGRAM_PUSHES_PER_SECOND } from '../../src/chat/telegram/limits.js';
import type { ChatType } from '../../src/domain/chat.js';
import type { Clock } from '../../src/domain/clock.js';
import { startPushes, type Pushes } from '../../src/pushes/start-pushes.js';
import type { LiveRound } from '../../src/pushes/live/live-updater.js';
import { LIVE_ROUND_MS } from '../../src/pushes/timer.js';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../src/pushes/settings.js';
import { openStore, type Store } from '../../src/store/index.js';
import { mapLimit } from '../../src/util/map-limit.js';
import { fakeTransit, route, stopArrivals, trip } from '../core/fakes.js';
import { startFakeBotApi } from '../chat/telegram/fake-bot-api.js';
import { trackedBusBoard } from '../chat/tracked-bus.js';
import { at, subscription } from './fakes.js';

const TOKEN = '123456789:AAH-fake_Token-value-for-tests_only';
// Monday 23 Nov 2026, 07:30 in Ottawa.
const DUE = Date.parse('2026-11-23T12:30:00.000Z');

export interface FleetPushRun {
  /** Each request the Bot API received: when (ms, its clock), to which chat, send or edit. */
  requests: Array<{ at: number; chatId: string; kind: 'send' | 'edit' }>;
  /** Edits the instances made, and those left to a next round. */
  moved: number;
  deferred: number;
}

export interface FleetPushOptions {
  redisUrl: string;
  namespace: string;
  instances: number;
  /** Alerts due at 07:30, one chat each (or all to `chat` when given). */
  alerts: number;
  /** Live pins, one chat each (or all in `chat`). */
  pins: number;
  /** true: the fleet's budget in Redis; false: each instance its own, in memory. */
  shared: boolean;
  /** Everything pushed to this one chat (a group, say) instead of one chat each. */
  chat?: { chatId: string; chatType: ChatType };
  settings?: Partial<AlertSettings>;
  /**
   * The instances' live rounds one after the other, each in the next round's slot (the calendar
   * moved on 30 s, real time not): each instance edits the pins it can, not those another claimed.
   */
  oneAfterAnother?: boolean;
}

/** The alerts of one minute and one round of live pins, pushed by `instances` instances at once. */
export async function fleetPushes(options: FleetPushOptions): Promise<FleetPushRun> {
  const api = await startFakeBotApi({ token: TOKEN });
  const stores: Store[] = [];
  const pushes: Pushes[] = [];
  const requests: FleetPushRun['requests'] = [];
  api.onCall((call) => {
    const kind = call.method === 'sendMessage' ? 'send' : call.method === 'editMessageLiveLocation' ? 'edit' : undefined;
    if (kind !== undefined) requests.push({ at: performance.now(), chatId: String(call.params.chat_id), kind });
  });
  try {
    for (let i = 0; i < options.instances; i++)
      stores.push(await openStore({ dataDir: '/nonexistent', redisUrl: options.redisUrl, namespace: options.namespace }));
    // The calendar moves from 07:30:00 with real time: the tick finds the alerts due, the pins within their period.
    const started = performance.now();
    let skipped = 0;
    const clock: Clock = () => new Date(DUE + skipped + (performance.now() - started));
    let lat = 45.4;
    const transit = fakeTransit({
      next: { 'next 3017 95': () => trackedBusBoard(clock, (lat += 1e-5), 3) },
      all: { 'all 3017': stopArrivals([route('95', [trip(4), trip(19)])], '3017', 'BASELINE') },
      summary: { 'summary 3017': stopArrivals([route('95', [])], '3017', 'BASELINE') },
    });
    const chatOf = (i: number) => options.chat ?? { chatId: String(300_000 + i), chatType: 'private' as const };
    const subs = Array.from({ length: options.alerts }, (_, i) => subscription(at('07:30'), { id: `f${i}`, ...chatOf(i) }));
    await mapLimit(subs, 50, (sub) => stores[0]!.subscriptions.add(sub, 20));
    const until = new Date(DUE + 60 * 60_000).toISOString();
    for (let i = 0; i < options.pins; i++) {
      const { chatId, chatType } = options.chat ?? { chatId: String(200_000 + i), chatType: 'private' as const };
      api.knowLiveLocation(Number(chatId), i + 1, 45.4, -75.735);
      await stores[0]!.liveMessages.put({
        id: `telegram.${chatId}.${i + 1}`,
        platform: 'telegram',
        chatId,
        chatType,
        messageId: String(i + 1),
        request: { name: 'where', options: { stop: '3017', route: '95', trip: '0740' } },
        until,
      });
    }
    const logger = pino({ level: 'silent' });
    const settings: AlertSettings = {
      ...DEFAULT_ALERT_SETTINGS,
      perSecond: { telegram: TELEGRAM_PUSHES_PER_SECOND, discord: 45, console: 45 },
      ...options.settings,
    };
    for (const [i, store] of stores.entries()) {
      const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
      // Never started: its notifier and live editor are used, which need no getMe.
      const telegram = createTelegramBot({ token: TOKEN, apiRoot: api.apiRoot, logger, core, lifecycle: store.lifecycle });
      pushes.push(
        startPushes({
          core,
          store: {
            subscriptions: store.subscriptions,
            claims: store.claims,
            lifecycle: store.lifecycle,
            liveMessages: store.liveMessages,
            ...(options.shared && store.sharedRate !== undefined ? { sharedRate: store.sharedRate } : {}),
          },
          transit,
          notifiers: [telegram.notifier],
          liveEditors: [telegram.liveEditor],
          editLimits: { telegram: TELEGRAM_EDIT_LIMITS },
          chatTypeOf,
          settings,
          redisUrl: options.redisUrl,
          queuePrefix: `${options.namespace}:bull`,
          clock,
          logger,
          instance: `instance-${i}`,
          timer: false,
        }),
      );
    }
    const ticks = Promise.all(pushes.map((instance) => instance.tick().then(() => instance.tick.settled())));
    const rounds: LiveRound[] = [];
    if (options.oneAfterAnother === true)
      for (const [i, instance] of pushes.entries()) {
        if (i > 0) skipped += LIVE_ROUND_MS;
        rounds.push(await instance.live!.round());
      }
    else rounds.push(...(await Promise.all(pushes.map((instance) => instance.live!.round()))));
    await ticks;
    // The alerts are on BullMQ: they are in once every chat due has its message. One chat's may wait
    // for its next minute (its pace full of edits): a second is left for it, not the minute.
    const wanted = options.chat !== undefined ? 0 : options.alerts;
    const end = performance.now() + (options.chat !== undefined ? 1_000 : 60_000);
    while ((wanted === 0 || new Set(requests.filter((r) => r.kind === 'send').map((r) => r.chatId)).size < wanted) && performance.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return { requests, moved: rounds.reduce((n, r) => n + r.moved, 0), deferred: rounds.reduce((n, r) => n + r.deferred, 0) };
  } finally {
    await Promise.all(pushes.map((p) => p.stop()));
    await Promise.all(stores.map((store) => store.close()));
    await api.close();
  }
}
