import { open, readFile, rename } from 'node:fs/promises';
import type { Validators } from './download.js';

// The two small files beside the imports: current.json (the database in use, its hash, the
// validators of the zip it came from) and refused.json (the last zip the import refused, so that
// the same file is not tried again). Each is written whole and synced before it replaces the old.

export interface Manifest {
  db: string;
  source: string;
  validators: Validators;
  importedAt: string;
  /** Of the database file; absent in manifests written before the check. */
  sha256?: string;
}

export interface Refusal {
  source: string;
  validators: Validators;
  problem: string;
  refusedAt: string;
}

/** The manifest of this source, or undefined (none, another source's, unreadable). */
export async function readManifest(path: string, source: string): Promise<Manifest | undefined> {
  const value = await readJson(path);
  return typeof value?.db === 'string' && /^schedule-[0-9a-z-]+\.sqlite$/.test(value.db) && value.source === source && isValidators(value.validators)
    ? (value as unknown as Manifest)
    : undefined;
}

export async function readRefusal(path: string, source: string): Promise<Refusal | undefined> {
  const value = await readJson(path);
  return value?.source === source && isValidators(value.validators) ? (value as unknown as Refusal) : undefined;
}

export async function writeJson(path: string, value: object): Promise<void> {
  const handle = await open(`${path}.tmp`, 'w');
  try {
    await handle.writeFile(JSON.stringify(value, null, 2));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(`${path}.tmp`, path);
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isValidators(value: unknown): value is Validators {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
