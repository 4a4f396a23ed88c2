// Sets in SQLite: one row per member in a table of our own beside keyv's, keyed (set, member), so
// membership, bounded adds and reads of one set are single indexed statements.
import type { Database } from 'better-sqlite3';
import type { BoundedOutcome, SetOps } from './sets.js';

export const SETS_TABLE = 'keyv_sets';

/** SetOps, and the bounded add that Backend.addBoundedWith runs inside its transaction. */
export interface SqliteSets extends SetOps {
  /** Synchronous, for a transaction: adds each member not there yet. */
  addNow(key: string, members: readonly string[]): void;
  /** Synchronous, for a transaction: adds `member` unless it is there already or the set holds `max` members. */
  addBoundedNow(key: string, member: string, max: number): BoundedOutcome;
}

/** `prefix` turns a set's key into its stored one (the namespace, as keyv prefixes its keys). */
export function sqliteSets(db: Database, prefix: (key: string) => string): SqliteSets {
  const t = SETS_TABLE;
  const insert = db.prepare<[string, string]>(
    `INSERT INTO ${t} (set_key, member) SELECT ?, value FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`,
  );
  // One statement: SQLite's write lock makes count-then-insert atomic across processes.
  const insertBounded = db.prepare<[string, string, string, number]>(
    `INSERT INTO ${t} (set_key, member) SELECT ?, ? WHERE (SELECT count(*) FROM ${t} WHERE set_key = ?) < ? ON CONFLICT DO NOTHING`,
  );
  const has = db.prepare<[string, string]>(`SELECT 1 FROM ${t} WHERE set_key = ? AND member = ?`);
  const remove = db.prepare<[string, string]>(`DELETE FROM ${t} WHERE set_key = ? AND member IN (SELECT value FROM json_each(?))`);
  const members = db.prepare<[string], { set_key: string; member: string }>(
    `SELECT set_key, member FROM ${t} WHERE set_key IN (SELECT value FROM json_each(?))`,
  );

  const addNow = (key: string, added: readonly string[]) => {
    if (added.length > 0) insert.run(prefix(key), JSON.stringify(added));
  };
  return {
    addNow,
    addBoundedNow(key, member, max) {
      const setKey = prefix(key);
      if (insertBounded.run(setKey, member, setKey, max).changes === 1) return 'added';
      return has.get(setKey, member) !== undefined ? 'exists' : 'full';
    },
    async add(key, added) {
      addNow(key, added);
      return Promise.resolve();
    },
    async remove(key, removed) {
      if (removed.length > 0) remove.run(prefix(key), JSON.stringify(removed));
      return Promise.resolve();
    },
    async members(keys) {
      if (keys.length === 0) return [];
      const stored = keys.map(prefix);
      const byKey = new Map<string, string[]>(stored.map((k) => [k, []]));
      for (const row of members.all(JSON.stringify(stored))) byKey.get(row.set_key)?.push(row.member);
      return Promise.resolve(stored.map((k) => byKey.get(k)!));
    },
  };
}
