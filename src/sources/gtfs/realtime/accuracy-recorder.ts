import {
  bandName,
  lastDays,
  utcDay,
  type AccuracyIncrement,
  type AccuracyRecords,
  type AccuracyTally,
  type AccuracyTotals,
} from '../../../domain/accuracy.js';
import { ETA_BANDS } from '../../../domain/eta-bands.js';
import type { Logger } from '../../../log.js';
import { createAccuracyTracker } from './accuracy-tracker.js';
import type { SnapshotObserver } from './snapshots.js';
import type { VanishedTrip } from './vanished-trips.js';

// A feed's accuracy recorded as it is polled: the tracker's increments of each new snapshot (and the
// trips the vanish watch saw go) written to the day's counters in the store, by the one instance
// that claims the snapshot (its feed and header time), so that several instances polling the same
// feed count it once and a restart keeps every figure. What this instance wrote is also kept as
// totals since start, for /metrics (summed over instances, they count each snapshot once).

export interface AccuracyRecorderOptions {
  /** The feed's id, as FEEDS_FILE names it ("default" for the environment's one feed). */
  feed: string;
  records: AccuracyRecords;
  logger: Logger;
  /** Days of counters kept and shown. Default 7. */
  days?: number;
}

export interface AccuracyRecorder extends SnapshotObserver {
  /** The totals of a route (route_ids), at these stops (stop_ids) when given, over the kept days up to `now`. */
  read(routes: readonly string[], stops: readonly string[] | undefined, now: Date): Promise<AccuracyTally>;
  readonly days: number;
  /** What this instance wrote since start. */
  totals(): AccuracyTotals;
  /** Calls remembered in memory. */
  readonly pending: number;
  /** Resolves once every write begun so far has ended (tests, a clean stop). */
  settled(): Promise<void>;
}

export function createAccuracyRecorder(options: AccuracyRecorderOptions): AccuracyRecorder {
  const days = options.days ?? 7;
  const tracker = createAccuracyTracker();
  /** Trips the vanish watch saw go, written with the snapshot that showed it. */
  let vanished: AccuracyIncrement[] = [];
  const totals = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  let failing = false;

  async function write(headerS: number, increments: readonly AccuracyIncrement[]): Promise<void> {
    try {
      if (!(await options.records.claimSnapshot(options.feed, headerS))) return;
      const day = utcDay(new Date(headerS * 1000));
      // Until the day's end and the days kept after it, whichever instance adds.
      const keepForMs = Date.parse(`${day}T00:00:00Z`) + (days + 1) * 86_400_000 - headerS * 1000;
      await options.records.add(options.feed, day, increments, keepForMs);
      for (const inc of increments) if (inc.stop === undefined) totals.set(inc.counter, (totals.get(inc.counter) ?? 0) + inc.n);
      failing = false;
    } catch (err) {
      // One line per spell of trouble: the store down does not fill the log every half-minute.
      if (!failing)
        options.logger.warn({ feed: options.feed, problem: err instanceof Error ? err.message : 'unknown' }, 'accuracy figures not recorded');
      failing = true;
    }
  }

  return {
    days,
    observe(snapshot) {
      const increments = [...vanished, ...tracker.observe(snapshot)];
      vanished = [];
      const headerS = Math.max(snapshot.trips?.timestamp ?? 0, snapshot.vehicles?.timestamp ?? 0);
      if (increments.length === 0 || headerS <= 0) return;
      // Written in order, one snapshot after the other; a slow store never holds the poll.
      writing = writing.then(() => write(headerS, increments));
    },
    vanished(trip: VanishedTrip) {
      if (trip.routeId !== undefined) vanished.push({ route: trip.routeId, counter: 'vanished', n: 1 });
    },
    read: (routes, stops, now) => options.records.read(options.feed, lastDays(now, days), routes, stops),
    totals() {
      const predictions = ETA_BANDS.flatMap((b) => {
        const band = bandName(b);
        const [scored, accurate, caught] = (['scored', 'accurate', 'caught'] as const).map((c) => totals.get(`${c}:${band}`) ?? 0);
        return [
          { band, outcome: 'within' as const, count: accurate! },
          { band, outcome: 'early' as const, count: scored! - caught! },
          { band, outcome: 'late' as const, count: caught! - accurate! },
        ];
      });
      return { predictions, cancelled: totals.get('cancelled') ?? 0, vanished: totals.get('vanished') ?? 0 };
    },
    get pending() {
      return tracker.size;
    },
    settled: () => writing,
  };
}
