// The alert scheduler's bench parts, shared by the alerts and growth benches: subscriptions
// stored and seeded, the index read a tick does (measured in a fresh process), and alerts due in
// one minute delivered by real instance processes through the Telegram notifier to a local Bot
// API that answers 429 past 30 messages in any second.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TELEGRAM_PUSHES_PER_SECOND } from '../../src/chat/telegram/limits.js';
import { collectDue } from '../../src/pushes/alerts/collect.js';
import { mapLimit } from '../../src/util/map-limit.js';
import { DEFAULT_ALERT_SETTINGS } from '../../src/pushes/settings.js';
import type { AlertSchedule } from '../../src/domain/alert-kinds/index.js';
import { MINUTE_MS } from '../../src/domain/local-minute.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';
import { startInstance, type Instance } from '../../test/pushes/instances.js';
import { REDIS_ANSWERS, deleteNamespace } from '../../test/support/redis.js';

const FIND_CHILD = fileURLToPath(new URL('./find-due-child.ts', import.meta.url));
const TORONTO = 'America/Toronto';
const ZONES = [TORONTO, TORONTO, TORONTO, TORONTO, 'America/Vancouver', 'Europe/Paris'];
export const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/** A temporary folder for SQLite stores and the Redis key prefixes used, all removed by cleanup(). */
export interface AlertsWorkspace {
  root: string;
  open(options: OpenStoreOptions & { namespace: string }): Promise<Store>;
  cleanup(): Promise<void>;
}

