import { createClient } from '@keyv/redis';
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/index.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { API_KEY, type Upstream } from './fake-upstream.js';
import { busiestSecond, burst, countingUpstream, openV12 } from './budget-fleet.js';

// Two instances on the machine's Redis: two stores on one namespace, each handing its shared rate
// to its own v1.2 source of one feed, as main does. Together they send the upstream no more than
// the budget in any second (counted at the server by the second), and the bucket's key names the
// feed, never the key.

let upstream: Upstream | undefined;
const opened: Store[] = [];
const namespaces: string[] = [];
afterEach(async () => {
  await upstream?.close();
  await Promise.all(opened.splice(0).map((store) => store.close()));
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace).catch(() => undefined);
});

const PER_SECOND = 4;

async function keysUnder(namespace: string): Promise<string[]> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 1000 })) keys.push(...batch);
    return keys;
  } finally {
    await client.close();
  }
}

describeRedis("the fleet's agency request budget on one Redis", () => {
  it('keeps two instances of one feed within the budget together', async () => {
    const namespace = freshNamespace('agency-budget');
    namespaces.push(namespace);
    const stores = [
      await openStore({ dataDir: '', redisUrl: REDIS_URL, namespace }),
      await openStore({ dataDir: '', redisUrl: REDIS_URL, namespace }),
    ];
    opened.push(...stores);
    expect(stores.every((store) => store.sharedRate !== undefined)).toBe(true);
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const fleet = await Promise.all(stores.map((store) => openV12(counting.upstream, store.sharedRate, { requestsPerSecond: PER_SECOND })));
    const results = await burst(fleet, 16);
    // A bucket of one refilled at N a second grants at most N + 1 in any second.
    expect(busiestSecond(counting.arrivals)).toBeLessThanOrEqual(PER_SECOND + 1);
    expect(counting.arrivals.length).toBeGreaterThanOrEqual(PER_SECOND);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as { reason?: string });
    expect(refused.every((e) => e.reason === 'busy')).toBe(true);
    const keys = await keysUnder(namespace);
    expect(keys.some((key) => key.includes('agency:oc'))).toBe(true);
    expect(keys.some((key) => key.includes(API_KEY) || key.includes(encodeURIComponent(API_KEY)))).toBe(false);
  });
});
