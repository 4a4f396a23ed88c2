// A Redis Cluster client that follows a failover. node-redis learns a new slot map only from a MOVED
// answer (redis/node-redis#2806); a primary that dies never gives one, so its client kept
// reconnecting to the dead address and every command for the store's slot failed ("The client is
// offline") long after a replica had taken over. ioredis (BullMQ's driver) refreshes on its own.
//
// So while a primary's client is down, a live primary is asked for the slot map every second; once
// the down address no longer holds a slot, the client reads the map again from that live node.
// Not before: reading the map while the dead node is still listed would connect to it and wait.
import type { createCluster } from '@keyv/redis';
import { withTimeout } from '../util/with-timeout.js';

type Cluster = ReturnType<typeof createCluster>;

const EVERY_MS = 1_000;
/** A slot map read, or a rediscovery, that takes longer is dropped and tried again next round. */
const BOUND_MS = 5_000;

/** Starts following; the returned function stops it (before the client closes). */
export function followFailovers(cluster: Cluster, onFollowed: (from: string[]) => void = () => undefined): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    followOnce(cluster)
      .then((from) => from.length > 0 && onFollowed(from))
      .catch(() => undefined) // the next round tries again
      .finally(() => (running = false));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One round: the addresses of the down primaries the client moved away from (none most rounds). */
async function followOnce(cluster: Cluster): Promise<string[]> {
  const down = cluster.masters.filter((node) => node.client !== undefined && !node.client.isReady);
  const live = cluster.masters.find((node) => node.client?.isReady)?.client;
  if (down.length === 0 || live === undefined) return [];
  const shards = await withTimeout(live.clusterSlots(), BOUND_MS);
  const holding = new Set(shards.map(({ master }) => `${master.host}:${master.port}`));
  const replaced = down.map((node) => node.address).filter((address) => !holding.has(address));
  if (replaced.length === 0) return [];
  // `_slots` is typed in node-redis's declarations; rediscover is what a MOVED answer calls.
  await withTimeout(cluster._slots.rediscover(live), BOUND_MS);
  return replaced;
}
