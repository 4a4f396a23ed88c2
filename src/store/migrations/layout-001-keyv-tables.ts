// keyv's records and the native sets beside them, as @keyv/sqlite and the earlier versions made
// them (IF NOT EXISTS: a file those versions wrote keeps its rows).
import { KEYV_TABLE } from '../sqlite-keyv.js';
import { SETS_TABLE } from '../sqlite-sets.js';
import type { LayoutMigration } from './migration.js';

export const keyvTables: LayoutMigration = {
  version: 1,
  name: 'keyv records and sets',
  up(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${KEYV_TABLE} (key VARCHAR(255) PRIMARY KEY, value TEXT)`);
    db.exec(`CREATE TABLE IF NOT EXISTS ${SETS_TABLE} (set_key TEXT NOT NULL, member TEXT NOT NULL, PRIMARY KEY (set_key, member)) WITHOUT ROWID`);
  },
};
