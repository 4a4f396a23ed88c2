import type { Database } from 'better-sqlite3';
import type { Claims } from '../../domain/store-ports.js';
import type { Logger } from '../../log.js';
import type { Backend } from '../backend.js';
import type { CorruptionLog } from '../records.js';

// Two kinds of step, each list versioned on its own. The layout is SQLite's alone (its tables; the
// file's PRAGMA user_version); the records are the same on both backends (the shapes of what is
// stored; a version record in the store's namespace, `store:records-version`), so each records
// step is written once, over the Backend, and runs on SQLite and Redis alike.

/** One step of the SQLite file's layout; `up` runs inside the transaction that records its version. */
export interface LayoutMigration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}

/** What a records step reads and writes through. */
export interface RecordsTarget {
  backend: Backend;
  claims: Claims;
  corrupt: CorruptionLog;
  logger?: Logger | undefined;
}

/**
 * One step of the records: those an earlier version stored in another shape rewritten in today's.
 * The steps a store lacks share one scan of the chats' records at open, before anything reads
 * them; each is handed every record (as the scan read it) and rewrites only those of its earlier
 * shape. It must be safe to run twice at once (two instances starting on one Redis) and again
 * after a crash cut the scan short (the version is recorded only once it finished).
 */
export interface RecordsMigration {
  readonly version: number;
  readonly name: string;
  record(target: RecordsTarget, key: string, raw: unknown): Promise<void>;
}
