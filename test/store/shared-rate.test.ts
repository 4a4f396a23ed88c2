// The fleet's shared rate on Redis (one Redis, and a local Redis Cluster): two stores on one
// namespace, as two instances are, draw from one bucket, a hold one of them sets holds the
// other, and a chat's pace counts both. Counts and waits as Redis answers them; no time is measured here.
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../support/redis.js';
import { describeCluster, useLocalCluster } from '../support/redis-cluster.js';

const opened: Store[] = [];
const namespaces: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace).catch(() => undefined);
});

async function twoInstances(redisUrl: string): Promise<[Store, Store]> {
  const namespace = freshNamespace('shared-rate');
  namespaces.push(namespace);
  const [a, b] = [await openStore({ dataDir: '', redisUrl, namespace }), await openStore({ dataDir: '', redisUrl, namespace })];
  opened.push(a, b);
  return [a, b];
}

function cases(redisUrl: () => string) {
  it('gives one edit of a bucket refilled at 1 a second to one instance, and the other waits for the next', async () => {
    const [a, b] = await twoInstances(redisUrl());
    expect(await a.sharedRate!.take('edits:telegram', 1)).toBe(0);
    const wait = await b.sharedRate!.take('edits:telegram', 1);
    // The next token is about a second away (less what elapsed between the two calls).
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(1000);
    // Another name is another bucket.
    expect(await b.sharedRate!.take('edits:discord', 1)).toBe(0);
  });

  it("holds every instance for a 429's wait, whichever met it; a shorter hold never shortens it", async () => {
    const [a, b] = await twoInstances(redisUrl());
    await a.sharedRate!.hold('edits:telegram', 60_000);
    await a.sharedRate!.hold('edits:telegram', 1_000);
    const wait = await b.sharedRate!.take('edits:telegram', 1000);
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await b.sharedRate!.take('edits:discord', 1000)).toBe(0);
  });

  it("keeps a chat's pace for both: one message a gap, and a group's minute full whichever counted it", async () => {
    const [a, b] = await twoInstances(redisUrl());
    expect(await a.sharedRate!.pace('chat:telegram:-100', 60_000, 0)).toBe(0);
    // The other instance, a moment later: the gap is nearly whole.
    expect(await b.sharedRate!.pace('chat:telegram:-100', 60_000, 0)).toBeGreaterThan(55_000);
    // Another chat is another pace.
    expect(await b.sharedRate!.pace('chat:telegram:-200', 60_000, 0)).toBe(0);
    // Three a minute, no gap: the fourth waits for the first to be a minute old.
    for (const store of [a, b, a]) expect(await store.sharedRate!.pace('chat:telegram:-300', 0, 3)).toBe(0);
    expect(await b.sharedRate!.pace('chat:telegram:-300', 0, 3)).toBeGreaterThan(55_000);
  });
}

describeRedis("the fleet's shared rate on one Redis", () => cases(() => REDIS_URL));

describeCluster("the fleet's shared rate on a Redis Cluster", () => {
  const cluster = useLocalCluster();
  cases(() => cluster.get().url);
});
