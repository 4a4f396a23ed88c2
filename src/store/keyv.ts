// The Keyv in front of either backend, set up the same way whoever opens it.
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import type { Logger } from '../log.js';

export const SQLITE_FILE = 'arrivals-bot.sqlite';
export const DEFAULT_NAMESPACE = 'arrivals-bot';

export interface BackendErrorLog {
  (err: unknown): void;
  /** The backend is back: its next outage is logged afresh. */
  reset(): void;
}

/**
 * Without a listener a backend's connection errors would be lost; with one each distinct message
 * is logged once per outage, since a dead Redis repeats the same few errors on every operation
 * (refused, timed out, not connected) until it is back.
 */
export function backendErrorLog(logger: Logger | undefined): BackendErrorLog {
  const logged = new Set<string>();
  const log = (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (logged.has(message)) return;
    logged.add(message);
    logger?.warn({ err }, 'store backend error');
  };
  return Object.assign(log, { reset: () => logged.clear() });
}

/**
 * Operations reject when the backend fails (throwOnErrors), so that callers can tell "nothing
 * saved" from "could not read" and never overwrite data they did not see.
 */
export function keyvOver(adapter: KeyvStoreAdapter, options: { namespace: string; redis: boolean; errors: BackendErrorLog }): Keyv {
  const keyv = new Keyv({
    store: adapter,
    namespace: options.namespace,
    throwOnErrors: true,
    // The Redis adapter prefixes keys with the namespace itself; Keyv's own prefix would double it.
    useKeyPrefix: !options.redis,
  });
  keyv.on('error', options.errors);
  return keyv;
}
