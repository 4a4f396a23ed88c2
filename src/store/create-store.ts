import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import KeyvRedis, { createClient } from '@keyv/redis';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import type { Logger } from '../log.js';

export interface StoreOptions {
  /** Folder of the SQLite file; created on first start. */
  dataDir: string;
  /** When set, Redis instead of SQLite (several replicas share one store). */
  redisUrl?: string;
  logger?: Logger;
  /** Prefix of every key; tests use their own to keep out of each other's way. */
  namespace?: string;
}

export const SQLITE_FILE = 'arrivals-bot.sqlite';
const DEFAULT_NAMESPACE = 'arrivals-bot';

/**
 * The bot's key-value store. Operations reject when the backend fails (throwOnErrors), so that
 * callers can tell "nothing saved" from "could not read" and never overwrite data they did not see.
 */
export function createStore(options: StoreOptions): Keyv {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  // Without a listener a backend's connection errors would be lost; with one each distinct message
  // is logged once per outage, since a dead Redis repeats the same few errors on every operation
  // (refused, timed out, not connected) until it is back.
  const logged = new Set<string>();
  const redis = options.redisUrl !== undefined;
  const store = new Keyv({
    store: redis ? redisAdapter(options.redisUrl!, () => logged.clear()) : sqliteAdapter(options.dataDir),
    namespace,
    throwOnErrors: true,
    // The Redis adapter prefixes keys with the namespace itself; Keyv's own prefix would double it.
    useKeyPrefix: !redis,
  });
  store.on('error', (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (logged.has(message)) return;
    logged.add(message);
    options.logger?.warn({ err }, 'store backend error');
  });
  return store;
}

function sqliteAdapter(dataDir: string): KeyvSqlite {
  mkdirSync(dataDir, { recursive: true });
  return new KeyvSqlite({ uri: `sqlite://${join(dataDir, SQLITE_FILE)}`, busyTimeout: 5_000 });
}

function redisAdapter(url: string, onReady: () => void): KeyvRedis<unknown> {
  const client = createClient({
    url,
    // Fail fast while disconnected instead of queueing: a reply must not wait for Redis to return.
    disableOfflineQueue: true,
    socket: { connectTimeout: 1_500, reconnectStrategy: (retries: number) => Math.min(500 * 2 ** retries, 10_000) },
  });
  client.on('ready', onReady);
  return new KeyvRedis(client, { throwOnErrors: true, throwOnConnectError: true, connectionTimeout: 1_500 });
}
