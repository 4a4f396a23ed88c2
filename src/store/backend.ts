import type Keyv from 'keyv';
import type { SetOps } from './sets.js';

/** What differs between SQLite and Redis; everything else goes through the Keyv. */
export interface Backend {
  readonly keyv: Keyv;
  /**
   * Atomically store `value` (as keyv's own get would read it) under `key` if the key is absent or
   * its previous claim expired; true when this call stored it.
   */
  claim(key: string, value: string, ttlMs: number | undefined): Promise<boolean>;
  /** Native sets, for the indexes keyv cannot keep (subscriptions by zone and minute). */
  readonly sets: SetOps;
  close(): Promise<void>;
}
