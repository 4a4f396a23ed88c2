// keyv's face over one better-sqlite3 connection: the table @keyv/sqlite kept (`keyv`, key and
// keyv's JSON text), so a file written by any earlier version reads as it is. Statements are
// prepared once; each runs synchronously, in microseconds for these one-row look-ups.
import { EventEmitter } from 'node:events';
import type { Database, Statement } from 'better-sqlite3';
import type { KeyvStoreAdapter, StoredData } from 'keyv';

export const KEYV_TABLE = 'keyv';
/** Rows per page of a walk over the table (keyv's iterator). */
const PAGE = 500;

export class SqliteKeyv extends EventEmitter implements KeyvStoreAdapter {
  readonly opts = { table: KEYV_TABLE, dialect: 'sqlite' };
  namespace?: string;
  private readonly select: Statement<[string], { value: string }>;
  private readonly selectMany: Statement<[string], { key: string; value: string }>;
  private readonly upsert: Statement<[string, unknown]>;
  private readonly remove: Statement<[string]>;
  private readonly removeMany: Statement<[string]>;
  private readonly removeAll: Statement<[string]>;
  private readonly page: Statement<[string, string], { key: string; value: string }>;

  constructor(private readonly db: Database) {
    super();
    const t = KEYV_TABLE;
    this.select = db.prepare(`SELECT value FROM ${t} WHERE key = ?`);
    this.selectMany = db.prepare(`SELECT key, value FROM ${t} WHERE key IN (SELECT value FROM json_each(?))`);
    this.upsert = db.prepare(`INSERT INTO ${t} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    this.remove = db.prepare(`DELETE FROM ${t} WHERE key = ?`);
    this.removeMany = db.prepare(`DELETE FROM ${t} WHERE key IN (SELECT value FROM json_each(?))`);
    // substr, not LIKE: a namespace may hold % or _.
    this.removeAll = db.prepare(`DELETE FROM ${t} WHERE substr(key, 1, length(?1)) = ?1`);
    this.page = db.prepare(`SELECT key, value FROM ${t} WHERE substr(key, 1, length(?1)) = ?1 AND key > ?2 ORDER BY key LIMIT ${PAGE}`);
  }

  get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    return run(() => this.select.get(key)?.value as StoredData<Value> | undefined);
  }

  getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    return run(() => {
      const found = new Map(this.selectMany.all(JSON.stringify(keys)).map((row) => [row.key, row.value]));
      return keys.map((key) => found.get(key) as StoredData<Value | undefined>);
    });
  }

  set(key: string, value: unknown): Promise<void> {
    return run(() => void this.upsert.run(key, value));
  }

  delete(key: string): Promise<boolean> {
    return run(() => this.remove.run(key).changes > 0);
  }

  deleteMany(keys: string[]): Promise<boolean> {
    return run(() => this.removeMany.run(JSON.stringify(keys)).changes > 0);
  }

  has(key: string): Promise<boolean> {
    return run(() => this.select.get(key) !== undefined);
  }

  clear(): Promise<void> {
    return run(() => void this.removeAll.run(this.namespace === undefined ? '' : `${this.namespace}:`));
  }

  async *iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = namespace === undefined ? '' : `${namespace}:`;
    let after = '';
    for (;;) {
      const rows = this.page.all(prefix, after);
      for (const row of rows) yield [row.key, row.value];
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.key;
      // A long walk gives the event loop back between pages.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  disconnect(): Promise<void> {
    return run(() => void (this.db.open && this.db.close()));
  }
}

/** A synchronous statement as the promise keyv expects: a throw becomes the rejection. */
function run<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
