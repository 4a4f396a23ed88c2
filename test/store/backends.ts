// Runs a test body against every backend: SQLite in a fresh temp folder, the machine's Redis
// (test/support/redis.ts), and a Redis Cluster the file starts itself (test/support/redis-cluster.ts:
// six local nodes, three primaries). Each test gets its own namespace; its Redis keys are deleted
// after (the cluster's go with it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'vitest';
import type { Logger } from '../../src/log.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';
import { REDIS_URL, deleteNamespace, describeRedis, freshNamespace } from '../support/redis.js';
import { describeCluster, useLocalCluster } from '../support/redis-cluster.js';

type BackendName = 'sqlite' | 'redis' | 'redis-cluster';

export interface BackendUnderTest {
  readonly name: BackendName;
  /** This test's options: one temp folder and one namespace for the whole test. */
  options(): OpenStoreOptions & { namespace: string };
  /** Another store on the same data (a restart, a second replica); closed after the test. */
  open(extra?: { logger?: Logger; redisUrl?: string } & Pick<OpenStoreOptions, 'now' | 'riderReports'>): Promise<Store>;
}

export function forEachBackend(body: (backend: BackendUnderTest) => void): void {
  describe('sqlite', () => body(backendUnderTest('sqlite')));
  describeRedis('redis', () => body(backendUnderTest('redis')));
  describeCluster('redis-cluster', () => {
    const cluster = useLocalCluster();
    body(backendUnderTest('redis-cluster', () => cluster.get().url));
  });
}

/**
 * it() for a test that cuts the backend's connection under the store (outage.ts): a relay in
 * front of one Redis. A cluster's clients follow the addresses its nodes announce, past any
 * relay, so these run on SQLite and one Redis.
 */
export function itCutting(backend: BackendUnderTest) {
  return it.skipIf(backend.name === 'redis-cluster');
}

/** it() for a test that reads one Redis's raw keys itself (REDIS_URL's): on SQLite and one Redis. */
export function itReadingRawKeys(backend: BackendUnderTest) {
  return it.skipIf(backend.name === 'redis-cluster');
}

function backendUnderTest(name: BackendName, clusterUrl?: () => string): BackendUnderTest {
  let root = '';
  let namespace = '';
  let opened: Store[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'arrivals-store-'));
    namespace = freshNamespace(name);
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => undefined)));
    if (name === 'redis') await deleteNamespace(namespace);
    rmSync(root, { recursive: true, force: true });
  });

  const redisUrl = () => (name === 'redis' ? REDIS_URL : clusterUrl?.());
  const options = () => {
    const url = redisUrl();
    return { dataDir: join(root, 'data'), namespace, ...(url !== undefined ? { redisUrl: url } : {}) };
  };
  return {
    name,
    options,
    async open(extra = {}) {
      const store = await openStore({ ...options(), ...extra });
      opened.push(store);
      return store;
    },
  };
}
