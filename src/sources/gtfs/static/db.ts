import type { DbMode, Param } from './db-protocol.js';
import { startDbThread, type DbThread } from './db-thread.js';

// A small promise face over one schedule database: better-sqlite3 on a worker thread (db-worker.ts).
// The schedule is written once per import and then only read; every statement runs on that
// thread, never the chat's. The look-ups of every feed share one thread; an import, whose inserts
// and index builds run for seconds, has one of its own, so the look-ups never wait behind it.

export type Row = Record<string, string | number | null>;
export type { Param };
export { DbError } from './db-thread.js';

export interface Db {
  run(sql: string, params?: Param[]): Promise<void>;
  all<T = Row>(sql: string, params?: Param[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /** A statement compiled once and run many times (the import's batches). */
  prepare(sql: string): Promise<Statement>;
  close(): Promise<void>;
}

export interface Statement {
  run(params: Param[]): Promise<void>;
  finalize(): Promise<void>;
}

let shared: DbThread | undefined;

/** `ownThread`: a thread of its own, ended when the database closes (an import). */
export async function openDb(path: string, mode: DbMode, options: { ownThread?: boolean } = {}): Promise<Db> {
  const thread = options.ownThread === true ? startDbThread() : (shared ??= startDbThread());
  thread.hold();
  let handle: number;
  try {
    handle = (await thread.ask({ op: 'open', path, mode })).handle!;
  } catch (err) {
    await release(thread, options.ownThread === true);
    throw err;
  }
  const db = handle;
  let closed: Promise<void> | undefined;
  return {
    run: async (sql, params = []) => void (await thread.ask({ op: 'run', db, sql, params })),
    all: async <T>(sql: string, params: Param[] = []) => (await thread.ask({ op: 'all', db, sql, params })).rows as T[],
    exec: async (sql) => void (await thread.ask({ op: 'exec', db, sql })),
    async prepare(sql) {
      const { statement } = await thread.ask({ op: 'prepare', db, sql });
      return {
        run: async (params) => void (await thread.ask({ op: 'statement-run', db, statement: statement!, params })),
        finalize: async () => void (await thread.ask({ op: 'finalize', db, statement: statement! })),
      };
    },
    close: () =>
      (closed ??= thread.ask({ op: 'close', db }).then(
        () => release(thread, options.ownThread === true),
        async (err: unknown) => {
          await release(thread, options.ownThread === true);
          throw err;
        },
      )),
  };
}

async function release(thread: DbThread, own: boolean): Promise<void> {
  thread.letGo();
  if (own) await thread.terminate();
}
