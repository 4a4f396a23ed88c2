// Reading values without trusting them: one unreadable record must not make a whole read fail,
// and an expired one must not be deleted on the way (keyv.get would, racing a fresh claim).
import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import { oneLine } from './errors.js';

export type Stored = { state: 'absent' } | { state: 'present'; value: unknown } | { state: 'unreadable'; reason: string };

const ABSENT: Stored = { state: 'absent' };

/** Several keys in one round trip (one SELECT, one MGET), in the order asked. */
export async function readStored(keyv: Keyv, keys: string[]): Promise<Stored[]> {
  if (keys.length === 0) return [];
  // The adapter's raw text, prefixed as keyv prefixes it, decoded here so that a bad row stays
  // one bad row instead of failing keyv.getMany as a whole.
  const raws = await batchStore(keyv).getMany(keys.map((key) => keyv._getKeyPrefix(key)));
  return Promise.all(keys.map((_, i) => decode(keyv, raws[i])));
}

/** The adapter's own batch read, returning raw values (keyv types its store as any). */
interface BatchStore {
  getMany(keys: string[]): Promise<unknown[]>;
}

function batchStore(keyv: Keyv): BatchStore {
  const store: unknown = keyv.store;
  if (typeof store === 'object' && store !== null && 'getMany' in store && typeof store.getMany === 'function') return store as BatchStore;
  throw new TypeError('store: the keyv adapter cannot read several keys at once');
}

/** One record as the adapter stores it (keyv's JSON text), read without trusting it. */
export async function decode(keyv: Keyv, raw: unknown): Promise<Stored> {
  if (raw === undefined || raw === null) return ABSENT;
  let data: unknown;
  try {
    data = typeof raw === 'string' ? await keyv.deserializeData(raw) : raw;
  } catch (err) {
    return { state: 'unreadable', reason: `not keyv JSON (${oneLine(err)})` };
  }
  if (typeof data !== 'object' || data === null || !('value' in data)) return { state: 'unreadable', reason: 'no value field' };
  const { value, expires } = data as { value: unknown; expires?: unknown };
  // The same test keyv applies on get.
  if (typeof expires === 'number' && Date.now() > expires) return ABSENT;
  return { state: 'present', value };
}

/** Reports a record of the wrong shape: skipped by the reader, logged once per key. */
export type CorruptionLog = (key: string, reason: string) => void;

export function corruptionLog(logger: Logger | undefined): CorruptionLog {
  const reported = new Set<string>();
  return (key, reason) => {
    if (reported.has(key)) return;
    reported.add(key);
    logger?.warn({ key, reason }, 'store: skipped a corrupt record');
  };
}
