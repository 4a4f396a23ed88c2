import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import KeyvRedis, { createClient } from '@keyv/redis';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import type { Logger } from './log.js';

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
  const store = new Keyv({
    store: options.redisUrl !== undefined ? redisAdapter(options.redisUrl) : sqliteAdapter(options.dataDir),
    namespace,
    throwOnErrors: true,
  });
  // Without a listener a backend's connection errors would be lost; with one they are logged once
  // per distinct message, since a dead Redis reports the same error on every reconnect attempt.
  let lastError = '';
  store.on('error', (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (message === lastError) return;
    lastError = message;
    options.logger?.warn({ err }, 'store backend error');
  });
  return store;
}

function sqliteAdapter(dataDir: string): KeyvSqlite {
  mkdirSync(dataDir, { recursive: true });
  return new KeyvSqlite({ uri: `sqlite://${join(dataDir, SQLITE_FILE)}`, busyTimeout: 5_000 });
}

function redisAdapter(url: string): KeyvRedis<unknown> {
  const client = createClient({
    url,
    // Fail fast while disconnected instead of queueing: a reply must not wait for Redis to return.
    disableOfflineQueue: true,
    socket: { connectTimeout: 1_500, reconnectStrategy: (retries: number) => Math.min(500 * 2 ** retries, 10_000) },
  });
  return new KeyvRedis(client, { throwOnErrors: true, throwOnConnectError: true, connectionTimeout: 1_500 });
}
