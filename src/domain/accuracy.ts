import type { EtaBand } from './eta-bands.js';

// How a feed's predictions came out, measured by the bot itself: each prediction of a call within
// 15 minutes scored against the moment its bus was seen there (eta-bands.ts), and the trips the
// feed cancelled or that vanished from it, counted per feed, route and stop in daily buckets kept a
// few days. No chat is ever part of it. The store keeps the counters (AccuracyRecords), so the
// figures outlive a restart and several instances polling one feed count each snapshot once.

/** A band by its minutes of lead, as metrics and stored counters name it: "0-3", "3-6", "6-10", "10-15". */
export const bandName = (band: EtaBand): string => `${band.fromMinutes}-${band.toMinutes}`;

/**
 * One stored counter: per band, the predictions scored, those within the band and those a rider
 * would have caught the bus by; or trips cancelled or vanished (counted per route only).
 */
export type AccuracyCounter = `${'scored' | 'accurate' | 'caught'}:${string}` | 'cancelled' | 'vanished';

export interface AccuracyIncrement {
  /** The route as the feed names it (its route_id). */
  readonly route: string;
  /** The stop as the feed names it (its stop_id); absent: the route's own total. */
  readonly stop?: string;
  readonly counter: AccuracyCounter;
  readonly n: number;
}

/** Totals over some days of a route (at a stop). */
export interface AccuracyTally {
  /** Predictions scored, within their band, and caught (the bus came no earlier than the band allows). */
  readonly scored: number;
  readonly accurate: number;
  readonly caught: number;
  /** Trips of the route the feed cancelled, and trips that vanished from it before their time. */
  readonly cancelled: number;
  readonly vanished: number;
}

export const NO_TALLY: AccuracyTally = { scored: 0, accurate: 0, caught: 0, cancelled: 0, vanished: 0 };

/** Where the counters are kept (the store: SQLite or Redis). */
export interface AccuracyRecords {
  /**
   * Whether this caller records the snapshot of this feed stamped at `headerSeconds`: true for
   * exactly one caller across instances, so that a snapshot is counted once.
   */
  claimSnapshot(feed: string, headerSeconds: number): Promise<boolean>;
  /**
   * Adds the increments to the day's counters (day: YYYY-MM-DD, UTC), kept `keepForMs` from now
   * (a timer, not the calendar: a feed replayed from another day keeps its figures as long).
   */
  add(feed: string, day: string, increments: readonly AccuracyIncrement[], keepForMs: number): Promise<void>;
  /** The totals of these days for these routes: route-wide, or at these stops (figures of cancelled and vanished trips stay route-wide). */
  read(feed: string, days: readonly string[], routes: readonly string[], stops?: readonly string[]): Promise<AccuracyTally>;
}

/** The UTC day a time falls on, as counters are bucketed: YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The last `count` UTC days up to `at`'s, newest first. */
export function lastDays(at: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(new Date(at.getTime() - i * 86_400_000)));
}

/** What /reliability asks: a route, at one stop or everywhere it runs. */
export interface ReliabilityQuery {
  readonly route: string;
  readonly stop?: string;
}

/**
 * The figures of a route (at a stop) over the window, as riders read them; `no-realtime`: the
 * feed publishes no predictions, nothing to measure; `not-recorded`: this source keeps no figures.
 */
export type ReliabilityReading =
  | {
      readonly status: 'ok';
      /** Days the figures cover (today's included). */
      readonly days: number;
      /** The route and stop as riders name them. */
      readonly route: string;
      readonly stop?: string;
      readonly tally: AccuracyTally;
    }
  | { readonly status: 'no-realtime' }
  | { readonly status: 'not-recorded' };

/** Predictions scored, by band and how they came out, since start (for /metrics). */
export interface AccuracyTotals {
  readonly predictions: ReadonlyArray<{ readonly band: string; readonly outcome: 'within' | 'early' | 'late'; readonly count: number }>;
  readonly cancelled: number;
  readonly vanished: number;
}
