import type { StopEvent, StopUpdate, TripPrediction } from '../realtime/feed.js';
import type { ScheduledCall, TripStop } from '../static/timetable.js';

// One scheduled call + its trip's prediction -> when the vehicle comes, as OpenTripPlanner and
// OneBusAway read GTFS-Realtime: the update for this stop (matched by stop_sequence, else stop_id;
// reconcile.ts has already made the two agree with the schedule) gives the time (absolute `time`,
// else schedule + `delay`); without one, the delay of the nearest earlier update is carried
// forward, else the trip-wide delay; NO_DATA ends what is known.

/** deleted: not shown at all; skipped: the trip runs but passes this stop by, which riders are told. */
export type Outcome =
  { kind: 'deleted' } | { kind: 'skipped' } | { kind: 'cancelled' } | { kind: 'predicted'; atSeconds: number } | { kind: 'scheduled' };

/** The time a rider waits for: arrival, else departure (a trip's first stop has only the latter). */
const shownEvent = (u: StopUpdate): StopEvent | undefined => u.arrival ?? u.departure;

export function predictCall(
  call: ScheduledCall,
  dayStart: number,
  trip: TripPrediction | undefined,
  /** The trip's updates as reconcile.ts placed them; undefined when they could not be. */
  updates: readonly StopUpdate[] | undefined,
  stops: readonly TripStop[] | undefined,
): Outcome {
  if (trip === undefined) return { kind: 'scheduled' };
  if (trip.relationship === 'CANCELED') return { kind: 'cancelled' };
  // DELETED trips are left out entirely (the specification: not shown to riders); so are calls of
  // a trip the caller should not have matched.
  if (trip.relationship === 'DELETED') return { kind: 'deleted' };
  if (updates === undefined) return { kind: 'scheduled' };
  const scheduled = dayStart + call.arrival;

  const sequenceOf = (u: StopUpdate): number | undefined => u.stopSequence ?? stops?.find((s) => s.stopId === u.stopId)?.stopSequence;
  const here = updates.find((u) => (u.stopSequence !== undefined ? u.stopSequence === call.stopSequence : u.stopId === call.stopId));
  if (here?.relationship === 'SKIPPED') return { kind: 'skipped' };
  if (here?.relationship === 'NO_DATA') return { kind: 'scheduled' };
  const event = here !== undefined ? shownEvent(here) : undefined;
  if (event?.time !== undefined) return { kind: 'predicted', atSeconds: event.time };
  if (event?.delay !== undefined) return { kind: 'predicted', atSeconds: scheduled + event.delay };

  // No prediction for this stop: the nearest earlier update decides.
  let before: StopUpdate | undefined;
  let beforeSequence = -Infinity;
  for (const u of updates) {
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
function delayAt(update: StopUpdate, sequence: number, dayStart: number, stops: readonly TripStop[] | undefined): number | undefined {
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
