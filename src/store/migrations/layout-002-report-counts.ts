// Riders' reports (a bus that did not come): expiring counters in a table of their own, so that one
// report is one transaction and the expired ones go in one indexed DELETE.
import type { LayoutMigration } from './migration.js';

export const REPORT_COUNTS_TABLE = 'report_counts';

export const reportCountsTable: LayoutMigration = {
  version: 2,
  name: 'riders report counts',
  up(db) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${REPORT_COUNTS_TABLE} (key TEXT NOT NULL PRIMARY KEY, count INTEGER NOT NULL, expires INTEGER NOT NULL) WITHOUT ROWID`,
    );
    db.exec(`CREATE INDEX IF NOT EXISTS ${REPORT_COUNTS_TABLE}_expires ON ${REPORT_COUNTS_TABLE} (expires)`);
  },
};
