// A worker thread holding schedule databases: better-sqlite3 runs every statement synchronously,
// so a statement that scans or builds an index for seconds holds this thread, never the chat's.
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { DbFailure, DbRequest, DbResponse } from './db-protocol.js';

/** Statements compiled once per distinct text and database; the look-ups use a few dozen texts. */
const CACHED_STATEMENTS = 256;

interface Open {
  db: Database.Database;
  cached: Map<string, Database.Statement>;
  prepared: Map<number, Database.Statement>;
}

const port = parentPort!;
const open = new Map<number, Open>();
let nextHandle = 1;
let nextStatement = 1;

function failure(err: unknown): DbFailure {
  const code = (err as { code?: unknown } | null)?.code;
  return {
    message: err instanceof Error ? err.message : String(err),
    // SQLITE_IOERR_WRITE is an SQLITE_IOERR: callers test the primary code.
    ...(typeof code === 'string' ? { code: code.startsWith('SQLITE_') ? `SQLITE_${code.slice(7).split('_')[0]}` : code } : {}),
  };
}

function statementFor(target: Open, sql: string): Database.Statement {
  let statement = target.cached.get(sql);
  if (statement === undefined) {
    statement = target.db.prepare(sql);
    if (target.cached.size >= CACHED_STATEMENTS) target.cached.delete(target.cached.keys().next().value!);
    target.cached.set(sql, statement);
  }
  return statement;
}

function handle(request: DbRequest): DbResponse {
  const { id } = request;
  if (request.op === 'open') {
    const db = new Database(request.path, { readonly: request.mode === 'read', fileMustExist: request.mode !== 'create' });
    const opened = nextHandle++;
    open.set(opened, { db, cached: new Map(), prepared: new Map() });
    return { id, ok: true, handle: opened };
  }
  const target = open.get(request.db);
  if (target === undefined) throw new Error('the schedule database is closed');
  switch (request.op) {
    case 'run':
      statementFor(target, request.sql).run(...request.params);
      return { id, ok: true };
    case 'all':
      return { id, ok: true, rows: statementFor(target, request.sql).all(...request.params) };
    case 'exec':
      target.db.exec(request.sql);
      return { id, ok: true };
    case 'prepare': {
      const statement = nextStatement++;
      target.prepared.set(statement, target.db.prepare(request.sql));
      return { id, ok: true, statement };
    }
    case 'statement-run':
      target.prepared.get(request.statement)!.run(...request.params);
      return { id, ok: true };
    case 'finalize':
      target.prepared.delete(request.statement);
      return { id, ok: true };
    case 'close':
      open.delete(request.db);
      target.db.close();
      return { id, ok: true };
  }
}

port.on('message', (request: DbRequest) => {
  let response: DbResponse;
  try {
    response = handle(request);
  } catch (err) {
    response = { id: request.id, ok: false, error: failure(err) };
  }
  port.postMessage(response);
});
