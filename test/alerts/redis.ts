// The machine's Redis for the alert tests: REDIS_URL, else redis://127.0.0.1:6379 when it answers.
// With REDIS_URL set, a Redis that does not answer fails the run; without it, the tests are skipped.
// Each test uses a namespace of its own (store keys and BullMQ queues under it), deleted after.
import { createClient } from '@keyv/redis';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = process.env.REDIS_URL !== undefined;
export const REDIS_ANSWERS = await answers(REDIS_URL);

let sequence = 0;

export function freshNamespace(label: string): string {
  return `test-alerts-${label}-${process.pid}-${++sequence}`;
}

/** Deletes every key of the namespace: the store's (`ns::...`) and the queues' (`ns:bull:...`). */
export async function deleteNamespace(namespace: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 1000 })) keys.push(...batch);
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
