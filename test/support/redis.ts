// The machine's Redis for tests: REDIS_URL, else redis://127.0.0.1:6379 when it answers. With
// REDIS_URL set, a Redis that does not answer fails the run; without it, Redis tests are skipped.
// The Redis may be shared (other developers, CI): each test works under a namespace of its own
// (the store's keys `ns::...`, BullMQ's `ns:bull:...`) and deletes only that namespace's keys
// afterwards, found with SCAN. Never FLUSHALL or FLUSHDB.
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { describe } from 'vitest';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_REQUIRED = process.env.REDIS_URL !== undefined;
export const REDIS_ANSWERS = await answers(REDIS_URL);

/** describe() for tests that need Redis: run when it answers or when REDIS_URL is set, else skipped. */
export const describeRedis = describe.runIf(REDIS_ANSWERS || REDIS_REQUIRED);

/** A namespace no other test, process or machine uses: `test-<label>-<pid>-<random>`. */
export function freshNamespace(label: string): string {
  return `test-${label}-${process.pid}-${randomUUID().slice(0, 8)}`;
}

/** Deletes every key under `namespace:`, and no other. */
export async function deleteNamespace(namespace: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    const keys: string[] = [];
    // Glob characters in the namespace are its own, not a pattern.
    const match = `${namespace.replace(/[*?[\]\\]/g, '\\$&')}:*`;
    for await (const batch of client.scanIterator({ MATCH: match, COUNT: 1000 })) keys.push(...batch);
    for (let i = 0; i < keys.length; i += 1000) await client.del(keys.slice(i, i + 1000));
  } finally {
    await client.close();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    return false;
  }
}
