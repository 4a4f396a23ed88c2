import { readPosition, type VehiclePosition } from '../../../domain/vehicle-position.js';
import type { ScheduledCall, TripStop } from '../static/timetable.js';

// Our own time for a call the feed predicts nothing for (no trip update for the trip, none reaching
// this stop, the trip updates feed down or stale, or a feed of positions only), while the trip's own
// bus is seen with a fresh fix placed on its trip: its delay where it is, read against the static
// stop_times at the fix's time, carried forward unchanged to the rider's stop (no recovery assumed:
// a late bus is as late further on), and never earlier than now. Where the bus is on its trip:
// - stopped at a stop: that stop's scheduled departure (it leaves no earlier than the fix);
// - coming into a stop (INCOMING_AT): that stop's scheduled arrival;
// - on its way to a stop (IN_TRANSIT_TO): half way between the scheduled departure of the stop it
//   passed and the arrival at the next one (it left the one before the fix, and is not at the next);
// - at or heading to its first stop: it does not leave before its time, so no earlier than scheduled.

export interface Estimate {
  /** POSIX seconds: when the bus should come to the rider's stop. */
  atSeconds: number;
  /** POSIX seconds of the fix the estimate rests on. */
  fixS: number;
}

export function estimateFromPosition(
  position: VehiclePosition | undefined,
  call: ScheduledCall,
  dayStart: number,
  stops: readonly TripStop[] | undefined,
  nowS: number,
): Estimate | undefined {
  // A frequency trip's stop_times are a template, not this run's times: nothing to read a delay against.
  if (call.frequency !== undefined || stops === undefined || position === undefined) return undefined;
  if (position.fixAt === undefined || position.stopsAway === undefined || position.passed === true) return undefined;
  if (readPosition(position, new Date(nowS * 1000)).kind !== 'current') return undefined;
  const here = stops.findIndex((s) => s.stopSequence === call.stopSequence);
  const current = here - position.stopsAway;
  if (here === -1 || current < 0) return undefined;
  const planned = plannedAtVehicle(stops, current, position.status);
  if (planned === undefined) return undefined;
  const fixS = position.fixAt.getTime() / 1000;
  const lateS = fixS - (dayStart + planned);
  // Before its first stop a bus waits for its time: it is late, never early.
  const delay = current === 0 ? Math.max(0, lateS) : lateS;
  return { atSeconds: Math.max(nowS, Math.round(dayStart + call.arrival + delay)), fixS };
}

/** The schedule's time (seconds after the service day's start) for where the bus is, by its status. */
function plannedAtVehicle(stops: readonly TripStop[], current: number, status: VehiclePosition['status']): number | undefined {
  if (status === 'stopped-at') return timeAt(stops, current, 'departure');
  if (status === 'incoming-at' || current === 0) return timeAt(stops, current, 'arrival');
  const left = timeAt(stops, current - 1, 'departure');
  const next = timeAt(stops, current, 'arrival');
  return left === undefined || next === undefined ? undefined : (left + next) / 2;
}

/**
 * A stop's scheduled time, the event asked first; a stop the schedule leaves untimed (only
 * timepoints carry times in some feeds) is placed by its rank between the timed stops around it.
 */
function timeAt(stops: readonly TripStop[], index: number, first: 'arrival' | 'departure'): number | undefined {
  const own = (i: number): number | undefined => {
    const stop = stops[i];
    if (stop === undefined) return undefined;
    const other = first === 'arrival' ? stop.departure : stop.arrival;
    return stop[first] ?? other ?? undefined;
  };
  const exact = own(index);
  if (exact !== undefined) return exact;
  let before = index - 1;
  while (before >= 0 && own(before) === undefined) before--;
  let after = index + 1;
  while (after < stops.length && own(after) === undefined) after++;
  const from = own(before);
  const to = own(after);
  if (from === undefined || to === undefined) return undefined;
  return from + ((to - from) * (index - before)) / (after - before);
}
