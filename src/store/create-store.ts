import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import KeyvRedis, { createClient } from '@keyv/redis';
import KeyvSqlite from '@keyv/sqlite';
import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import { DEFAULT_NAMESPACE, SQLITE_FILE, backendErrorLog, keyvOver } from './keyv.js';

export { SQLITE_FILE };

export interface StoreOptions {
  /** Folder of the SQLite file; created on first start. */
  dataDir: string;
  /** When set, Redis instead of SQLite (several replicas share one store). */
  redisUrl?: string;
  logger?: Logger;
  /** Prefix of every key; tests use their own to keep out of each other's way. */
  namespace?: string;
}

/**
 * The bot's key-value store, opened lazily: a backend that cannot open shows only on the first
 * operation. Superseded by openStore (index.ts), which checks the backend before returning; kept
 * until the bot core moves over.
 */
export function createStore(options: StoreOptions): Keyv {
  const errors = backendErrorLog(options.logger);
  const redis = options.redisUrl !== undefined;
  return keyvOver(redis ? redisAdapter(options.redisUrl!, errors.reset) : sqliteAdapter(options.dataDir), {
    namespace: options.namespace ?? DEFAULT_NAMESPACE,
    redis,
    errors,
  });
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
