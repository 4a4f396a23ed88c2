// What a rider's commands cost in the store: `npx tsx bench/store.bench.ts`. SQLite in a temp
// folder, and Redis at REDIS_URL (else redis://127.0.0.1:6379) when it answers. A list reads every
// slot in one round trip; a save claims the stop, reads the slots, claims a slot, releases the stop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore, type Store } from '../src/store/index.js';
import { type ChatRef } from '../src/domain/chat.js';

const root = mkdtempSync(join(tmpdir(), 'arrivals-store-bench-'));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function time(label: string, n: number, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 20; i++) await run(-1 - i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) await run(i);
  const each = (performance.now() - start) / n;
  console.log(`${label.padEnd(44)} ${each.toFixed(2)} ms each (${Math.round(1000 / each).toLocaleString('en')}/s, one at a time)`);
}

async function bench(name: string, store: Store): Promise<void> {
  console.log(`\n${name}`);
  const chat = (i: number): ChatRef => ({ platform: 'telegram', chatId: `bench-${i}` });
  await time('savedStops.add (new chat each time)', 500, (i) => store.savedStops.add(chat(i), { stopNo: '3017', name: 'TUNNEY' }, 20));
  await time('savedStops.list (one stop)', 1000, (i) => store.savedStops.list(chat(i % 500)));
  const full: ChatRef = { platform: 'telegram', chatId: 'bench-full' };
  for (let s = 0; s < 20; s++) await store.savedStops.add(full, { stopNo: `${3000 + s}` }, 20);
  await time('savedStops.list (20 stops)', 1000, () => store.savedStops.list(full));
  await time("savedStops.add (20 saved: 'full')", 500, (i) => store.savedStops.add(full, { stopNo: `x${i}` }, 20));
  await time('claims.claim (fresh key, 1 min ttl)', 1000, (i) => store.claims.claim(`bench:claim:${i}`, 'v', 60_000));
  await time('chats.language', 1000, (i) => store.chats.language(chat(i % 500)));
  await store.keyv.clear();
  await store.close();
}

try {
  await bench('SQLite', await openStore({ dataDir: root, namespace: 'bench' }));
  const redis = await openStore({ dataDir: root, redisUrl, namespace: `bench-${process.pid}` }).catch((err: unknown) => {
    console.log(`\nRedis skipped: ${(err as Error).message}`);
  });
  if (redis) await bench(`Redis (${new URL(redisUrl).host})`, redis);
} finally {
  rmSync(root, { recursive: true, force: true });
}
