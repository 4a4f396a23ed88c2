/**
 * Counters kept natively by the backend (Redis hashes, a SQLite table keyed (counter, field)):
 * many small numbers added to from several instances at once, where keyv's read-then-write would
 * lose increments. A counter's key is namespaced by the backend like keyv's, and lives until the
 * time its last add gave.
 */
export interface CounterOps {
  /** Adds each [field, n] to the counter `key`, all at once; the counter is kept `ttlMs` from now (never less than an earlier add gave). */
  add(key: string, increments: ReadonlyArray<readonly [field: string, n: number]>, ttlMs: number): Promise<void>;
  /** The value of each field of each counter (0 when absent or expired), in the keys' and fields' order, in one round trip. */
  read(keys: readonly string[], fields: readonly string[]): Promise<number[][]>;
}
