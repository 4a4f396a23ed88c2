import type { StopEvent, StopUpdate, TripPrediction } from '../realtime/feed.js';
import { gtfsSeconds } from '../static/schema.js';
import type { ScheduledCall, TripStop } from '../static/timetable.js';

// One scheduled call + its trip's prediction -> when the vehicle comes, as OpenTripPlanner and
// OneBusAway read GTFS-Realtime: the update for this stop (matched by stop_sequence, else stop_id)
// gives the time (absolute `time`, else schedule + `delay`); without one, the delay of the nearest
// earlier update is carried forward, else the trip-wide delay; NO_DATA ends what is known.

export type Outcome = { kind: 'skipped' } | { kind: 'cancelled' } | { kind: 'predicted'; atSeconds: number } | { kind: 'scheduled' };

/** The time a rider waits for: arrival, else departure (a trip's first stop has only the latter). */
const shownEvent = (u: StopUpdate): StopEvent | undefined => u.arrival ?? u.departure;

export function predictCall(call: ScheduledCall, dayStart: number, trip: TripPrediction | undefined, stops: TripStop[] | undefined): Outcome {
  if (trip === undefined) return { kind: 'scheduled' };
  if (trip.relationship === 'CANCELED') return { kind: 'cancelled' };
  // DELETED trips are left out entirely (the specification: not shown to riders); so are calls of
  // a trip the caller should not have matched.
  if (trip.relationship === 'DELETED') return { kind: 'skipped' };
  const scheduled = dayStart + call.arrival;

  const sequenceOf = (u: StopUpdate): number | undefined => u.stopSequence ?? stops?.find((s) => s.stopId === u.stopId)?.stopSequence;
  const here = trip.updates.find((u) => (u.stopSequence !== undefined ? u.stopSequence === call.stopSequence : u.stopId === call.stopId));
  if (here?.relationship === 'SKIPPED') return { kind: 'skipped' };
  if (here?.relationship === 'NO_DATA') return { kind: 'scheduled' };
  const event = here !== undefined ? shownEvent(here) : undefined;
  if (event?.time !== undefined) return { kind: 'predicted', atSeconds: event.time };
  if (event?.delay !== undefined) return { kind: 'predicted', atSeconds: scheduled + event.delay };

  // No prediction for this stop: the nearest earlier update decides.
  let before: StopUpdate | undefined;
  let beforeSequence = -Infinity;
  for (const u of trip.updates) {
    const sequence = sequenceOf(u);
    if (sequence === undefined || sequence >= call.stopSequence || sequence < beforeSequence) continue;
    if (u.relationship === 'SKIPPED') continue;
    before = u;
    beforeSequence = sequence;
  }
  if (before === undefined) return trip.delay !== undefined ? { kind: 'predicted', atSeconds: scheduled + trip.delay } : { kind: 'scheduled' };
  if (before.relationship === 'NO_DATA') return { kind: 'scheduled' };
  const delay = delayAt(before, beforeSequence, dayStart, stops);
  return delay === undefined ? { kind: 'scheduled' } : { kind: 'predicted', atSeconds: scheduled + delay };
}

/** The delay an update states or implies, departure first: that is what the next stop inherits. */
function delayAt(update: StopUpdate, sequence: number, dayStart: number, stops: TripStop[] | undefined): number | undefined {
  const stop = stops?.find((s) => s.stopSequence === sequence);
  for (const [event, planned] of [
    [update.departure, stop?.departure],
    [update.arrival, stop?.arrival],
  ] as const) {
    if (event?.delay !== undefined) return event.delay;
    if (event?.time !== undefined && planned !== undefined && planned !== null) return event.time - (dayStart + planned);
  }
  return undefined;
}

/** The run of a trip that this call belongs to: the same start date (and start time, for a frequency run), or the feed gave none. */
export function runFor(runs: TripPrediction[] | undefined, serviceDate: string, startSeconds?: number): TripPrediction | undefined {
  if (runs === undefined) return undefined;
  // A DUPLICATED run is a copy of the trip at another time: its updates are not the original's.
  const own = runs.filter(
    (run) => run.relationship !== 'DUPLICATED' && (startSeconds === undefined || gtfsSeconds(run.startTime ?? '') === startSeconds),
  );
  return own.find((run) => run.startDate === serviceDate) ?? own.find((run) => run.startDate === undefined);
}
