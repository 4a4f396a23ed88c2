import type { PollShare } from '../domain/poll-share.js';
import type { SharedRate } from '../domain/shared-rate.js';
import type Keyv from 'keyv';
import type { CounterOps } from './counters.js';
import type { ReportCounts } from './report-counts.js';
import type { BoundedOutcome, SetOps } from './sets.js';

export interface BoundedAdd {
  key: string;
  member: string;
  max: number;
}

/** What differs between SQLite and Redis; everything else goes through the Keyv. */
export interface Backend {
  /** Where it is, for the one line saying it cannot open: the SQLite file, Redis's host and port. */
  readonly where: string;
  readonly keyv: Keyv;
  /**
   * Atomically store `value` (as keyv's own get would read it) under `key` if the key is absent or
   * its previous claim expired; true when this call stored it.
   */
  claim(key: string, value: string, ttlMs: number | undefined): Promise<boolean>;
  /** Native sets, for the indexes keyv cannot keep (subscriptions by zone and minute). */
  readonly sets: SetOps;
  /** Native counters, added to by several instances at once (the accuracy figures). */
  readonly counters: CounterOps;
  /** Riders' reports: expiring counters, one report checked and written in one step. */
  readonly reports: ReportCounts;
  /**
   * All or nothing, across processes: adds `bounded.member` to its set unless it is there already
   * or the set holds `bounded.max` members and, only when it was added, adds each [set, member] of `also` and writes `record` as keyv.set
   * would (no time to live). A failure half-way leaves none of it.
   */
  addBoundedWith(
    bounded: BoundedAdd,
    also: ReadonlyArray<readonly [set: string, member: string]>,
    record: { key: string; value: unknown },
  ): Promise<BoundedOutcome>;
  /** Writes every record as keyv.set would (no time to live), all or none: one transaction, one MSET. */
  setAll(records: ReadonlyArray<{ key: string; value: unknown }>): Promise<void>;
  /**
   * Every record whose key (without the namespace) starts with `prefix`, a page at a time, as
   * stored (keyv's raw text); deletes nothing (keyv's own iterator deletes expired keys on its
   * way, which could race a fresh claim and, on SQLite, shift its pages past a row).
   */
  records(prefix: string): AsyncIterable<[key: string, raw: unknown]>;
  /** A fleet's one poll per feed (Redis: several instances share it); absent on SQLite, where one instance polls alone. */
  readonly pollShare?: PollShare;
  /** The fleet's shared rates (Redis); absent on SQLite, where one instance's own budgets are the bot's. */
  readonly sharedRate?: SharedRate;
  close(): Promise<void>;
}
