// Runs a test body against both backends: SQLite in a fresh temp folder, and the machine's Redis
// (test/support/redis.ts). Each test gets its own namespace; its Redis keys are deleted after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe } from 'vitest';
import type { Logger } from '../../src/log.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';
import { REDIS_URL, deleteNamespace, describeRedis, freshNamespace } from '../support/redis.js';

export interface BackendUnderTest {
  readonly name: 'sqlite' | 'redis';
  /** This test's options: one temp folder and one namespace for the whole test. */
  options(): OpenStoreOptions & { namespace: string };
  /** Another store on the same data (a restart, a second replica); closed after the test. */
  open(extra?: { logger?: Logger; redisUrl?: string } & Pick<OpenStoreOptions, 'now' | 'riderReports'>): Promise<Store>;
}

export function forEachBackend(body: (backend: BackendUnderTest) => void): void {
  describe('sqlite', () => body(backendUnderTest('sqlite')));
  describeRedis('redis', () => body(backendUnderTest('redis')));
}

function backendUnderTest(name: 'sqlite' | 'redis'): BackendUnderTest {
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

  const options = () => ({ dataDir: join(root, 'data'), namespace, ...(name === 'redis' ? { redisUrl: REDIS_URL } : {}) });
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
