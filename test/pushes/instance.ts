// One bot instance's alert side as its own process, for the tests (and the bench) that run two on
// one Redis and kill one: the real store and scheduler with BullMQ, a transit source answering
// every stop (counting the calls), and a notifier that posts each message to the test's
// "platform" server. Run as `node --import tsx test/pushes/instance.ts '<options as JSON>'`.
// Prints "ready" once started, ticks when "tick" arrives on stdin, prints each tick's totals as a
// JSON line, and stops cleanly when stdin ends.
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import type { Notifier } from '../../src/domain/notifier.js';
import { startPushes } from '../../src/pushes/start-pushes.js';
import type { AlertSettings } from '../../src/pushes/settings.js';
import { createBotCore } from '../../src/core/create-core.js';
import { fixedClock } from '../../src/domain/clock.js';
import { openStore } from '../../src/store/index.js';
import { V12_IDENTIFIERS } from '../../src/sources/octranspo-v12/identifiers.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import type { Disruption, DisruptionReading } from '../../src/domain/disruption.js';
import type { WatchReading } from '../../src/domain/disruption-watch.js';
import { OTTAWA_PROFILE, route, stopArrivals, trip } from '../core/fakes.js';
import { telegramChatType } from '../../src/chat/telegram/chat-ids.js';

export interface InstanceOptions {
  name: string;
  /** Absent: SQLite in dataDir, and the in-process queue. */
  redisUrl?: string;
  dataDir?: string;
  namespace: string;
  /** Where messages go: POST {chatId, instance, text}; 200 is "accepted". */
  platformUrl: string;
  /** The instant the instance's clock shows (the minute the alerts are due). */
  now: string;
  settings: AlertSettings;
  /** Shorter holds so a killed instance's jobs are taken over within seconds. */
  tuning?: {
    sendingLeaseMs?: number;
    lockDurationMs?: number;
    stalledIntervalMs?: number;
    concurrency?: number;
    backoffMs?: number;
    disruptionScanLeaseMs?: number;
  };
  /** Disruptions the source publishes, each touching the stops named (absent: none). */
  disruptions?: Array<{ id: string; header: string; stops: string[] }>;
  /** The match of the disruptions against the watched places never answered (an instance that dies mid-scan); each place printed as "asked <stop>". */
  stallStopDisruptions?: boolean;
  logLevel?: string;
  /** A Telegram Bot API root instead of platformUrl (the bench's rate-limited server). */
  telegram?: { apiRoot: string; token: string };
}

const options = JSON.parse(process.argv[2]!) as InstanceOptions;
const logger = pino({ level: options.logLevel ?? 'warn' }, pino.destination(2));
const clock = fixedClock(options.now);
let upstreamCalls = 0;
const transit: TransitSource = {
  identifiers: V12_IDENTIFIERS,
  nextTripsAllRoutes: (stopNo) => (upstreamCalls++, Promise.resolve(stopArrivals([route('95', [trip(4), trip(19)])], stopNo, `STOP ${stopNo}`))),
  nextTrips: (stopNo) => Promise.resolve(stopArrivals([], stopNo)),
  routeSummary: (stopNo) => Promise.resolve(stopArrivals([], stopNo)),
  stopDetails: (stopNo) => Promise.resolve({ stopNo, name: `STOP ${stopNo}` }),
  profile: () => OTTAWA_PROFILE,
  ...(options.disruptions !== undefined ? publishedDisruptions(options.disruptions) : {}),
};

function publishedDisruptions(published: NonNullable<InstanceOptions['disruptions']>): Required<Pick<TransitSource, 'disruptions' | 'watching'>> {
  const all = published.map(({ id, header, stops }): Disruption & { stops: string[] } => ({
    id,
    version: 'v1',
    effect: 'detour',
    cause: 'construction',
    severity: 'warning',
    header: [{ language: 'en', text: header }],
    description: [],
    entities: stops.map((stopId) => ({ stopId })),
    periods: [],
    stops,
  }));
  return {
    disruptions(query) {
      if (query.stop === undefined) return Promise.resolve<DisruptionReading>({ status: 'ok', disruptions: all });
      return Promise.resolve({ status: 'ok', disruptions: all.filter((d) => d.stops.includes(query.stop!)) });
    },
    watching(places) {
      if (options.stallStopDisruptions === true) {
        for (const place of places.values()) process.stdout.write(`asked ${place.stop}\n`);
        return new Promise<never>(() => undefined);
      }
      const touched = (d: Disruption) =>
        [...places].filter(([, p]) => all.find((x) => x.id === d.id)?.stops.includes(p.stop) === true).map(([key]) => key);
      return Promise.resolve<WatchReading>({ status: 'ok', disruptions: all, touched });
    },
  };
}

async function platformNotifier(): Promise<Notifier> {
  if (options.telegram !== undefined) {
    const { createTelegramBot } = await import('../../src/chat/telegram/index.js');
    const bot = createTelegramBot({ token: options.telegram.token, apiRoot: options.telegram.apiRoot, logger, core, lifecycle: store.lifecycle });
    return bot.notifier;
  }
  // Plain http with kept-alive sockets: a few times cheaper per message than fetch.
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(options.platformUrl, { method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    platform: 'telegram',
    async send(chatId, reply) {
      try {
        const status = await post(JSON.stringify({ chatId, instance: options.name, title: reply.title ?? '' }));
        return status === 200 ? { status: 'sent' } : { status: 'temporary-failure', reason: `HTTP ${status}` };
      } catch (err) {
        return { status: 'temporary-failure', reason: String(err) };
      }
    },
  };
}

const store = await openStore({
  dataDir: options.dataDir ?? '/nonexistent',
  ...(options.redisUrl !== undefined ? { redisUrl: options.redisUrl } : {}),
  namespace: options.namespace,
  logger,
});
const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock, logger });
const scheduler = startPushes({
  core,
  store,
  transit,
  notifiers: [await platformNotifier()],
  // Every notifier here pushes to Telegram's chats (or ids shaped as its are).
  chatTypeOf: (chat) => telegramChatType(chat.chatId),
  settings: options.settings,
  ...(options.redisUrl !== undefined ? { redisUrl: options.redisUrl } : {}),
  queuePrefix: `${options.namespace}:bull`,
  clock,
  logger,
  timer: false,
  ...(options.tuning !== undefined ? { tuning: options.tuning } : {}),
});
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'tick') continue;
  const before = upstreamCalls;
  const totals = await scheduler.tick();
  process.stdout.write(`${JSON.stringify({ ...totals, upstreamCalls: upstreamCalls - before, rss: process.memoryUsage().rss })}\n`);
}
await scheduler.stop();
await store.close();
