// The store through a Redis Cluster failover: `npm run bench cluster-failover`. A local cluster
// (six redis-server nodes, three primaries, node timeout 1 s: test/support/redis-cluster.ts) for
// each round; a store on it reads a chat's saved stops every 50 ms while the primary holding the
// store's slot is killed (SIGKILL). Printed per round: kill to the replica's promotion (the
// cluster's own doing), promotion to the store's first answer again (the client following it:
// store/follow-failovers.ts), and the reads that failed in between. Without the follower the
// store never answered again until a restart (test/store/cluster-failover.test.ts).
import { openStore } from '../src/store/index.js';
import { silentLogger } from '../src/log.js';
import { freshNamespace } from '../test/support/redis.js';
import { startLocalCluster } from '../test/support/redis-cluster.js';

const ROUNDS = 3;
const READ_EVERY_MS = 50;
const GIVE_UP_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chat = { platform: 'telegram', chatId: '42' } as const;

async function round(): Promise<{ promotedMs: number; answeredMs: number; failed: number }> {
  const cluster = await startLocalCluster();
  const namespace = freshNamespace('failover-bench');
  const store = await openStore({ dataDir: '/nonexistent', redisUrl: cluster.url, namespace, logger: silentLogger() });
  try {
    await store.savedStops.add(chat, { stopNo: '3017', label: 'work' }, 8);
    const primary = await cluster.primaryOf(`{${namespace}}`);
    await cluster.replicated(primary);
    const killedAt = performance.now();
    await cluster.kill(primary);
    let promotedMs: number | undefined;
    const promoted = cluster.failedOver(primary, GIVE_UP_MS).then(() => (promotedMs = performance.now() - killedAt));
    let failed = 0;
    for (;;) {
      const answered = await store.savedStops.list(chat).then(
        (stops) => stops.length === 1,
        () => false,
      );
      if (answered && failed > 0) break;
      if (!answered) failed++;
      if (performance.now() - killedAt > GIVE_UP_MS) throw new Error(`the store did not answer within ${GIVE_UP_MS} ms of the kill`);
      await sleep(READ_EVERY_MS);
    }
    const answeredMs = performance.now() - killedAt;
    await promoted;
    return { promotedMs: promotedMs!, answeredMs: answeredMs - promotedMs!, failed };
  } finally {
    await store.close().catch(() => undefined);
    await cluster.stop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`${ROUNDS} rounds, a read every ${READ_EVERY_MS} ms, node timeout 1 s`);
for (let i = 1; i <= ROUNDS; i++) {
  const r = await round();
  console.log(
    `round ${i}: kill -> replica promoted ${seconds(r.promotedMs)}; promoted -> store answers again ${seconds(r.answeredMs)}; reads failed meanwhile ${r.failed}`,
  );
}
