// The store's SQLite layout, versioned: PRAGMA user_version says which migrations a file has had,
// and opening the store runs the ones it lacks, each in its own transaction. A file of version 0
// (every version before this list existed: sqlite3 and @keyv/sqlite) already holds the tables of
// the first step, which creates only what is absent, so its records are read as they are.
import type { Database } from 'better-sqlite3';
import { keyvTables } from './001-keyv-tables.js';
import type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [keyvTables];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export class NewerStoreError extends Error {
  override readonly name = 'NewerStoreError';
}

/** Brings the file to LATEST_VERSION; refuses a file a newer version wrote (it would misread it). */
export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_VERSION)
    throw new NewerStoreError(`a newer version of the bot wrote it (layout ${current}; this one reads up to ${LATEST_VERSION})`);
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
