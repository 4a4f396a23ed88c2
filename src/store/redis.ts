// The Redis backend: one client, connected before the store is handed out (an unreachable
// REDIS_URL is one clear line at start), shared by keyv's adapter and the claims. On a Redis
// Cluster (REDIS_URL `redis+cluster://`), a cluster client, and the namespace made one hash tag
// (`{arrivals-bot}::...`): every key of the store shares one slot, so that each script and
// transaction (a subscription's add, a chat's pause, a feed's poll) is allowed there. The cluster
// then gives the store failover (replicas; follow-failovers.ts moves the client to the promoted
// one), not spreading; on one Redis, keys stay as stores have always held them.
import KeyvRedis, { createClient, createCluster } from '@keyv/redis';
import { oneSlotPrefix, redisAddress } from '../util/redis-address.js';
import { withTimeout } from '../util/with-timeout.js';
import type { RedisCommands } from './redis-client.js';
import type { Logger } from '../log.js';
import type { Backend } from './backend.js';
import { oneLine } from './errors.js';
import { backendErrorLog, keyvOver } from './keyv.js';
import { StoreError } from '../domain/store-ports.js';
import { addBoundedWith, redisSets } from './redis-sets.js';
import { redisCounters } from './redis-counters.js';
import { redisReportCounts } from './redis-report-counts.js';
import { redisPollShare } from './redis-poll-share.js';
import { redisSharedRate } from './redis-shared-rate.js';
import { followFailovers } from './follow-failovers.js';

const CONNECT_TIMEOUT_MS = 1_500;
/** Covers a server that accepts the connection but never answers the handshake. */
const START_TIMEOUT_MS = 5_000;

export async function openRedis(configured: string, storeNamespace: string, logger: Logger | undefined): Promise<Backend> {
  const { url, cluster } = redisAddress(configured);
  const namespace = oneSlotPrefix(storeNamespace, cluster);
  const where = `cannot reach Redis${cluster ? ' Cluster' : ''} at ${withoutCredentials(url)}`;
  const errors = backendErrorLog(logger);
  let started = false;
  let firstError: unknown;
  let client: RedisCommands;
  try {
    const node = {
      // Fail fast while disconnected instead of queueing: a reply must not wait for Redis to return.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        // At start, give up at the first failure so that openStore can say why; once running, keep
        // trying with backoff while operations fail fast.
        reconnectStrategy: (retries: number, cause: Error) => (started ? Math.min(500 * 2 ** retries, 10_000) : cause),
      },
    };
    // The nodes a cluster names are reached with the seed's credentials.
    client = cluster ? createCluster({ rootNodes: [{ url }], defaults: { ...node, ...credentialsOf(url) } }) : createClient({ url, ...node });
  } catch (err) {
    throw new StoreError(`${where}: ${oneLine(err)}`, { cause: err });
  }
  const onStartError = (err: unknown) => (firstError ??= err);
  client.on('error', onStartError);
  if (cluster) client.on('node-error', onStartError);
  const connecting: Promise<unknown> = client.connect();
  // After a timeout the abandoned connect may still reject; that must not go unhandled.
  connecting.catch(() => undefined);
  try {
    await withTimeout(connecting, START_TIMEOUT_MS);
  } catch (err) {
    // Still trying after a timeout: stop it. (A client that gave up is closed already.)
    if (client.isOpen) client.destroy();
    // The first error says what went wrong (refused, unknown host, wrong password); the rejection
    // only that the client gave up.
    const cause = firstError ?? err;
    throw new StoreError(`${where}: ${oneLine(cause)}`, { cause });
  }
  started = true;
  client.off('error', onStartError);
  let stopFollowing: () => void = () => undefined;
  if (cluster) {
    client.off('node-error', onStartError);
    client.on('node-error', errors);
    client.on('node-ready', () => errors.reset());
    stopFollowing = followFailovers(client as ReturnType<typeof createCluster>, (from) =>
      logger?.warn({ from }, 'Redis Cluster failed over: the store now reads the new primary'),
    );
  } else client.on('ready', () => errors.reset());

  const adapter = new KeyvRedis(client, { throwOnErrors: true, throwOnConnectError: true, connectionTimeout: CONNECT_TIMEOUT_MS });
  const keyv = keyvOver(adapter, { namespace, redis: true, errors });
  // The adapter's own prefixing, so keyv.get reads this key; keyv adds none for Redis.
  const recordKey = (key: string) => adapter.createKeyPrefix(keyv._getKeyPrefix(key), adapter.namespace);
  // Beside keyv's keys, under the same prefix (a scan of the namespace finds them; keyv.clear()
  // does not: it deletes strings only).
  const setKey = (key: string) => recordKey(`set:${key}`);
  return {
    where: `Redis at ${withoutCredentials(url)}`,
    keyv,
    async claim(key, value, ttlMs) {
      // No `expires` in the value: Redis expires the key itself (PX), and a second clock in the
      // value would let keyv.get delete a key that Redis still holds, or one just claimed again.
      const stored = await keyv.serializeData({ value, expires: undefined });
      const reply = await client.set(recordKey(key), stored as string, {
        condition: 'NX',
        ...(ttlMs === undefined ? {} : { expiration: { type: 'PX', value: ttlMs } }),
      });
      return reply === 'OK';
    },
    sets: redisSets(client, setKey),
    counters: redisCounters(client, (key) => recordKey(`counter:${key}`)),
    reports: redisReportCounts(client, recordKey),
    pollShare: redisPollShare(client, recordKey),
    sharedRate: redisSharedRate(client, recordKey),
    async addBoundedWith(bounded, also, record) {
      const value = (await keyv.serializeData({ value: record.value, expires: undefined })) as string;
      return addBoundedWith(
        client,
        { ...bounded, key: setKey(bounded.key) },
        also.map(([set, member]) => [setKey(set), member] as const),
        { key: recordKey(record.key), value },
      );
    },
    async setAll(records) {
      if (records.length === 0) return;
      const pairs = await Promise.all(
        records.map(
          async ({ key, value }) => [recordKey(key), (await keyv.serializeData({ value, expires: undefined })) as string] as [string, string],
        ),
      );
      await client.mSet(pairs);
    },
    async *records(wanted) {
      const start = recordKey(wanted);
      // Glob characters in the namespace or prefix are their own, not a pattern.
      const match = `${start.replace(/[*?[\]\\]/g, '\\$&')}*`;
      // A cluster's keys are scanned on each primary (a scan reaches one node); the namespace's
      // one slot makes each page one MGET there.
      for (const node of await primariesOf(client, cluster)) {
        for await (const keys of node.scanIterator({ MATCH: match, TYPE: 'string', COUNT: 500 })) {
          if (keys.length === 0) continue;
          const values = await client.mGet(keys);
          for (const [i, key] of keys.entries()) if (values[i] !== null) yield [key.slice(start.length - wanted.length), values[i]];
        }
      }
    },
    close: () => {
      stopFollowing();
      return keyv.disconnect();
    },
  };
}

type OneNode = ReturnType<typeof createClient>;

/** The node clients a scan goes through: each primary of a cluster, or the one Redis. */
async function primariesOf(client: RedisCommands, cluster: boolean): Promise<OneNode[]> {
  if (!cluster) return [client as OneNode];
  const nodes = client as ReturnType<typeof createCluster>;
  return Promise.all(nodes.masters.map((primary) => nodes.nodeClient(primary)));
}

function credentialsOf(url: string): { username?: string; password?: string } {
  const parsed = new URL(url);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/** Host and port only: a REDIS_URL may carry a password, and this text ends up in logs. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the configured REDIS_URL (not a valid URL)';
  }
}
