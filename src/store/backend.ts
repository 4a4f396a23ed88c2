import type Keyv from 'keyv';

/** What differs between SQLite and Redis; everything else goes through the Keyv. */
export interface Backend {
  readonly keyv: Keyv;
  /**
   * Atomically store `value` (as keyv's own get would read it) under `key` if the key is absent or
   * its previous claim expired; true when this call stored it.
   */
  claim(key: string, value: string, ttlMs: number | undefined): Promise<boolean>;
  close(): Promise<void>;
}
