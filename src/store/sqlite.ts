// The SQLite backend: one better-sqlite3 connection to one file in DATA_DIR, its layout brought up
// to date at open (migrations/), keyv's records through our adapter (sqlite-keyv.ts), claims as
// single statements, and writes that must land together (a subscription's id, index entries and
// record) as one transaction. Statements run synchronously and take microseconds; no other
// statement can come between a transaction's, so one connection serves them all.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Logger } from '../log.js';
import type { Backend } from './backend.js';
import { SQLITE_FILE, backendErrorLog, keyvOver } from './keyv.js';
import { StoreError } from '../domain/store-ports.js';
import { folderFailure, sqliteOpenFailure } from './sqlite-errors.js';
import { makeFolder } from '../util/make-folder.js';
import { migrateLayout } from './migrations/index.js';
import { KEYV_TABLE, SqliteKeyv } from './sqlite-keyv.js';
import { sqliteSets } from './sqlite-sets.js';
import { sqliteCounters } from './sqlite-counters.js';
import { sqliteReportCounts } from './sqlite-report-counts.js';

// keyv stores `{"value":...,"expires":<ms>}`; a row counts as absent once that time has passed.
// CASE (not AND) guards json_extract, which raises on text that is not JSON: such a row is
// never expired, so it is neither replaced nor swept, only reported where it is read.
const EXPIRED = (column: string) => `CASE WHEN json_valid(${column}) THEN coalesce(json_extract(${column}, '$.expires') < ?, 0) ELSE 0 END`;

/** How long a statement waits for another process's write lock before failing. */
const BUSY_TIMEOUT_MS = 5_000;
/** Rows per page of a scan of the records. */
const RECORDS_PAGE = 500;

export async function openSqlite(dataDir: string, namespace: string, logger: Logger | undefined, unsynced = false): Promise<Backend> {
  const file = join(dataDir, SQLITE_FILE);
  try {
    makeFolder(dataDir);
  } catch (err) {
    throw new StoreError(`cannot open ${file}: ${folderFailure(dataDir, err)}`, { cause: err });
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    // Write-ahead logging: a write costs one append and no wait for readers, and a transaction
    // survives the process's crash with NORMAL sync (a power cut may undo the last ones, never
    // corrupt the file). Every process on the file uses it: the mode is kept in the file itself.
    db.pragma('journal_mode = WAL');
    db.pragma(unsynced ? 'synchronous = OFF' : 'synchronous = NORMAL');
    // The first statements read the file (one that is not a database fails here, untouched) and
    // write to it (deleting this namespace's expired claims), so a read-only file fails now rather
    // than on a rider's first /save.
    migrateLayout(db);
    db.prepare(`DELETE FROM ${KEYV_TABLE} WHERE substr(key, 1, ?) = ? AND ${EXPIRED('value')}`).run(
      namespace.length + 1,
      `${namespace}:`,
      Date.now(),
    );
  } catch (err) {
    db?.close();
    throw new StoreError(`cannot open ${file}: ${sqliteOpenFailure(file, err)}`, { cause: err });
  }
  return Promise.resolve(sqliteBackend(db, file, namespace, logger));
}

function sqliteBackend(db: Database.Database, file: string, namespace: string, logger: Logger | undefined): Backend {
  const adapter = new SqliteKeyv(db);
  const keyv = keyvOver(adapter, { namespace, redis: false, errors: backendErrorLog(logger) });
  const prefix = (key: string) => keyv._getKeyPrefix(key);
  const sets = sqliteSets(db, prefix);
  const counters = sqliteCounters(db, prefix);
  const t = KEYV_TABLE;
  // One statement: SQLite's write lock makes insert-or-replace-if-expired atomic across
  // processes; RETURNING yields the row only when this statement wrote it.
  const claim = db.prepare<[string, string, number]>(
    `INSERT INTO ${t} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE ${EXPIRED(`${t}.value`)} RETURNING key`,
  );
  const upsert = db.prepare<[string, string]>(`INSERT INTO ${t} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  const page = db.prepare<[string, string], { key: string; value: unknown }>(
    `SELECT key, value FROM ${t} WHERE key >= ? AND key > ? ORDER BY key LIMIT ${RECORDS_PAGE}`,
  );
  let closed = false;

  return {
    where: file,
    keyv,
    async claim(key, value, ttlMs) {
      const now = Date.now();
      // The row is written as keyv.set would write it, so keyv.get reads the claim's value and
      // treats it as gone once `expires` has passed.
      const stored = (await keyv.serializeData({ value, expires: ttlMs === undefined ? undefined : now + ttlMs })) as string;
      return claim.all(prefix(key), stored, now).length === 1;
    },
    sets,
    counters,
    reports: sqliteReportCounts(db, prefix),
    async addBoundedWith(bounded, also, record) {
      const value = (await keyv.serializeData({ value: record.value, expires: undefined })) as string;
      // IMMEDIATE: the write lock is taken at BEGIN, so the transaction cannot fail later to upgrade it.
      return db
        .transaction(() => {
          const outcome = sets.addBoundedNow(bounded.key, bounded.member, bounded.max);
          if (outcome !== 'added') return outcome;
          for (const [set, member] of also) sets.addNow(set, [member]);
          upsert.run(prefix(record.key), value);
          return outcome;
        })
        .immediate();
    },
    async setAll(records) {
      if (records.length === 0) return;
      const rows = await Promise.all(
        records.map(async ({ key, value }) => [prefix(key), (await keyv.serializeData({ value, expires: undefined })) as string] as const),
      );
      db.transaction(() => {
        for (const [key, value] of rows) upsert.run(key, value);
      }).immediate();
    },
    async *records(wanted) {
      // Keyset pages along the primary key: each page an index range, none skipped or repeated.
      const start = prefix(wanted);
      let after = '';
      for (;;) {
        const rows = page.all(start, after);
        for (const row of rows) {
          if (!row.key.startsWith(start)) return;
          yield [row.key.slice(start.length - wanted.length), row.value];
        }
        if (rows.length < RECORDS_PAGE) return;
        after = rows[rows.length - 1]!.key;
        // A long walk gives the event loop back between pages.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await keyv.disconnect();
    },
  };
}
