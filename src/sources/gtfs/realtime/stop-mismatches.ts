import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import type { TripPrediction } from './feed.js';

// Trip updates whose stop_sequence names another stop than the schedule's (a feed built against a
// newer schedule; the MobilityData validator's E045, E051): the merge matches them again by stop_id,
// or drops the trip's prediction (arrivals/reconcile.ts). Only a look-up compares a trip with the
// schedule, so the merge reports each time it does, and this report counts each trip of a feed
// once: into the metrics, and into a log line at most every ten minutes.

export type StopMismatchOutcome = 'matched-by-stop-id' | 'prediction-dropped';

/** The counter behind /metrics: one series per outcome. */
export interface StopMismatchMetrics {
  count(outcome: StopMismatchOutcome): void;
}

export const noStopMismatchMetrics: StopMismatchMetrics = { count: () => {} };

/** Where the merge reports what it did with a trip whose updates disagree with the schedule. */
export interface StopMismatchSink {
  report(trip: TripPrediction, outcome: StopMismatchOutcome): void;
}

export const noStopMismatchSink: StopMismatchSink = { report: () => {} };

export interface StopMismatchReportOptions {
  logger: Logger;
  metrics?: StopMismatchMetrics;
  now: Clock;
  /** Default: ten minutes. */
  logEveryMs?: number;
  /** Named in the log line (without its query). */
  feed: string;
}

export function stopMismatchReport(options: StopMismatchReportOptions): StopMismatchSink {
  const metrics = options.metrics ?? noStopMismatchMetrics;
  const logEveryMs = options.logEveryMs ?? 10 * 60_000;
  // Keyed by the trip's object: a new feed has new ones, so each feed's trips count again.
  const counted = new WeakSet<TripPrediction>();
  let since = { 'matched-by-stop-id': 0, 'prediction-dropped': 0 };
  let loggedAt = -Infinity;
  return {
    report(trip, outcome) {
      if (counted.has(trip)) return;
      counted.add(trip);
      metrics.count(outcome);
      since[outcome] += 1;
      const now = options.now().getTime();
      if (now - loggedAt < logEveryMs) return;
      options.logger.warn(
        {
          feed: options.feed,
          matchedByStopId: since['matched-by-stop-id'],
          predictionsDropped: since['prediction-dropped'],
          trip: trip.tripId,
        },
        'trip updates name other stops than the schedule at their stop_sequence: matched by stop_id where it is unique in the trip, else shown as scheduled',
      );
      since = { 'matched-by-stop-id': 0, 'prediction-dropped': 0 };
      loggedAt = now;
    },
  };
}
