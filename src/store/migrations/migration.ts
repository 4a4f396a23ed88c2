import type { Database } from 'better-sqlite3';

/** One step of the store's SQLite layout; `up` runs inside the transaction that records its version. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}
