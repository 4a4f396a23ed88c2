// The messages between the schedule databases (db.ts, on the main thread) and a worker thread
// holding their better-sqlite3 connections (db-worker.ts).
export type Param = string | number | null;

export type DbMode = 'read' | 'write' | 'create';

export type DbRequest =
  | { id: number; op: 'open'; path: string; mode: DbMode }
  | { id: number; db: number; op: 'run' | 'all'; sql: string; params: Param[] }
  | { id: number; db: number; op: 'exec'; sql: string }
  | { id: number; db: number; op: 'prepare'; sql: string }
  | { id: number; db: number; op: 'statement-run'; statement: number; params: Param[] }
  | { id: number; db: number; op: 'finalize'; statement: number }
  | { id: number; db: number; op: 'close' };

/** `code` is SQLite's primary code (SQLITE_BUSY, SQLITE_IOERR...), as callers test it. */
export interface DbFailure {
  message: string;
  code?: string;
}

/** `handle`: the database an open made; `statement`: the statement a prepare made. */
export type DbResponse =
  { id: number; ok: true; rows?: unknown[]; handle?: number; statement?: number } | { id: number; ok: false; error: DbFailure };
