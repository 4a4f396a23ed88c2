import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DbFailure, DbRequest, DbResponse } from './db-protocol.js';

// One worker thread running db-worker.ts, asked by message: each request is answered in order.
// It keeps the process alive only while a database is open on it.

const WORKER = new URL(`./db-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** An SQLite failure as the worker reported it: `code` is SQLite's primary code. */
export class DbError extends Error {
  override readonly name = 'DbError';
  readonly code: string | undefined;
  constructor(failure: DbFailure) {
    super(failure.message);
    this.code = failure.code;
  }
}

/** A request before its id is given. */
export type Unsent<R> = R extends DbRequest ? Omit<R, 'id'> : never;
export type Answer = DbResponse & { ok: true };

export interface DbThread {
  ask(request: Unsent<DbRequest>): Promise<Answer>;
  /** Counts the databases open on it: alive while one is. */
  hold(): void;
  letGo(): void;
  terminate(): Promise<void>;
}

/**
 * Run from TypeScript (development, tests), the worker registers tsx before importing its file:
 * Node 20 does not apply an `--import` loader to worker threads.
 */
function startWorker(): Worker {
  if (!WORKER.pathname.endsWith('.ts')) return new Worker(WORKER);
  // tsx's ESM face ("tsx/esm/api" under the import condition, which require.resolve cannot ask for).
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function startDbThread(): DbThread {
  const worker = startWorker();
  worker.unref();
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let held = 0;
  let gone: Error | undefined;
  const end = (err: Error) => {
    gone ??= err;
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  };
  worker.on('message', (response: DbResponse) => {
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    if (response.ok) waiting?.resolve(response);
    else waiting?.reject(new DbError(response.error));
  });
  worker.on('error', end);
  worker.on('exit', () => end(new DbError({ message: 'the schedule database thread ended' })));
  return {
    ask(request) {
      if (gone !== undefined) return Promise.reject(gone);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...request, id });
      });
    },
    hold() {
      if (held++ === 0) worker.ref();
    },
    letGo() {
      if (--held === 0) worker.unref();
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
