// Sets in SQLite: one row per member in a table of our own beside keyv's, keyed (set, member), so
// membership, bounded adds and reads of one set are single indexed statements.
import type { BoundedOutcome, SetOps } from './sets.js';

type Query = (sql: string, ...params: unknown[]) => Promise<unknown>;

export const setsTable = (keyvTable: string) => `${keyvTable}_sets`;

export function createSetsTableSql(keyvTable: string): string {
  return `CREATE TABLE IF NOT EXISTS ${setsTable(keyvTable)} (set_key TEXT NOT NULL, member TEXT NOT NULL, PRIMARY KEY (set_key, member)) WITHOUT ROWID`;
}

/** SetOps, and the bounded add that Backend.addBoundedWith runs inside its transaction. */
export interface SqliteSets extends SetOps {
  /** Adds `member` unless it is there already or the set holds `max` members, in one statement. */
  addBounded(key: string, member: string, max: number): Promise<BoundedOutcome>;
}

/** `prefix` turns a set's key into its stored one (the namespace, as keyv prefixes its keys). */
export function sqliteSets(query: Query, keyvTable: string, prefix: (key: string) => string): SqliteSets {
  const table = setsTable(keyvTable);
  return {
    async add(key, members) {
      if (members.length === 0) return;
      await query(
        `INSERT INTO ${table} (set_key, member) SELECT ?, value FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`,
        prefix(key),
        JSON.stringify(members),
      );
    },
    async addBounded(key, member, max) {
      const setKey = prefix(key);
      // One statement: SQLite's write lock makes count-then-insert atomic across processes.
      const added = (await query(
        `INSERT INTO ${table} (set_key, member) SELECT ?, ? WHERE (SELECT count(*) FROM ${table} WHERE set_key = ?) < ? ON CONFLICT DO NOTHING RETURNING member`,
        setKey,
        member,
        setKey,
        max,
      )) as unknown[];
      if (added.length === 1) return 'added';
      const present = (await query(`SELECT 1 FROM ${table} WHERE set_key = ? AND member = ?`, setKey, member)) as unknown[];
      return present.length > 0 ? 'exists' : 'full';
    },
    async remove(key, members) {
      if (members.length === 0) return;
      await query(`DELETE FROM ${table} WHERE set_key = ? AND member IN (SELECT value FROM json_each(?))`, prefix(key), JSON.stringify(members));
    },
    async members(keys) {
      if (keys.length === 0) return [];
      const stored = keys.map(prefix);
      const rows = (await query(
        `SELECT set_key, member FROM ${table} WHERE set_key IN (SELECT value FROM json_each(?))`,
        JSON.stringify(stored),
      )) as Array<{ set_key: string; member: string }>;
      const byKey = new Map<string, string[]>(stored.map((k) => [k, []]));
      for (const row of rows) byKey.get(row.set_key)?.push(row.member);
      return stored.map((k) => byKey.get(k)!);
    },
  };
}
