// Counters in SQLite: one row per counter and field in a table of our own beside keyv's, made at
// open when missing (a file of an earlier version gains it; one of an earlier version ignores it),
// so no layout version changes and no earlier version refuses the file. An add is one transaction
// of upserts; expired counters are swept at most once a minute, on an add.
import type { Database } from 'better-sqlite3';
import type { CounterOps } from './counters.js';

export const COUNTERS_TABLE = 'counters';

const SWEEP_EVERY_MS = 60_000;

/** `prefix` turns a counter's key into its stored one (the namespace, as keyv prefixes its keys); `now` the wall clock, for expiry. */
export function sqliteCounters(db: Database, prefix: (key: string) => string, now: () => number = Date.now): CounterOps {
  const t = COUNTERS_TABLE;
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${t} (counter_key TEXT NOT NULL, field TEXT NOT NULL, n INTEGER NOT NULL, expires INTEGER NOT NULL, PRIMARY KEY (counter_key, field)) WITHOUT ROWID`,
  );
  const upsert = db.prepare<[string, string, number, number]>(
    `INSERT INTO ${t} (counter_key, field, n, expires) VALUES (?, ?, ?, ?) ON CONFLICT (counter_key, field) DO UPDATE SET n = n + excluded.n, expires = max(expires, excluded.expires)`,
  );
  const select = db.prepare<[string, number], { counter_key: string; field: string; n: number }>(
    `SELECT counter_key, field, n FROM ${t} WHERE counter_key IN (SELECT value FROM json_each(?)) AND expires > ?`,
  );
  const sweep = db.prepare<[number]>(`DELETE FROM ${t} WHERE expires <= ?`);
  let sweptAt = -Infinity;
  const addAll = db.transaction((key: string, increments: ReadonlyArray<readonly [string, number]>, expiresAtMs: number) => {
    for (const [field, n] of increments) upsert.run(key, field, n, expiresAtMs);
  });
  return {
    async add(key, increments, ttlMs) {
      const at = now();
      if (increments.length > 0) addAll(prefix(key), increments, at + ttlMs);
      if (at - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at;
        sweep.run(at);
      }
      return Promise.resolve();
    },
    async read(keys, fields) {
      const stored = keys.map(prefix);
      const byKey = new Map<string, Map<string, number>>(stored.map((k) => [k, new Map()]));
      if (keys.length > 0) for (const row of select.all(JSON.stringify(stored), now())) byKey.get(row.counter_key)?.set(row.field, row.n);
      return Promise.resolve(stored.map((k) => fields.map((f) => byKey.get(k)?.get(f) ?? 0)));
    },
  };
}