export function alertsWorkspace(): AlertsWorkspace {
  const root = mkdtempSync(join(tmpdir(), 'arrivals-alerts-bench-'));
  const namespaces: string[] = [];
  return {
    root,
    open(options) {
      namespaces.push(options.namespace);
      return openStore(options);
    },
    async cleanup() {
      if (REDIS_ANSWERS) for (const namespace of namespaces) await deleteNamespace(namespace);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// A fixed pseudo-random sequence so runs are comparable.
let state = 7;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

export function storedSubscription(i: number): Subscription {
  const near = random() < 0.1;
  const from = Math.floor(random() * 1200);
  const schedule: AlertSchedule = near
    ? { kind: 'near', withinMinutes: 5, from, until: from + 60 + Math.floor(random() * 120), days: [1, 2, 3, 4, 5] }
    : { kind: 'at', minute: Math.floor(random() * 1440), days: random() < 0.7 ? [1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6] };
  return {
    id: `b${i.toString(36)}`,
    chat: { platform: 'telegram', chatId: String(10_000_000 + Math.floor(i / 3)), chatType: 'private' },
    stopNo: String(3000 + (i % 2000)),
    routeNo: '95',
    schedule,
    timeZone: pick(ZONES),
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Seeding only, through a store whose SQLite writes are not synced to disk: reads, which are what is measured, do not depend on it. */
export async function seed(store: Store, count: number, make: (i: number) => Subscription): Promise<number> {
  const start = performance.now();
  // Made as they are added: the bench process's memory is the store's, not a list of 100,000.
  await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    64,
    (i) => store.subscriptions.add(make(i), 1_000),
  );
  return performance.now() - start;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

export interface FindFigures {
  zones: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Per minute on average. */
  timed: number;
  windows: number;
  rssBytes: number;
}

/** Seeds `stored` subscriptions here, then measures in a fresh process: what a bot restarted on that store does and holds. */
export async function findDue(
  workspace: AlertsWorkspace,
  options: OpenStoreOptions & { namespace: string },
  stored: number,
): Promise<FindFigures & { seedMs: number }> {
  const store = await workspace.open({ ...options, unsyncedWrites: true });
  const seedMs = await seed(store, stored, storedSubscription);
  await store.close();
  const line = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', FIND_CHILD, JSON.stringify(options)], { encoding: 'utf8' });
  return { ...(JSON.parse(line) as FindFigures), seedMs };
}

export function findLine(name: string, stored: number, f: FindFigures & { seedMs: number }): string {
  return (
    `${name.padEnd(8)} ${stored.toLocaleString('en')} stored (seeded in ${(f.seedMs / 1000).toFixed(0)} s): find due in one minute (${f.zones} zones) ` +
    `median ${f.medianMs.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(1)} ms; ${f.timed} timed alerts and ${f.windows} open "near" windows ` +
    `per minute on average; process rss ${mb(f.rssBytes)}`
  );
}

/** In the fresh process: the index read for 180 minutes of a Monday, as a tick reads it. */
export async function measureFind(options: OpenStoreOptions): Promise<FindFigures> {
  const store = await openStore(options);
  const zones = await store.subscriptions.zones();
  const monday = Date.parse('2026-11-23T05:00:00Z');
  for (let m = 0; m < 5; m++) await collectDue(store.subscriptions, monday + m * MINUTE_MS, zones, true);
  const times: number[] = [];
  const timed: number[] = [];
  const windows: number[] = [];
  for (let m = 0; m < 180; m++) {
    const start = performance.now();
    const dues = await collectDue(store.subscriptions, monday + (m * 7 + 13) * MINUTE_MS, zones, true);
    times.push(performance.now() - start);
    timed.push(dues.filter((d) => d.hold === undefined).length);
    windows.push(dues.length - timed.at(-1)!);
  }
  await store.close();
  times.sort((a, b) => a - b);
  (globalThis as { gc?: () => void }).gc?.();
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    zones: zones.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times.at(-1)!,
    timed: mean(timed),
    windows: mean(windows),
    rssBytes: process.memoryUsage().rss,
  };
}

/** A Bot API that accepts sendMessage, answering 429 (retry_after 1) past 30 messages in any second. */
async function startRateLimitedBotApi(token: string) {
  const accepted: Array<{ chatId: string; at: number }> = [];
  const window: number[] = [];
  let refused = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url !== `/bot${token}/sendMessage`) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const params = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chat_id: string | number };
      const now = performance.now();
      while (window.length > 0 && window[0]! <= now - 1000) window.shift();
      if (window.length >= 30) {
        refused++;
        return send(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });
      }
      window.push(now);
      accepted.push({ chatId: String(params.chat_id), at: now });
      send(200, { ok: true, result: { message_id: accepted.length, date: 0, chat: { id: Number(params.chat_id), type: 'private' }, text: '' } });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiRoot: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface DeliveryFigures {
  due: number;
  stops: number;
  upstream: number;
  tickMs: number;
  rssBytes: number;
  perSecond: number;
  slowestWindow: number | undefined;
  refused: number;
  duplicates: number;
  lost: number;
  firstMs: number;
  lastMs: number;
}

/**
 * `load.due` alerts due at one minute over `load.stops` stops (one chat each), sent by `instances`
 * instance processes on the given store: the figures of one tick and its delivery.
 */
export async function deliver(
  workspace: AlertsWorkspace,
  name: string,
  instances: number,
  backend: { redisUrl?: string; dataDir?: string },
  load: { due: number; stops: number },
): Promise<DeliveryFigures> {
  const { due: DUE, stops: STOPS } = load;
  const namespace = `bench-alerts-${process.pid}-${name.replace(/\W+/g, '-')}-${DUE}`;
  const store = await workspace.open({
    dataDir: backend.dataDir ?? workspace.root,
    namespace,
    ...(backend.redisUrl !== undefined ? { redisUrl: backend.redisUrl } : {}),
    unsyncedWrites: true,
  });
  // Monday 23 Nov 2026, 07:30 in Ottawa; one chat per alert.
  const dueAt730 = (i: number): Subscription => ({
    id: `d${i}`,
    chat: { platform: 'telegram', chatId: String(20_000_000 + i), chatType: 'private' },
    stopNo: String(4000 + (i % STOPS)),
    routeNo: '95',
    schedule: { kind: 'at', minute: 450, days: [1, 2, 3, 4, 5] },
    timeZone: TORONTO,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  await seed(store, DUE, dueAt730);
  await store.close();
  const token = '123456:bench-Token';
  const api = await startRateLimitedBotApi(token);
  const started: Instance[] = await Promise.all(
    Array.from({ length: instances }, (_, i) =>
      startInstance({
        name: `I${i}`,
        namespace,
        ...backend,
        platformUrl: '',
        telegram: { apiRoot: api.apiRoot, token },
        now: '2026-11-23T12:30:00.000Z',
        settings: { ...DEFAULT_ALERT_SETTINGS, perSecond: { telegram: TELEGRAM_PUSHES_PER_SECOND } },
      }),
    ),
  );
  const t0 = performance.now();
  for (const instance of started) instance.tick();
  const deadline = t0 + ((DUE / 20) * 1000 + 120_000);
  const unique = () => new Set(api.accepted.map((a) => a.chatId)).size;
  while (unique() < DUE && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  // Anything sent twice would come within moments.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await Promise.all(started.map((instance) => instance.ticked()));
  const upstream = started.reduce((n, instance) => n + instance.ticks.reduce((m, t) => m + (t.upstreamCalls ?? 0), 0), 0);
  const tickMs = Math.max(...started.flatMap((instance) => instance.ticks.map((t) => t.ms ?? 0)));
  const rss = Math.max(...started.flatMap((instance) => instance.ticks.map((t) => t.rss ?? 0)));
  await Promise.all(started.map((instance) => instance.stop()));
  await api.close();

  const times = api.accepted.map((a) => a.at);
  const first = times[0]! - t0;
  const last = times.at(-1)! - t0;
  const rate = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
  // Sustained: the slowest of the whole 10-second windows between the first and the last message.
  const windows: number[] = [];
  for (let start = times[0]!; start + 10_000 <= times.at(-1)!; start += 10_000)
    windows.push(times.filter((t) => t >= start && t < start + 10_000).length / 10);
  const counts = new Map<string, number>();
  for (const a of api.accepted) counts.set(a.chatId, (counts.get(a.chatId) ?? 0) + 1);
  const duplicates = [...counts.values()].filter((n) => n > 1).length;
  return {
    due: DUE,
    stops: STOPS,
    upstream,
    tickMs,
    rssBytes: rss,
    perSecond: rate,
    slowestWindow: windows.length > 0 ? Math.min(...windows) : undefined,
    refused: api.refused(),
    duplicates,
    lost: DUE - counts.size,
    firstMs: first,
    lastMs: last,
  };
}

export function deliveryLine(name: string, f: DeliveryFigures): string {
  return (
    `${name.padEnd(34)} upstream calls ${f.upstream} (stops: ${f.stops}); tick ${(f.tickMs / 1000).toFixed(1)} s, rss after it ${mb(f.rssBytes)}; ` +
    `${f.perSecond.toFixed(1)} msg/s overall, slowest 10 s window ${f.slowestWindow?.toFixed(1) ?? '-'}/s; 429s ${f.refused}; ` +
    `duplicates ${f.duplicates}, lost ${f.lost}; lateness first ${(f.firstMs / 1000).toFixed(1)} s, last ${(f.lastMs / 1000).toFixed(0)} s`
  );
}
