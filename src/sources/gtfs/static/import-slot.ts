import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDb, type Db } from './db.js';

// Each schedule refresh works in files of its own, schedule-<id>.{zip,zip.part,sqlite}, beside a
// lock held for as long as it runs: an SQLite file locked exclusively, which the system lets go of
// when the process ends however it ends. A process killed mid-import (SIGKILL, a power cut) leaves
// its files unlocked, and the next start removes them; another process's import under way on the
// same DATA_DIR keeps its lock and its files.

export interface ImportSlot {
  zip: string;
  db: string;
  /** The database's file name, as current.json records it. */
  dbName: string;
  release(): Promise<void>;
}

const SLOT_FILE = /^schedule-([0-9a-z-]+)\.(sqlite|zip|zip\.part|lock)$/;
/** What an earlier version left in the folder under fixed names. */
const OLD_LEFTOVERS = ['download.zip', 'download.zip.part', 'current.json.tmp', 'refused.json.tmp'];

export async function claimSlot(dir: string, now: number): Promise<ImportSlot> {
  const id = `${now}-${randomBytes(3).toString('hex')}`;
  const lock = await holdLock(join(dir, `schedule-${id}.lock`));
  return {
    zip: join(dir, `schedule-${id}.zip`),
    db: join(dir, `schedule-${id}.sqlite`),
    dbName: `schedule-${id}.sqlite`,
    release: async () => {
      await lock.close().catch(() => {});
      await rm(join(dir, `schedule-${id}.lock`), { force: true });
      await rm(join(dir, `schedule-${id}.zip`), { force: true });
    },
  };
}

/** Removes what dead refreshes left: every slot without a live lock, but the database in use. */
export async function removeLeftovers(dir: string, inUse: string | undefined): Promise<string[]> {
  const names = await readdir(dir);
  const slots = new Map<string, string[]>();
  for (const name of names) {
    const id = SLOT_FILE.exec(name)?.[1];
    if (id === undefined || name === inUse) continue;
    slots.set(id, [...(slots.get(id) ?? []), name]);
  }
  const removed = OLD_LEFTOVERS.filter((name) => names.includes(name));
  for (const [id, files] of slots) {
    if (files.includes(`schedule-${id}.lock`) && (await isHeld(join(dir, `schedule-${id}.lock`)))) continue;
    removed.push(...files);
  }
  await Promise.all(removed.map((name) => rm(join(dir, name), { force: true })));
  return removed;
}

async function holdLock(path: string): Promise<Db> {
  const db = await openDb(path, 'create');
  try {
    // In exclusive locking mode the first write takes the lock and the connection keeps it.
    // No journal file beside the lock (MEMORY: better-sqlite3's defensive mode refuses OFF).
    await db.exec('PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (pid INTEGER)');
    return db;
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

async function isHeld(path: string): Promise<boolean> {
  let db: Db | undefined;
  try {
    db = await openDb(path, 'write');
    await db.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK');
    return false;
  } catch (err) {
    return (err as { code?: unknown }).code === 'SQLITE_BUSY';
  } finally {
    await db?.close().catch(() => {});
  }
}
