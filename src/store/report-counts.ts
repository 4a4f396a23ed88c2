// What the riders' reports need of a backend beyond keyv: counters that expire, and one report
// written all or nothing (its rider's mark for the trip, its rider's count of the hour, the
// route's and the stop's counts), so that two presses at once on two instances count once.

/** A counter that lives until a time; `ttlMs` counted from the report's instant. */
export interface ExpiringKey {
  readonly key: string;
  readonly ttlMs: number;
}

export interface ReportWrite {
  /** The rider's mark for this trip: present, the report is refused as already made. */
  readonly mark: ExpiringKey;
  /** The rider's reports of this hour: at `max`, refused as too many. */
  readonly rate: ExpiringKey & { readonly max: number };
  /** What is counted: the route's hour, the stop's hour. */
  readonly counters: readonly ExpiringKey[];
}

export type ReportWriteOutcome = 'counted' | 'already-reported' | 'too-many';

export interface ReportCounts {
  /** Checks and writes in one step (a Redis script, a SQLite transaction); `at` is the report's instant. */
  add(write: ReportWrite, at: Date): Promise<ReportWriteOutcome>;
  /** The sum of these counters that have not expired by `at`. */
  sum(keys: readonly string[], at: Date): Promise<number>;
}
