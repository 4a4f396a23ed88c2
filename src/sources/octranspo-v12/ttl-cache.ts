import type { Clock } from '../../domain/clock.js';

// A small time-to-live cache bounded twice: by entries and by (estimated) bytes, since one answer
// may be a hundred times the size of another. A Map keeps insertion order, so re-inserting on
// every hit makes the first key the least recently used one, which is the one to drop when full.
// Time comes from the caller's Clock, never from Date.now().

interface Entry<V> {
  value: V;
  expiresAt: number;
  bytes: number;
}

export interface TtlCacheOptions {
  maxEntries: number;
  maxBytes: number;
  now: Clock;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private totalBytes = 0;

  constructor(private readonly options: TtlCacheOptions) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.remove(key, entry);
    if (this.options.now().getTime() >= entry.expiresAt) return undefined;
    this.add(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs`; `bytes` is its estimated size. Larger than the whole cache: not kept. */
  set(key: string, value: V, ttlMs: number, bytes: number): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.remove(key, old);
    const { maxEntries, maxBytes, now } = this.options;
    if (ttlMs <= 0 || maxEntries <= 0 || bytes > maxBytes) return;
    this.add(key, { value, expiresAt: now().getTime() + ttlMs, bytes });
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= maxEntries && this.totalBytes <= maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.totalBytes;
  }

  private add(key: string, entry: Entry<V>): void {
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
