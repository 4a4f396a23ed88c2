import type { RealtimeFeed, StopUpdate, TripPrediction } from '../realtime/feed.js';
import type { StopMismatchSink } from '../realtime/stop-mismatches.js';
import type { TripStop } from '../static/timetable.js';
import { reconcileUpdates } from './reconcile.js';

// A run's stop updates as far as the schedule lets them be placed (reconcile.ts), read once per
// look-up however many calls of the trip the stop has; what disagreed is reported to the sink.

/** undefined: the trip's updates could not be placed, its prediction is dropped. */
export type LiveUpdates = (run: TripPrediction, stops: readonly TripStop[] | undefined) => readonly StopUpdate[] | undefined;

export function liveUpdates(feed: RealtimeFeed, mismatches: StopMismatchSink): LiveUpdates {
  const read = new Map<TripPrediction, readonly StopUpdate[] | undefined>();
  return (run, stops) => {
    if (read.has(run)) return read.get(run);
    const reconciled = reconcileUpdates(feed.updatesOf(run), stops);
    if (reconciled.kind !== 'agree') mismatches.report(run, reconciled.kind === 'dropped' ? 'prediction-dropped' : 'matched-by-stop-id');
    const updates = reconciled.kind === 'dropped' ? undefined : reconciled.updates;
    read.set(run, updates);
    return updates;
  };
}
