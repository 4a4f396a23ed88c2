// The store's SQLite layout, versioned: PRAGMA user_version says which steps a file has had, and
// opening the store runs the ones it lacks, each in its own transaction. A file of version 0
// (every version before this list existed: sqlite3 and @keyv/sqlite) already holds the tables of
// the first step, which creates only what is absent, so its records are read as they are.
import type { Database } from 'better-sqlite3';
import { keyvTables } from './layout-001-keyv-tables.js';
import { reportCountsTable } from './layout-002-report-counts.js';
import type { LayoutMigration } from './migration.js';
import { NewerStoreError } from './newer-store.js';

export const LAYOUT_MIGRATIONS: readonly LayoutMigration[] = [keyvTables, reportCountsTable];

export const LATEST_LAYOUT = LAYOUT_MIGRATIONS[LAYOUT_MIGRATIONS.length - 1]!.version;

/** Brings the file to LATEST_LAYOUT; refuses a file a newer version wrote (it would misread it). */
export function migrateLayout(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_LAYOUT)
    throw new NewerStoreError(`a newer version of the bot wrote it (layout ${current}; this one reads up to ${LATEST_LAYOUT})`);
  for (const migration of LAYOUT_MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
