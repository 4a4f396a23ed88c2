import sqlite3 from 'sqlite3';

// A small promise face over sqlite3 (the SQLite binding the store already ships): the schedule is
// written once per import and then only read. Queries run on sqlite3's own threads, so a large
// look-up never holds up the chat.

export type Row = Record<string, string | number | null>;
export type Param = string | number | null;

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

const FLAGS = {
  read: sqlite3.OPEN_READONLY,
  write: sqlite3.OPEN_READWRITE,
  create: sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE,
};

export function openDb(path: string, mode: keyof typeof FLAGS): Promise<Db> {
  const flags = FLAGS[mode];
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, flags, (err) => (err ? reject(err) : resolve(wrap(db))));
  });
}

function wrap(db: sqlite3.Database): Db {
  let closed: Promise<void> | undefined;
  return {
    run: (sql, params = []) => new Promise((resolve, reject) => db.run(sql, params, (err: Error | null) => (err ? reject(err) : resolve()))),
    all: <T>(sql: string, params: Param[] = []) =>
      new Promise<T[]>((resolve, reject) => db.all(sql, params, (err: Error | null, rows: T[]) => (err ? reject(err) : resolve(rows)))),
    exec: (sql) => new Promise((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve()))),
    prepare: (sql) =>
      new Promise((resolve, reject) => {
        const statement: sqlite3.Statement = db.prepare(sql, (err: Error | null) =>
          err
            ? reject(err)
            : resolve({
                run: (params) => new Promise((ok, fail) => statement.run(params, (e: Error | null) => (e ? fail(e) : ok()))),
                finalize: () => new Promise((ok, fail) => statement.finalize((e) => (e ? fail(e) : ok()))),
              }),
        );
      }),
    close: () => (closed ??= new Promise((resolve, reject) => db.close((err) => (err ? reject(err) : resolve())))),
  };
}
