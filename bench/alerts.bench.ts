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
import { join } from 'node:path';
import { DEFAULT_ALERT_SETTINGS } from '../src/pushes/settings.js';
import type { OpenStoreOptions } from '../src/store/index.js';
import { REDIS_ANSWERS, REDIS_URL } from '../test/support/redis.js';
import { alertsWorkspace, deliver, deliveryLine, findDue, findLine, percentile, type AlertsWorkspace } from './lib/alerts.js';

const STORED = Number(process.env.BENCH_STORED ?? 100_000);
const DUE = Number(process.env.BENCH_ALERTS ?? 10_000);
const STOPS = 500;
/** BENCH_ONLY=find,local,redis,redis2,mark runs only those parts. */
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => only === undefined || only.includes(part);
const workspace = alertsWorkspace();

async function markWidth(workspace: AlertsWorkspace, name: string, options: OpenStoreOptions & { namespace: string }): Promise<void> {
  const store = await workspace.open(options);
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

try {
  if (wanted('find')) {
    console.log('\nFinding due subscriptions');
    const sqlite = await findDue(workspace, { dataDir: join(workspace.root, 'find'), namespace: 'bench-find' }, STORED);
    console.log(findLine('SQLite', STORED, sqlite));
    if (REDIS_ANSWERS) {
      const redis = await findDue(workspace, { dataDir: workspace.root, redisUrl: REDIS_URL, namespace: `bench-alerts-${process.pid}-find` }, STORED);
      console.log(findLine('Redis', STORED, redis));
    }
  }
  if (wanted('local') || wanted('redis') || wanted('redis2')) {
    console.log(
      `\nDelivering ${DUE.toLocaleString('en')} alerts due in one minute over ${STOPS} stops (Telegram notifier, Bot API answering 429 past 30/s, limit ${DEFAULT_ALERT_SETTINGS.perSecond.telegram}/s)`,
    );
  }
  const load = { due: DUE, stops: STOPS };
  type Run = [part: string, name: string, instances: number, backend: { redisUrl?: string; dataDir?: string }];
  const runs: Run[] = [
    ['local', '1 instance, in-process queue, SQLite', 1, { dataDir: join(workspace.root, 'deliver') }],
    ...(REDIS_ANSWERS
      ? ([
          ['redis', '1 instance, BullMQ, Redis', 1, { redisUrl: REDIS_URL }],
          ['redis2', '2 instances, BullMQ, Redis', 2, { redisUrl: REDIS_URL }],
        ] satisfies Run[])
      : []),
  ];
  for (const [part, name, instances, backend] of runs) {
    if (wanted(part)) console.log(deliveryLine(name, await deliver(workspace, name, instances, backend, load)));
  }
  if (wanted('mark')) {
    console.log('\nThe window left for a duplicate (a crash between the platform accepting and the mark)');
    await markWidth(workspace, 'SQLite', { dataDir: join(workspace.root, 'mark'), namespace: 'bench-mark' });
    if (REDIS_ANSWERS)
      await markWidth(workspace, 'Redis', { dataDir: workspace.root, redisUrl: REDIS_URL, namespace: `bench-alerts-${process.pid}-mark` });
  }
} finally {
  await workspace.cleanup();
}
