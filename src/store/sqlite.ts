// The SQLite backend: keyv's own adapter and connection (one file in DATA_DIR), checked at open,
// and claims as single SQL statements on that same connection; writes that must land together
// (a subscription's id, index entries and record) as one transaction on a second connection.
import { join } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import type { Logger } from '../log.js';
import type { Backend } from './backend.js';
import { SQLITE_FILE, backendErrorLog, keyvOver } from './keyv.js';
import { StoreError } from '../domain/store-ports.js';
import { folderFailure, sqliteOpenFailure } from './sqlite-errors.js';
import { makeFolder } from '../util/make-folder.js';
import { createSetsTableSql, sqliteSets } from './sqlite-sets.js';
import { sqliteTransactions } from './sqlite-transactions.js';

// keyv stores `{"value":...,"expires":<ms>}`; a row counts as absent once that time has passed.
// CASE (not AND) guards json_extract, which raises on text that is not JSON: such a row is
// never expired, so it is neither replaced nor swept, only reported where it is read.
const EXPIRED = (column: string) => `CASE WHEN json_valid(${column}) THEN coalesce(json_extract(${column}, '$.expires') < ?, 0) ELSE 0 END`;

const UNSYNCED = 'PRAGMA synchronous = OFF';
/** Rows per page of a scan of the records. */
const RECORDS_PAGE = 500;

export async function openSqlite(dataDir: string, namespace: string, logger: Logger | undefined, unsynced = false): Promise<Backend> {
  const file = join(dataDir, SQLITE_FILE);
  try {
    makeFolder(dataDir);
  } catch (err) {
    throw new StoreError(`cannot open ${file}: ${folderFailure(dataDir, err)}`, { cause: err });
  }
  const adapter = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: 5_000 });
  const table = adapter.opts.table!;
  // A failed open is both emitted and the rejection of every later query; the query below takes
  // the rejection to our caller, so the event only needs a listener (an unheard 'error' throws).
  adapter.on('error', () => undefined);
  try {
    // Issued in the same tick as the adapter's connect, so the connect's rejection is handled
    // before it can surface as an unhandled rejection. It waits for the open and keyv's CREATE
    // TABLE (a file that is not a database fails there, untouched), then deletes this namespace's
    // expired claims: a write, so a read-only file fails now rather than on a rider's first /save.
    await adapter.query(
      `DELETE FROM ${table} WHERE substr(key, 1, ?) = ? AND ${EXPIRED('value')}`,
      namespace.length + 1,
      `${namespace}:`,
      Date.now(),
    );
    await adapter.query(createSetsTableSql(table));
    if (unsynced) await adapter.query(UNSYNCED);
  } catch (err) {
    await adapter.close().catch(() => undefined);
    throw new StoreError(`cannot open ${file}: ${sqliteOpenFailure(file, err)}`, { cause: err });
  }
  const keyv = keyvOver(adapter, { namespace, redis: false, errors: backendErrorLog(logger) });

  const claimSql =
    `INSERT INTO ${table} (key, value) VALUES (?, ?) ` +
    `ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE ${EXPIRED(`${table}.value`)} ` +
    'RETURNING key';

  const prefix = (key: string) => keyv._getKeyPrefix(key);
  // The adapter's own connection factory: the same file and busy timeout, a connection of its own.
  const connect = adapter.opts.connect!;
  const transactions = sqliteTransactions(
    unsynced
      ? async () => {
          const connection = await connect();
          await connection.query(UNSYNCED);
          return connection;
        }
      : connect,
  );
  const upsert = `INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

  return {
    keyv,
    async claim(key, value, ttlMs) {
      const now = Date.now();
      // The row is written as keyv.set would write it, so keyv.get reads the claim's value and
      // treats it as gone once `expires` has passed.
      const stored = await keyv.serializeData({ value, expires: ttlMs === undefined ? undefined : now + ttlMs });
      // One statement: SQLite's write lock makes insert-or-replace-if-expired atomic across
      // connections and processes; RETURNING yields the row only when this statement wrote it.
      const rows = (await adapter.query(claimSql, keyv._getKeyPrefix(key), stored, now)) as unknown[];
      return rows.length === 1;
    },
    sets: sqliteSets((sql, ...params) => adapter.query(sql, ...params), table, prefix),
    async addBoundedWith(bounded, also, record) {
      const value = await keyv.serializeData({ value: record.value, expires: undefined });
      return transactions.run(async (query) => {
        const sets = sqliteSets(query, table, prefix);
        const outcome = await sets.addBounded(bounded.key, bounded.member, bounded.max);
        if (outcome !== 'added') return outcome;
        for (const [set, member] of also) await sets.add(set, [member]);
        await query(upsert, prefix(record.key), value);
        return outcome;
      });
    },
    async *records(wanted) {
      // Keyset pages along the primary key: each page an index range, none skipped or repeated.
      const start = prefix(wanted);
      let after = '';
      for (;;) {
        const rows = (await adapter.query(
          `SELECT key, value FROM ${table} WHERE key >= ? AND key > ? ORDER BY key LIMIT ${RECORDS_PAGE}`,
          start,
          after,
        )) as Array<{ key: string; value: unknown }>;
        for (const row of rows) {
          if (!row.key.startsWith(start)) return;
          yield [row.key.slice(start.length - wanted.length), row.value];
        }
        if (rows.length < RECORDS_PAGE) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    async close() {
      await transactions.close();
      await keyv.disconnect();
    },
  };
}
