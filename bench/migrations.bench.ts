// What the store's migrations cost at open: `npm run bench migrations`. CHATS chats (5,000 by
// default), each with two saved stops, a language and an alert, are written in the shapes of an
// earlier version (the stops in one array, the language bare, the alert's record an object) or in
// today's; then the records are marked as of version 0 and the store is opened: the first open
// migrates, the next finds nothing to do. Then a fresh store is opened beside OTHER_KEYS (200,000)
// keys of another namespace on the same Redis: the scan reads the whole database. SQLite in a temp
// folder, and Redis at REDIS_URL (else redis://127.0.0.1:6379) when it answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@keyv/redis';
import type { Subscription } from '../src/domain/subscription.js';
import { openStore, type OpenStoreOptions, type Store } from '../src/store/index.js';
import { RECORDS_VERSION_KEY } from '../src/store/migrations/index.js';
import { subscriptionKey } from '../src/store/subscription-keys.js';
import { deleteNamespace } from '../test/support/redis.js';

const CHATS = Number(process.env.CHATS ?? 5_000);
const OTHER_KEYS = Number(process.env.OTHER_KEYS ?? 200_000);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = mkdtempSync(join(tmpdir(), 'arrivals-migrations-bench-'));

const alertOf = (chatId: string): Subscription => ({
  id: 's1',
  chat: { platform: 'telegram', chatId, chatType: 'private' },
  stopNo: '3017',
  schedule: { kind: 'at', minute: 450, days: [1, 2, 3, 4, 5] },
  timeZone: 'America/Toronto',
  createdAt: '2026-01-01T00:00:00.000Z',
});

async function seed(store: Store, shapes: 'earlier' | 'today'): Promise<void> {
  for (let i = 0; i < CHATS; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, CHATS - i) }, async (_, j) => {
        const chatId = String(i + j);
        const chat = { platform: 'telegram' as const, chatId };
        const alert = alertOf(chatId);
        await store.subscriptions.add(alert, 20);
        if (shapes === 'today') {
          await store.savedStops.add(chat, { stopNo: '3017', name: 'TUNNEY' }, 20);
          await store.savedStops.add(chat, { stopNo: '3000' }, 20);
          await store.chats.setLanguage(chat, { locale: 'fr', chosen: true });
          return;
        }
        await store.keyv.set(`chat:telegram:${chatId}:stops`, [{ stopNo: '3017', name: 'TUNNEY' }, { stopNo: '3000' }]);
        await store.keyv.set(`chat:telegram:${chatId}:lang`, 'fr');
        await store.keyv.set(subscriptionKey(chat, alert.id), alert);
      }),
    );
  }
  await store.keyv.delete(RECORDS_VERSION_KEY);
}

async function timedOpen(options: OpenStoreOptions): Promise<number> {
  const start = performance.now();
  const store = await openStore(options);
  const ms = performance.now() - start;
  await store.close();
  return ms;
}

async function bench(name: string, options: (label: string) => OpenStoreOptions & { namespace: string }): Promise<void> {
  console.log(`\n${name}: ${CHATS.toLocaleString('en')} chats (load average ${loadavg()[0]!.toFixed(1)})`);
  for (const shapes of ['earlier', 'today'] as const) {
    const opened = options(shapes);
    const store = await openStore({ ...opened, unsyncedWrites: true });
    await seed(store, shapes);
    await store.close();
    const first = await timedOpen(opened);
    const next = await timedOpen(opened);
    console.log(
      `  records of ${shapes.padEnd(7)} shapes: first open ${Math.round(first).toLocaleString('en')} ms (${((first / CHATS) * 1000).toFixed(0)} µs a chat), next ${Math.round(next)} ms (x${(first / next).toFixed(0)})`,
    );
    if (opened.redisUrl !== undefined) await deleteNamespace(opened.namespace);
  }
}

try {
  await bench('SQLite', (label) => ({ dataDir: join(root, label), namespace: 'bench' }));
  const answers = await openStore({ dataDir: root, redisUrl, namespace: `bench-migrations-probe-${process.pid}` }).then(
    (store) => store.close().then(() => true),
    (err: unknown) => (console.log(`\nRedis skipped: ${(err as Error).message}`), false),
  );
  if (answers) {
    await bench(`Redis (${new URL(redisUrl).host})`, (label) => ({ dataDir: root, redisUrl, namespace: `bench-migrations-${label}-${process.pid}` }));
    const other = `bench-migrations-other-${process.pid}`;
    const client = createClient({ url: redisUrl });
    await client.connect();
    try {
      for (let i = 0; i < OTHER_KEYS; i += 5_000)
        await client.mSet(
          Array.from({ length: Math.min(5_000, OTHER_KEYS - i) }, (_, j): [string, string] => [
            `${other}::chat:telegram:${i + j}:lang`,
            '{"value":"fr"}',
          ]),
        );
      const fresh = `bench-migrations-fresh-${process.pid}`;
      const ms = await timedOpen({ dataDir: root, redisUrl, namespace: fresh });
      await deleteNamespace(fresh);
      console.log(`  a fresh store beside ${OTHER_KEYS.toLocaleString('en')} keys of another namespace: first open ${Math.round(ms)} ms`);
    } finally {
      await deleteNamespace(other);
      await client.close();
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
