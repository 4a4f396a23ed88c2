// Runs a test body against both backends: SQLite in a fresh temp folder, and the machine's Redis
// (REDIS_URL, else redis://127.0.0.1:6379). Each test gets its own namespace, and its Redis keys
// are deleted afterwards (never FLUSHALL: the Redis may be shared). With REDIS_URL set, a Redis
// that does not answer fails the run; without it, the Redis tests are skipped, visibly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import type { Logger } from '../../src/log.js';
import { openStore, type OpenStoreOptions, type Store } from '../../src/store/index.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisRequired = process.env.REDIS_URL !== undefined;
const redisAnswers = await answers(REDIS_URL);

let sequence = 0;

export interface BackendUnderTest {
  readonly name: 'sqlite' | 'redis';
  /** This test's options: one temp folder and one namespace for the whole test. */
  options(): OpenStoreOptions & { namespace: string };
  /** Another store on the same data (a restart, a second replica); closed after the test. */
  open(extra?: { logger?: Logger; redisUrl?: string }): Promise<Store>;
}

export function forEachBackend(body: (backend: BackendUnderTest) => void): void {
  describe('sqlite', () => body(backendUnderTest('sqlite')));
  if (redisAnswers) {
    describe('redis', () => body(backendUnderTest('redis')));
  } else if (redisRequired) {
    describe('redis', () => {
      it(`answers at ${REDIS_URL}`, () => {
        throw new Error(`REDIS_URL is set but Redis does not answer at ${REDIS_URL}`);
      });
    });
  } else {
    describe.skip(`redis: nothing answers at ${REDIS_URL} (set REDIS_URL to make that a failure)`, () => {
      it('runs the same tests as sqlite', () => undefined);
    });
  }
}

function backendUnderTest(name: 'sqlite' | 'redis'): BackendUnderTest {
  let root = '';
  let namespace = '';
  let opened: Store[] = [];
  let cleaner: ReturnType<typeof createClient> | undefined;

  if (name === 'redis') {
    beforeAll(async () => {
      cleaner = createClient({ url: REDIS_URL });
      await cleaner.connect();
    });
    afterAll(async () => {
      await cleaner?.close();
    });
  }
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'arrivals-store-'));
    namespace = `test-${name}-${process.pid}-${++sequence}`;
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => undefined)));
    if (cleaner !== undefined) {
      const keys: string[] = [];
      for await (const batch of cleaner.scanIterator({ MATCH: `${namespace}::*`, COUNT: 500 })) keys.push(...batch);
      if (keys.length > 0) await cleaner.del(keys);
    }
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
