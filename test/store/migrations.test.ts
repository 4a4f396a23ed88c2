import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../src/store/keyv.js';
import { openStore } from '../../src/store/index.js';
import { LATEST_LAYOUT } from '../../src/store/migrations/index.js';

describe("the SQLite store's layout", () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const fresh = () => {
    root = mkdtempSync(join(tmpdir(), 'arrivals-migrations-'));
    return join(root, 'data');
  };
  const layoutOf = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.pragma('user_version', { simple: true });
    } finally {
      db.close();
    }
  };

  it('is brought to the latest version at open, and kept there across restarts', async () => {
    const dataDir = fresh();
    for (let i = 0; i < 2; i++) await (await openStore({ dataDir })).close();
    expect(layoutOf(join(dataDir, SQLITE_FILE))).toBe(LATEST_LAYOUT);
  });

  it('refuses a file a newer version wrote, in one line, leaving it as it was', async () => {
    const dataDir = fresh();
    mkdirSync(dataDir);
    const file = join(dataDir, SQLITE_FILE);
    const db = new Database(file);
    db.pragma(`user_version = ${LATEST_LAYOUT + 1}`);
    db.close();
    await expect(openStore({ dataDir })).rejects.toThrow(
      `cannot open ${file}: a newer version of the bot wrote it (layout ${LATEST_LAYOUT + 1}; this one reads up to ${LATEST_LAYOUT})`,
    );
    expect(layoutOf(file)).toBe(LATEST_LAYOUT + 1);
  });
});
