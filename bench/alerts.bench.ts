// The alert scheduler's figures: `npx tsx bench/alerts.bench.ts` (or `npm run bench alerts`).
//
// 1. 100,000 stored subscriptions (SQLite, and Redis at REDIS_URL or 127.0.0.1:6379 when it
//    answers): how long finding those due in one minute takes (through the index, as a tick does),
//    and the process's RSS.
// 2. 10,000 alerts due in one minute over 500 stops, sent by real instance processes through the
//    Telegram notifier to a local Bot API server that answers 429 past 30 messages in any second:
//    upstream calls, delivery rate, 429s, duplicates, lost, lateness of the first and last alert.
//    Runs: one instance (in-process queue, SQLite), one and two instances (BullMQ, Redis).
// 3. How long the "sent" mark takes: the width of the one window left for a duplicate.
//
// BENCH_ALERTS=2000 shrinks part 2 (10,000 by default: about six minutes per run at 29/s);
// BENCH_STORED shrinks part 1; BENCH_ONLY picks parts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectDue } from '../src/alerts/collect.js';
import { mapLimit } from '../src/alerts/map-limit.js';
import type { AlertSchedule } from '../src/domain/alert-kinds/index.js';
import { MINUTE_MS } from '../src/domain/local-minute.js';
import { DEFAULT_ALERT_SETTINGS } from '../src/alerts/settings.js';
import type { Subscription } from '../src/domain/subscription.js';
import { openStore, type OpenStoreOptions, type Store } from '../src/store/index.js';
import { startInstance, type Instance } from '../test/alerts/instances.js';
import { REDIS_ANSWERS, REDIS_URL, deleteNamespace } from '../test/support/redis.js';

const STORED = Number(process.env.BENCH_STORED ?? 100_000);
const DUE = Number(process.env.BENCH_ALERTS ?? 10_000);
const STOPS = 500;
const TORONTO = 'America/Toronto';
const ZONES = [TORONTO, TORONTO, TORONTO, TORONTO, 'America/Vancouver', 'Europe/Paris'];
const measuring = process.argv[2] === 'find';
const root = measuring ? '' : mkdtempSync(join(tmpdir(), 'arrivals-alerts-bench-'));
/** BENCH_ONLY=find,local,redis,redis2,mark runs only those parts. */
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => only === undefined || only.includes(part);
const namespaces: string[] = [];
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

// A fixed pseudo-random sequence so runs are comparable.
let state = 7;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

function storedSubscription(i: number): Subscription {
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

async function open(options: OpenStoreOptions & { namespace: string }): Promise<Store> {
  namespaces.push(options.namespace);
  return openStore(options);
}

/** Seeding only, through a store whose SQLite writes are not synced to disk: reads, which are what is measured, do not depend on it. */
async function seed(store: Store, count: number, make: (i: number) => Subscription): Promise<number> {
  const start = performance.now();
  // Made as they are added: the bench process's memory is the store's, not a list of 100,000.
  await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    64,
    (i) => store.subscriptions.add(make(i), 1_000),
  );
  return performance.now() - start;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Seeds the store here, then measures in a fresh process: what a bot restarted on that store does and holds. */
async function findDue(name: string, options: OpenStoreOptions & { namespace: string }): Promise<void> {
  const store = await open({ ...options, unsyncedWrites: true });
  const seedMs = await seed(store, STORED, storedSubscription);
  await store.close();
  const line = execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), 'find', JSON.stringify(options)], {
    encoding: 'utf8',
  });
  console.log(`${name.padEnd(8)} ${STORED.toLocaleString('en')} stored (seeded in ${(seedMs / 1000).toFixed(0)} s): ${line.trim()}`);
}

/** In the fresh process: the index read for 180 minutes of a Monday, as a tick reads it. */
async function measureFind(options: OpenStoreOptions): Promise<string> {
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
  return (
    `find due in one minute (${zones.length} zones) median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
    `max ${times.at(-1)!.toFixed(1)} ms; ${mean(timed)} timed alerts and ${mean(windows)} open "near" windows per minute on average; process rss ${mb(process.memoryUsage().rss)}`
  );
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

async function deliver(name: string, instances: number, backend: { redisUrl?: string; dataDir?: string }): Promise<void> {
  const namespace = `bench-alerts-${process.pid}-${name.replace(/\W+/g, '-')}`;
  const store = await open({
    dataDir: backend.dataDir ?? root,
    namespace,
    ...(backend.redisUrl !== undefined ? { redisUrl: backend.redisUrl } : {}),
    unsyncedWrites: true,
  });
  // Monday 23 Nov 2026, 07:30 in Ottawa; one chat per alert, 20 alerts per stop.
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
        settings: DEFAULT_ALERT_SETTINGS,
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
  console.log(
    `${name.padEnd(34)} upstream calls ${upstream} (stops: ${STOPS}); tick ${(tickMs / 1000).toFixed(1)} s, rss after it ${mb(rss)}; ` +
      `${rate.toFixed(1)} msg/s overall, slowest 10 s window ${windows.length > 0 ? Math.min(...windows).toFixed(1) : '-'}/s; 429s ${api.refused()}; ` +
      `duplicates ${duplicates}, lost ${DUE - counts.size}; lateness first ${(first / 1000).toFixed(1)} s, last ${(last / 1000).toFixed(0)} s`,
  );
}

async function markWidth(name: string, options: OpenStoreOptions & { namespace: string }): Promise<void> {
  const store = await open(options);
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const start = performance.now();
    await store.claims.claim(`alerts:sent:bench:${i}`, 'x', 48 * 3_600_000);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(8)} "sent" mark write: median ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);
  await store.close();
}

if (measuring) {
  process.stdout.write(`${await measureFind(JSON.parse(process.argv[3]!) as OpenStoreOptions)}\n`);
  process.exit(0);
}

try {
  if (wanted('find')) {
    console.log('\nFinding due subscriptions');
    await findDue('SQLite', { dataDir: join(root, 'find'), namespace: 'bench-find' });
    if (REDIS_ANSWERS) await findDue('Redis', { dataDir: root, redisUrl: REDIS_URL, namespace: `bench-alerts-${process.pid}-find` });
  }
  if (wanted('local') || wanted('redis') || wanted('redis2')) {
    console.log(
      `\nDelivering ${DUE.toLocaleString('en')} alerts due in one minute over ${STOPS} stops (Telegram notifier, Bot API answering 429 past 30/s, limit ${DEFAULT_ALERT_SETTINGS.perSecond.telegram}/s)`,
    );
  }
  if (wanted('local')) await deliver('1 instance, in-process queue, SQLite', 1, { dataDir: join(root, 'deliver') });
  if (REDIS_ANSWERS && wanted('redis')) await deliver('1 instance, BullMQ, Redis', 1, { redisUrl: REDIS_URL });
  if (REDIS_ANSWERS && wanted('redis2')) await deliver('2 instances, BullMQ, Redis', 2, { redisUrl: REDIS_URL });
  if (wanted('mark')) {
    console.log('\nThe window left for a duplicate (a crash between the platform accepting and the mark)');
    await markWidth('SQLite', { dataDir: join(root, 'mark'), namespace: 'bench-mark' });
    if (REDIS_ANSWERS) await markWidth('Redis', { dataDir: root, redisUrl: REDIS_URL, namespace: `bench-alerts-${process.pid}-mark` });
  }
} finally {
  if (REDIS_ANSWERS) for (const namespace of namespaces) await deleteNamespace(namespace);
  rmSync(root, { recursive: true, force: true });
}
