// The store on a local Redis Cluster whose primary holding the store's slot is killed: a replica
// takes over, and the store's client must follow it. node-redis alone does not (it learns a new
// slot map only from a MOVED answer, which a dead node never gives), so without
// store/follow-failovers.ts every command failed "The client is offline" until a restart.
import { expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { silentLogger } from '../../src/log.js';
import { freshNamespace } from '../support/redis.js';
import { describeCluster, useLocalCluster } from '../support/redis-cluster.js';
import type { ChatRef } from '../../src/domain/chat.js';

const CHAT: ChatRef = { platform: 'telegram', chatId: '42' };

/** The first answer `read` gives once it stops failing, within `ms`. */
async function once<T>(read: () => Promise<T>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await read();
    } catch (err) {
      if (Date.now() > end) throw new Error(`still failing after ${ms} ms: ${String(err)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describeCluster("a Redis Cluster's primary dies under the store", () => {
  const cluster = useLocalCluster();

  it(
    'the store follows the replica that took over: what was saved reads back, and new saves land',
    { timeout: 60_000 },
    async ({ onTestFinished }) => {
      const local = cluster.get();
      const namespace = freshNamespace('failover');
      const store: Store = await openStore({ dataDir: '/nonexistent', redisUrl: local.url, namespace, logger: silentLogger() });
      onTestFinished(() => store.close());
      await store.savedStops.add(CHAT, { stopNo: '3017', name: 'BASELINE', label: 'work' }, 8);
      const primary = await local.primaryOf(`{${namespace}}`);
      await local.replicated(primary);

      await local.kill(primary);
      await expect(store.savedStops.list(CHAT)).rejects.toThrow();
      await local.failedOver(primary);

      expect(await once(() => store.savedStops.list(CHAT), 15_000)).toEqual([{ stopNo: '3017', name: 'BASELINE', label: 'work' }]);
      expect(await store.savedStops.add(CHAT, { stopNo: '3020', label: 'home' }, 8)).toBe('saved');
      expect((await store.savedStops.list(CHAT)).map((stop) => stop.stopNo)).toEqual(['3017', '3020']);
    },
  );
});
