// "🚶 Leave now for the 95 at 17:12 (tracked), 6 min walk": pushed when the next bus the rider can
// still catch is as far as the walk plus the early edge of its prediction's band. Read again at
// every round, so the moment follows the prediction (a bus running late is announced later; one
// predicted earlier past its moment gives way to the next the rider can catch). Where the route's
// next bus can no longer be made when the rider asks, /leave says so and names the one it watches.
import type { NearDirection } from '../../domain/alert-kinds/index.js';
import type { RouteArrivals, StopArrivals, Trip } from '../../domain/arrivals.js';
import type { Reply } from '../../domain/reply.js';
import type { Subscription } from '../../domain/subscription.js';
import { leaveAheadSeconds, walkMinutes } from '../../domain/walking.js';
import { comingTrips } from './coming-trips.js';
import { refreshAndSave } from './buttons.js';
import { clockTime, tripInstant } from './clock-time.js';
import { stopName } from './names.js';
import { directionName } from '../route-directions.js';
import { messageReply, MAX_NAME_CHARS, type Say } from './text.js';

/** A round comes each minute: a leave time this recent still reads as "now". */
const ROUND_SECONDS = 90;

interface Coming {
  trip: Trip;
  route: RouteArrivals;
  /** Seconds left before leaving for it (negative: the moment has passed). */
  spare: number;
}

/** The route's coming trips with the time left to leave for each, and the first the rider can still catch. */
export function leavePlan(
  sub: Subscription,
  arrivals: StopArrivals,
  walk: number,
  direction: NearDirection | undefined,
  now: Date,
): { first?: Coming; catchable?: Coming } {
  const trips = comingTrips(sub, arrivals, direction).map(({ trip, route }) => {
    const lead = (tripInstant(trip, now).getTime() - now.getTime()) / 1000;
    return { trip, route, spare: lead - leaveAheadSeconds(walk, lead) };
  });
  const catchable = trips.find((t) => t.spare >= -ROUND_SECONDS);
  return { ...(trips[0] !== undefined ? { first: trips[0] } : {}), ...(catchable !== undefined ? { catchable } : {}) };
}

export function leaveAlert(
  sub: Subscription,
  arrivals: StopArrivals,
  walk: number,
  direction: NearDirection | undefined,
  { now, say }: { now: Date; say: Say },
): Reply | undefined {
  if (sub.schedule.kind !== 'leave') return undefined;
  const { catchable } = leavePlan(sub, arrivals, walk, direction, now);
  if (catchable === undefined || catchable.spare > 0) return undefined;
  const text = say('leave-now', {
    routeNo: sub.routeNo ?? '',
    towards: direction?.name || directionName(catchable.route) || 'none',
    place: sub.schedule.place,
    walk: walkMinutes(walk),
    stopName: stopName(arrivals.stopName, sub.stopNo, MAX_NAME_CHARS) || sub.stopNo,
    stopNo: sub.stopNo,
    clock: clockTime(tripInstant(catchable.trip, now), arrivals.timeZone),
    trust: catchable.trip.trust,
  });
  return { ...messageReply('answer', text), buttons: [refreshAndSave(sub.stopNo, sub.routeNo, say)] };
}

/**
 * What /leave adds to its confirmation: the bus it watches and when to leave for it, and, when the
 * route's next bus can no longer be made from the place, that it cannot.
 */
export function leaveOutlook(sub: Subscription, arrivals: StopArrivals, { now, say }: { now: Date; say: Say }): string | undefined {
  if (sub.schedule.kind !== 'leave') return undefined;
  const { first, catchable } = leavePlan(sub, arrivals, sub.schedule.walkSeconds, sub.schedule.direction, now);
  if (first === undefined) return undefined;
  const zone = arrivals.timeZone;
  const next = {
    next: catchable === undefined ? 'none' : 'some',
    nextClock: catchable === undefined ? '' : clockTime(tripInstant(catchable.trip, now), zone),
    nextTrust: catchable?.trip.trust ?? 'scheduled',
    leaveAt:
      catchable === undefined ? '' : clockTime(new Date(Math.round((now.getTime() + Math.max(0, catchable.spare) * 1000) / 60_000) * 60_000), zone),
  };
  if (first === catchable) return say('leave-next', next);
  return say('leave-missed', {
    ...next,
    routeNo: sub.routeNo ?? '',
    towards: sub.schedule.direction?.name || directionName(first.route) || 'none',
    clock: clockTime(tripInstant(first.trip, now), zone),
    place: sub.schedule.place,
    walk: walkMinutes(sub.schedule.walkSeconds),
  });
}
