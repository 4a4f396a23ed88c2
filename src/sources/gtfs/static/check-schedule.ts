import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { MIN_SHARE_KEPT } from './import-limits.js';
import type { Timetable } from './timetable.js';

// Is the stored schedule still what its import wrote, and is a new import a network at all? The
// database is only ever read once written, so its bytes are compared with the hash the import
// recorded: a file damaged on disk (and still opening) is caught, which PRAGMA quick_check misses
// when the damage falls inside a row. (A database from before the hash has older tables anyway,
// and is imported again.)

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** What is wrong with the stored database, or undefined when its bytes are those its import hashed. */
export async function storedScheduleProblem(path: string, sha256: string | undefined): Promise<string | undefined> {
  if (sha256 === undefined) return 'no hash was recorded for it';
  try {
    return (await fileSha256(path)) === sha256 ? undefined : 'its bytes changed since the import';
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    return `unreadable (${typeof code === 'string' ? code : err instanceof Error ? err.name : 'unknown'})`;
  }
}

/** Writes the file's data to the disk, so that the manifest never names a file a power cut tore. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const KEPT_TABLES = ['stops', 'routes', 'trips'] as const;

/**
 * Why a new import would drop most of the network in use (one stop where there were thousands),
 * or undefined. Such a feed is refused: a broken export must not blank every answer.
 */
export async function networkDropped(current: Timetable, imported: Record<string, number>): Promise<string | undefined> {
  const [counts] = await current.query(`SELECT ${KEPT_TABLES.map((t) => `(SELECT COUNT(*) FROM ${t}) AS ${t}`).join(', ')}`, []);
  for (const table of KEPT_TABLES) {
    const before = Number(counts?.[table] ?? 0);
    const after = imported[table] ?? 0;
    if (after < before * MIN_SHARE_KEPT) return `the new feed has ${after} ${table} where the one in use has ${before}`;
  }
  return undefined;
}
