import type { StopArrivals, Trip } from '../../domain/arrivals.js';
import type { LineDirection, LineStop, LineVehicle, RouteLine } from '../../domain/route-line.js';
import { placeOnLine } from './line-place.js';
import type { RealtimeFeed } from './realtime/feed.js';
import type { VehicleFeed, VehicleReading } from './realtime/vehicles.js';
import { routePatterns, type RoutePattern } from './static/route-patterns.js';
import type { RouteRef, StopPlace, Timetable } from './static/timetable.js';

// A route as /line draws it, from the GTFS source: each direction's stops from the schedule
// (route-patterns.ts), every vehicle of the route's trips placed along its direction's line
// (line-place.ts), stops the trip updates say are SKIPPED marked, and each vehicle's trip at the
// rider's stop, from the same arrivals /next shows, joined by its fix (the arrivals' position is
// the same VehiclePositions reading).

export interface RouteLineRequest {
  timetable: Timetable;
  routes: readonly RouteRef[];
  place?: StopPlace;
  vehicles?: VehicleFeed;
  trips?: RealtimeFeed;
  /** The route's arrivals at the rider's stop, when one was named. */
  arrivals?: StopArrivals;
}

export async function routeLineOf(request: RouteLineRequest): Promise<Omit<RouteLine, 'timeZone'>> {
  const { timetable, routes, place, vehicles, trips, arrivals } = request;
  const { patterns, directions } = await routePatterns(timetable, routes, place?.stopIds ?? []);
  // The route's vehicles: those on a trip of the route, by direction.
  const running: Array<{ reading: VehicleReading; directionId: number | undefined }> = [];
  for (const [tripId, readings] of vehicles?.byTripId ?? []) {
    if (!directions.has(tripId)) continue;
    for (const reading of readings) running.push({ reading, directionId: directions.get(tripId) });
  }
  // A vehicle naming its stop by sequence alone is read on its own trip's stops.
  const bySequence = running.filter(({ reading }) => reading.stopId === undefined && reading.currentStopSequence !== undefined);
  const tripStops = await timetable.tripStops([...new Set(bySequence.map(({ reading }) => reading.tripId))]);
  const skipped = skippedStops(trips, directions);
  const riderStops = new Set(place?.stopIds ?? []);

  const lines = patterns.map((pattern): LineDirection => {
    const stops = pattern.stops.map((s): LineStop => ({
      stopNo: s.code,
      name: s.name,
      ...(riderStops.has(s.stopId) ? { rider: true } : {}),
      ...(skipped.has(s.stopId) ? { skipped: true } : {}),
    }));
    const riderIndex = stops.findIndex((s) => s.rider === true);
    const onLine: LineVehicle[] = [];
    for (const { reading, directionId } of running) {
      if (directionId !== pattern.directionId) continue;
      const stopId = reading.stopId ?? tripStops.get(reading.tripId)?.find((s) => s.stopSequence === reading.currentStopSequence)?.stopId;
      const at = placeOnLine(pattern.stops, {
        lat: reading.lat,
        lon: reading.lon,
        ...(stopId !== undefined ? { stopId } : {}),
        ...(reading.status !== undefined ? { status: reading.status } : {}),
      });
      if (at === undefined) continue;
      const trip = tripOf(arrivals, pattern, reading);
      const label = reading.label ?? reading.vehicleId;
      onLine.push({
        at,
        ...(label !== undefined && label !== '' ? { label } : {}),
        ...(trip !== undefined ? { toRider: { minutesAway: trip.minutesAway, trust: trip.trust, ...delay(trip) } } : {}),
        ...(riderIndex !== -1 && at > riderIndex ? { passed: true } : {}),
      });
    }
    onLine.sort((a, b) => a.at - b.at);
    return {
      ...(pattern.directionId !== undefined ? { directionId: pattern.directionId } : {}),
      heading: pattern.heading,
      stops,
      vehicles: onLine,
    };
  });
  return {
    routeNo: routes[0]?.routeNo ?? '',
    ...(place !== undefined ? { stopNo: place.code } : {}),
    directions: lines,
    ...(vehicles === undefined ? { noVehiclePositions: true } : {}),
  };
}

const delay = (trip: Trip) => (trip.delaySeconds !== undefined ? { delaySeconds: trip.delaySeconds } : {});

/** The arrivals' trip riding this vehicle: the same fix, on the same direction. */
function tripOf(arrivals: StopArrivals | undefined, pattern: RoutePattern, reading: VehicleReading): Trip | undefined {
  for (const route of arrivals?.routes ?? []) {
    if (route.directionId !== pattern.directionId) continue;
    const trip = route.trips.find((t) => t.position !== undefined && t.position.lat === reading.lat && t.position.lon === reading.lon);
    if (trip !== undefined) return trip;
  }
  return undefined;
}

/** The stop_ids the route's trips pass by now (SKIPPED in their trip updates). */
function skippedStops(trips: RealtimeFeed | undefined, directions: ReadonlyMap<string, unknown>): Set<string> {
  const skipped = new Set<string>();
  if (trips === undefined) return skipped;
  for (const tripId of directions.keys()) {
    for (const prediction of trips.byTripId.get(tripId) ?? []) {
      if (prediction.relationship === 'CANCELED' || prediction.relationship === 'DELETED') continue;
      for (const update of trips.updatesOf(prediction))
        if (update.relationship === 'SKIPPED' && update.stopId !== undefined) skipped.add(update.stopId);
    }
  }
  return skipped;
}
