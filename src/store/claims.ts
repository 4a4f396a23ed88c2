import type { Backend } from './backend.js';
import { guarded } from './errors.js';
import type { Claims } from '../domain/store-ports.js';
import { readStored, type CorruptionLog, type Stored } from './records.js';

export function createClaims(backend: Backend, corrupt: CorruptionLog): Claims {
  const valueOf = (key: string, stored: Stored | undefined): string | undefined => {
    if (stored === undefined || stored.state === 'absent') return undefined;
    if (stored.state === 'present' && typeof stored.value === 'string') return stored.value;
    // Still occupies the key (claim() will not take it) until released.
    corrupt(key, stored.state === 'unreadable' ? stored.reason : 'claim value is not a string');
    return undefined;
  };
  return {
    async claim(key, value, ttlMs) {
      if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0))
        throw new RangeError(`claim ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
      // Whole milliseconds: Redis PX takes an integer.
      return guarded(`claim ${key}`, () => backend.claim(key, value, ttlMs === undefined ? undefined : Math.ceil(ttlMs)));
    },
    holder: (key) =>
      guarded(`read the claim ${key}`, async () => {
        const [stored] = await readStored(backend.keyv, [key]);
        return valueOf(key, stored);
      }),
    holders: (keys) =>
      guarded(`read ${keys.length} claims`, async () => {
        const stored = await readStored(backend.keyv, [...keys]);
        return keys.map((key, i) => valueOf(key, stored[i]));
      }),
    release: (key) =>
      guarded(`release ${key}`, async () => {
        await backend.keyv.delete(key);
      }),
  };
}
