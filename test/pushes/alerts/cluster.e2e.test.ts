// Two instances (real processes) on a local Redis Cluster (six nodes: three primaries, three
// replicas, made by the test): the store and BullMQ's queues hash-tagged, one slot each. Alerts
// due in one minute are each delivered once; then the primary holding both the queue and the
// store is killed while the sends are under way, its replica takes over, and every alert still
// arrives exactly once.
import { expect, it } from 'vitest';
import { mapLimit } from '../../../src/util/map-limit.js';
import { openStore } from '../../../src/store/index.js';
import { at, subscription, testSettings } from '../fakes.js';
import type { InstanceOptions } from '../instance.js';
import { countByChat, startInstance, startPlatform, type Instance, type Platform } from '../instances.js';
import { freshNamespace } from '../../support/redis.js';
import { describeCluster, useLocalCluster, type LocalCluster } from '../../support/redis-cluster.js';

const SUBSCRIPTIONS = 300;
const STOPS = 30;
// Monday 23 Nov 2026, 07:30 in Ottawa.
const DUE = '2026-11-23T12:30:00.000Z';

async function setup(
  cluster: LocalCluster,
  perSecond: number,
  together = false,
): Promise<{ platform: Platform; namespace: string; options: (name: string) => InstanceOptions }> {
  let namespace = freshNamespace('cluster');
  // The queue's keys ({ns:bull}, ioredis) and the store's ({ns}, node-redis) on one primary: the
  // failover case kills it, and both clients must follow the replica (store/follow-failovers.ts).
  while (together && (await cluster.primaryOf(`{${namespace}:bull}`)) !== (await cluster.primaryOf(`{${namespace}}`)))
    namespace = freshNamespace('cluster');
  const store = await openStore({ dataDir: '/nonexistent', redisUrl: cluster.url, namespace });
  const subs = Array.from({ length: SUBSCRIPTIONS }, (_, i) =>
    subscription(at('07:30'), { id: `s${i}`, chatId: String(1_000 + i), stopNo: String(3_000 + (i % STOPS)) }),
  );
  await mapLimit(subs, 50, (sub) => store.subscriptions.add(sub, 20));
  await store.close();
  const platform = await startPlatform();
  return {
    platform,
    namespace,
    options: (name) => ({
      name,
      redisUrl: cluster.url,
      namespace,
      platformUrl: platform.url,
      now: DUE,
      settings: testSettings({ perSecond: { telegram: perSecond, discord: perSecond, console: perSecond } }),
      // Retries as production spaces them (2 s, doubling): a failover under load takes seconds, and a
      // job's attempts must outlast it.
      tuning: { sendingLeaseMs: 2_000, lockDurationMs: 1_500, stalledIntervalMs: 500, concurrency: 8, backoffMs: 2_000 },
    }),
  };
}

function expectEachOnce(platform: Platform): void {
  const counts = countByChat(platform.accepted);
  expect(counts.size).toBe(SUBSCRIPTIONS);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
}

describeCluster('two instances on a Redis Cluster', () => {
  const cluster = useLocalCluster();

  it('alerts due in one minute: each delivered once, through both instances', async ({ onTestFinished }) => {
    const { platform, options } = await setup(cluster.get(), 1000);
    const instances: Instance[] = await Promise.all([startInstance(options('A')), startInstance(options('B'))]);
    onTestFinished(async () => {
      await Promise.all(instances.map((i) => i.kill()));
      await platform.close();
    });
    for (const i of instances) i.tick();
    await Promise.all(instances.map((i) => i.ticked()));
    await platform.until(() => countByChat(platform.accepted).size === SUBSCRIPTIONS, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expectEachOnce(platform);
    expect(instances.reduce((n, i) => n + i.ticks.reduce((m, t) => m + t.due!, 0), 0)).toBe(SUBSCRIPTIONS);
    expect(new Set(platform.accepted.map((x) => x.instance))).toEqual(new Set(['A', 'B']));
    for (const i of instances) expect(i.stderr()).not.toMatch(/CROSSSLOT/);
  }, 40_000);

  // Once again if it fails: on a starved machine a failover can outlast the jobs' retries (an alert
  // then waits for the stalled-job check, past the test's wait).
  it(
    'the primary of the queue and the store killed mid-delivery: its replica takes over, every alert arrives once',
    { retry: 1, timeout: 100_000 },
    async ({ onTestFinished }) => {
      // Slow enough that the kill lands with most alerts still queued.
      const { platform, namespace, options } = await setup(cluster.get(), 40, true);
      const primary = await cluster.get().primaryOf(`{${namespace}}`);
      // The subscriptions are on its replica before the sends begin (writes after that may be lost
      // with the primary: Redis replicates asynchronously).
      await cluster.get().replicated(primary);
      const instances: Instance[] = await Promise.all([startInstance(options('A')), startInstance(options('B'))]);
      onTestFinished(async () => {
        await Promise.all(instances.map((i) => i.kill()));
        await platform.close();
      });
      for (const i of instances) i.tick();
      await Promise.all(instances.map((i) => i.ticked()));
      await platform.until(() => platform.accepted.length >= 40, 15_000);
      await cluster.get().kill(primary);
      const killedAt = platform.accepted.length;
      await cluster.get().failedOver(primary);
      await platform
        .until(() => countByChat(platform.accepted).size === SUBSCRIPTIONS, 60_000)
        .catch((err: unknown) => {
          throw new Error(`${String(err)}\n${instances.map((i) => i.stderr()).join('\n')}`);
        });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(killedAt).toBeLessThan(SUBSCRIPTIONS);
      expectEachOnce(platform);
    },
  );
});
