import type { Row } from './db.js';

// frequencies.txt: a trip whose stop times are a pattern, run every headway_secs from start_time
// until end_time (exclusive) at its first stop. Each run is a call at the pattern's stop shifted
// by the run's start. exact_times=1 runs are the timetable; exact_times=0 runs are only a promise
// of the headway, so the call says so and riders read "every N min" (a prediction, when one
// names the run, gives the time instead).

export interface FrequencyRun {
  /** The run's start at its first stop, seconds after the service day's start. */
  start: number;
  headwaySecs: number;
  exact: boolean;
}

/** A headway under this many seconds is not a bus service: such a row is read as a feed error and skipped. */
const MIN_HEADWAY_S = 30;
/** Runs of one window looked at per question, whatever the window and the span asked for. */
const MAX_RUNS = 200;

/**
 * The runs of one frequencies.txt window that reach a stop between `from` and `to` (seconds after
 * the service day's start); `offset` is how long after the run's start the stop's departure is.
 */
export function runsReaching(row: Row, offset: number, from: number, to: number): FrequencyRun[] {
  const windowStart = Number(row.window_start);
  const windowEnd = Number(row.window_end);
  const headwaySecs = Number(row.headway_secs);
  if (![windowStart, windowEnd, headwaySecs].every(Number.isFinite) || headwaySecs < MIN_HEADWAY_S) return [];
  const exact = Number(row.exact_times) === 1;
  const first = Math.max(0, Math.ceil((from - offset - windowStart) / headwaySecs));
  const runs: FrequencyRun[] = [];
  for (let k = first; runs.length < MAX_RUNS; k++) {
    const start = windowStart + k * headwaySecs;
    if (start >= windowEnd || start + offset > to) break;
    runs.push({ start, headwaySecs, exact });
  }
  return runs;
}

/** SQL: the last departure of a window's runs at a stop, for "last bus" (st, f, te as in timetable.ts). */
export const LAST_RUN_DEPARTURE_SQL =
  'f.start_time + ((f.end_time - 1 - f.start_time) / f.headway_secs) * f.headway_secs + st.departure_time - te.start_time';
