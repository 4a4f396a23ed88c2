// Riders' 👻 reports: `npm run bench rider-reports`. What a press costs in the store (SQLite in a
// temp folder, and Redis at REDIS_URL, else redis://127.0.0.1:6379, when it answers): a report
// counted (a script or a transaction: the rider's mark, the rider's hour, two counters), one
// refused as already made, and /reliability's read of a route's week (169 hourly counters). Then
// the core's memory of what boards showed (shown-trips.ts) filled to its bound: 10,000 chats'
// stops, each shown a board of 10 routes x 3 trips (the next of each route remembered), and what
// a board's look-up costs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore, type Store } from '../src/store/index.js';
import { shownTrips } from '../src/core/shown-trips.js';
import type { StopArrivals } from '../src/domain/arrivals.js';
import { UNKNOWN_BUS } from '../src/domain/arrivals.js';
import { deleteNamespace } from '../test/support/redis.js';

const root = mkdtempSync(join(tmpdir(), 'arrivals-reports-bench-'));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const AT = new Date('2026-11-27T12:50:00Z');
const N = 2_000;

async function time(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await run(-1 - i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) await run(i);
  const each = (performance.now() - start) / n;
  console.log(`${label.padEnd(52)} ${each.toFixed(3)} ms each (${Math.round(1000 / each).toLocaleString('en')}/s, one at a time)`);
}

async function benchStore(name: string, store: Store): Promise<void> {
  console.log(`\n${name}`);
  const trip = (i: number) => ({
    stop: `${3000 + (Math.abs(i) % 50)}`,
    route: `${Math.abs(i) % 20}`,
    trip: '0710',
    due: new Date(AT.getTime() - 8 * 60_000),
  });
  // A rider of their own each: counted, never refused by the hour's bound.
  await time('report counted (a new rider each)', N, (i) => store.riderReports.report(`telegram:${i}`, trip(i), AT));
  await time('report refused (already reported)', N, (i) => store.riderReports.report(`telegram:${i % N}`, trip(i % N), AT));
  await time("count: a route's last 7 days", N, (i) =>
    store.riderReports.count({ route: `${i % 20}`, since: new Date(AT.getTime() - 7 * 86_400_000) }),
  );
  await store.close();
}

function benchMemory(): void {
  const CHAT_STOPS = 10_000;
  const board = (stopNo: string, minute: number): StopArrivals => ({
    stopNo,
    stopName: 'A STOP',
    timeZone: 'America/Toronto',
    routes: Array.from({ length: 10 }, (_, r) => ({
      routeNo: String(r + 1),
      directionId: 0,
      direction: '',
      heading: 'Somewhere',
      trips: Array.from({ length: 3 }, (_, t) => ({
        destination: 'Somewhere',
        startTime: `${String(7 + t).padStart(2, '0')}:${String((minute + r) % 60).padStart(2, '0')}`,
        minutesAway: 5 + t * 10,
        trust: 'predicted' as const,
        lastTrip: false,
        bus: UNKNOWN_BUS,
      })),
    })),
  });
  const boards = Array.from({ length: CHAT_STOPS }, (_, i) => board(`${i % 9000}`, i));
  const memory = shownTrips();
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  for (let i = 0; i < CHAT_STOPS; i++) memory.show({ platform: 'telegram', chatId: `c${i}` }, boards[i]!, undefined, AT);
  const showMs = (performance.now() - started) / CHAT_STOPS;
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed - before;
  // Both still in use here, so neither is collected before the reading.
  const again = memory.show({ platform: 'telegram', chatId: 'c0' }, boards[0]!, undefined, new Date(AT.getTime() + 60 * 60_000));
  console.log(
    `\nshown-trips memory: ${CHAT_STOPS.toLocaleString('en')} chats' stops x 30 trips: ${(heap / 1e6).toFixed(1)} MB heap (${again.length} offered an hour on)`,
  );
  console.log(`a board remembered and looked up (30 trips): ${(showMs * 1000).toFixed(1)} µs`);
}

try {
  await benchStore('SQLite', await openStore({ dataDir: root, namespace: 'bench', now: () => AT }));
  const namespace = `bench-reports-${process.pid}`;
  const redis = await openStore({ dataDir: root, redisUrl, namespace, now: () => AT }).catch((err: unknown) => {
    console.log(`\nRedis skipped: ${(err as Error).message}`);
  });
  if (redis) {
    try {
      await benchStore(`Redis (${new URL(redisUrl).host})`, redis);
    } finally {
      await deleteNamespace(namespace);
    }
  }
  benchMemory();
} finally {
  rmSync(root, { recursive: true, force: true });
}
