import { readPosition, type VehiclePosition } from '../../../domain/vehicle-position.js';
import type { RealtimeFeed, TripPrediction } from '../realtime/feed.js';
import type { VehicleFeed } from '../realtime/vehicles.js';
import { directionKey, type ScheduledCall, type StopPlace, type Timetable } from '../static/timetable.js';
import { ageMinutes, NO_BUS, type Candidate } from './candidate.js';
import { positionOf } from './vehicle-at.js';

// ADDED / NEW trips: not in the schedule, so their times at this stop are the feed's own absolute
// ones; the route is looked up, the destination is the last stop the feed gives. A trip without a
// direction_id joins its route's direction whose scheduled trips at this stop end at the same last
// stop (a block of its own only when none or several do), so that riders see one list per way.
// Its vehicle is its own alone: a position of the same trip_id and run (start date and time, when
// both name them) whose descriptor says ADDED or NEW, or any of that trip_id when the schedule has
// no trip of that id. Never a scheduled trip's vehicle by a run the added trip does not have: a
// trip without its own vehicle stays predicted, no vehicle seen.

export async function addedTrips(
  timetable: Timetable,
  place: StopPlace,
  feed: RealtimeFeed,
  wanted: ReadonlySet<string> | undefined,
  nowS: number,
  scheduled: readonly ScheduledCall[],
  vehicles?: VehicleFeed,
): Promise<Candidate[]> {
  const found: Candidate[] = [];
  const stopIds = new Set(place.stopIds);
  const directions = directionsByLastStop(timetable, scheduled);
  for (const trip of feed.addedAt(place.stopIds)) {
    if (trip.routeId === undefined || (wanted !== undefined && !wanted.has(trip.routeId))) continue;
    const updates = feed.updatesOf(trip);
    const here = updates.find((u) => u.stopId !== undefined && stopIds.has(u.stopId) && u.relationship !== 'SKIPPED');
    const atSeconds = here?.arrival?.time ?? here?.departure?.time;
    if (atSeconds === undefined) continue;
    const route = await timetable.routeById(trip.routeId);
    const lastStop = updates.at(-1)?.stopId;
    const names = lastStop === undefined ? new Map<string, string>() : await timetable.stopNames([lastStop]);
    const directionId = trip.directionId ?? (lastStop === undefined ? undefined : await directions(trip.routeId, lastStop));
    const position = vehicles === undefined ? undefined : await ownVehicle(timetable, vehicles, trip);
    const seen = readPosition(position, new Date(nowS * 1000)).kind === 'current';
    found.push({
      key: directionKey(trip.routeId, directionId),
      routeId: trip.routeId,
      routeNo: route?.routeNo ?? trip.routeId,
      directionId,
      atSeconds,
      trip: {
        destination: (lastStop !== undefined ? names.get(lastStop) : undefined) ?? '',
        startTime: trip.startTime?.slice(0, 5) ?? '',
        // Not in the schedule: no deviation to tell.
        trust: seen ? 'tracked' : 'predicted',
        ...(trip.timestamp !== undefined ? { gpsAgeMinutes: ageMinutes(nowS, trip.timestamp) } : {}),
        lastTrip: false,
        bus: NO_BUS,
        ...(position !== undefined ? { position } : {}),
      },
    });
  }
  return found;
}

/** The added trip's own vehicle, if VehiclePositions has it (see above). */
async function ownVehicle(timetable: Timetable, vehicles: VehicleFeed, trip: TripPrediction): Promise<VehiclePosition | undefined> {
  const agrees = (ours: string | undefined, theirs: string | undefined) => ours === undefined || theirs === undefined || ours === theirs;
  const runs = vehicles.byTripId.get(trip.tripId)?.filter((r) => agrees(trip.startDate, r.startDate) && agrees(trip.startTime, r.startTime));
  if (runs === undefined || runs.length === 0) return undefined;
  const marked = runs.find((r) => r.added === true);
  if (marked !== undefined) return positionOf(marked, vehicles);
  // Unmarked, it is the added trip's only when no scheduled trip has this id.
  const scheduledTrip = (await timetable.tripStops([trip.tripId])).size > 0;
  return scheduledTrip ? undefined : positionOf(runs[0]!, vehicles);
}

/** The direction of a route whose scheduled trips through this stop end at `lastStop`, when exactly one does. */
function directionsByLastStop(
  timetable: Timetable,
  scheduled: readonly ScheduledCall[],
): (routeId: string, lastStop: string) => Promise<number | undefined> {
  const byRoute = new Map<string, Promise<Map<string, Set<number | undefined>>>>();
  const endsOf = async (routeId: string) => {
    const calls = scheduled.filter((c) => c.routeId === routeId);
    const trips = await timetable.tripStops([...new Set(calls.map((c) => c.tripId))]);
    const ends = new Map<string, Set<number | undefined>>();
    for (const call of calls) {
      const last = trips.get(call.tripId)?.at(-1)?.stopId;
      if (last !== undefined) ends.set(last, (ends.get(last) ?? new Set()).add(call.directionId));
    }
    return ends;
  };
  return async (routeId, lastStop) => {
    let ends = byRoute.get(routeId);
    if (ends === undefined) byRoute.set(routeId, (ends = endsOf(routeId)));
    const found = (await ends).get(lastStop);
    return found?.size === 1 ? [...found][0] : undefined;
  };
}
