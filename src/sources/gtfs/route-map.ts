import type { RouteMap, RouteMapDirection, RouteMapStop, RouteMapVehicle } from '../../domain/route-map.js';
import { readPosition } from '../../domain/vehicle-position.js';
import { TransitError } from '../../domain/transit-error.js';
import type { VehicleFeed } from './realtime/vehicles.js';
import type { RouteRef, Timetable } from './static/timetable.js';

// A route as the live map draws it, from the imported schedule: per direction its longest trip's
// stops and the line of that trip's shape (shapes.txt), or the stops joined when it has none; and
// from the latest VehiclePositions, every vehicle on one of the route's trips. The schedule's part
// is read once per route and import (it changes only with an import); the vehicles at each call.

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

interface RouteLines {
  readonly routeId: string;
  readonly routeNo: string;
  readonly name: string;
  readonly directions: readonly RouteMapDirection[];
  /** trip_id -> its direction and headsign, to place each vehicle. */
  readonly trips: ReadonlyMap<string, { directionId?: number; headsign: string }>;
  /** stop_id -> the stop's name, for the stop a vehicle is at or heading to. */
  readonly stopNames: ReadonlyMap<string, string>;
}

/** The schedule's part of each route's map, kept per import (a WeakMap: the old import's goes with it). */
const linesByImport = new WeakMap<Timetable, Map<string, Promise<RouteLines>>>();

export async function routeMapOf(options: {
  timetable: Timetable;
  route: RouteRef;
  vehicles: VehicleFeed | undefined;
  hasVehicleFeed: boolean;
  now: Date;
}): Promise<RouteMap> {
  const lines = await routeLines(options.timetable, options.route);
  return {
    route: lines.routeNo,
    ...(lines.name !== '' ? { name: lines.name } : {}),
    directions: lines.directions,
    vehicles: options.vehicles === undefined ? [] : vehiclesOn(lines, options.vehicles, options.now),
    ...(options.hasVehicleFeed ? {} : { noVehiclePositions: true }),
  };
}

function routeLines(timetable: Timetable, route: RouteRef): Promise<RouteLines> {
  let routes = linesByImport.get(timetable);
  if (routes === undefined) linesByImport.set(timetable, (routes = new Map<string, Promise<RouteLines>>()));
  let lines = routes.get(route.routeId);
  if (lines === undefined) {
    lines = readLines(timetable, route);
    routes.set(route.routeId, lines);
    // A failed read is asked again next time, not remembered.
    lines.catch(() => routes.delete(route.routeId));
  }
  return lines;
}

async function readLines(timetable: Timetable, route: RouteRef): Promise<RouteLines> {
  const [routeRow] = await timetable.query('SELECT route_long_name FROM routes WHERE route_id = ?', [route.routeId]);
  if (routeRow === undefined) throw new TransitError('unknown-route', 'no such route in the schedule');
  const tripRows = await timetable.query(
    `SELECT t.trip_id, t.direction_id, t.trip_headsign, t.shape_id, COUNT(st.trip_id) AS n
     FROM trips t LEFT JOIN stop_times st ON st.trip_id = t.trip_id WHERE t.route_id = ? GROUP BY t.trip_id ORDER BY n DESC, t.trip_id`,
    [route.routeId],
  );
  const trips = new Map<string, { directionId?: number; headsign: string }>();
  // Per direction: its longest trip (drawn) and how many trips carry each headsign (the most common names it).
  const byDirection = new Map<string, { directionId?: number; longest: Record<string, unknown>; headsigns: Map<string, number> }>();
  for (const row of tripRows) {
    const directionId = row.direction_id === null ? undefined : Number(row.direction_id);
    const headsign = str(row.trip_headsign);
    trips.set(str(row.trip_id), { ...(directionId !== undefined ? { directionId } : {}), headsign });
    const key = String(directionId ?? '');
    let direction = byDirection.get(key);
    if (direction === undefined)
      byDirection.set(key, (direction = { ...(directionId !== undefined ? { directionId } : {}), longest: row, headsigns: new Map() }));
    direction.headsigns.set(headsign, (direction.headsigns.get(headsign) ?? 0) + 1);
  }
  const stopNames = new Map<string, string>();
  const directions = await Promise.all(
    [...byDirection.values()]
      .sort((a, b) => (a.directionId ?? 0) - (b.directionId ?? 0))
      .map(async (direction): Promise<RouteMapDirection> => {
        const stops = await tripStops(timetable, str(direction.longest.trip_id), stopNames);
        const shape = str(direction.longest.shape_id) === '' ? [] : await shapePoints(timetable, str(direction.longest.shape_id));
        const heading = [...direction.headsigns].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
        return {
          ...(direction.directionId !== undefined ? { directionId: direction.directionId } : {}),
          heading,
          stops,
          line: shape.length >= 2 ? shape : stops.map((s) => [s.lat, s.lon] as const),
          drawn: shape.length >= 2 ? 'shape' : 'stops',
        };
      }),
  );
  return { routeId: route.routeId, routeNo: route.routeNo, name: str(routeRow.route_long_name), directions, trips, stopNames };
}

async function tripStops(timetable: Timetable, tripId: string, stopNames: Map<string, string>): Promise<RouteMapStop[]> {
  const rows = await timetable.query(
    `SELECT s.stop_id, COALESCE(NULLIF(s.stop_code, ''), s.stop_id) AS code, s.stop_name, s.stop_lat, s.stop_lon
     FROM stop_times st JOIN stops s ON s.stop_id = st.stop_id WHERE st.trip_id = ? ORDER BY st.stop_sequence`,
    [tripId],
  );
  for (const row of rows) stopNames.set(str(row.stop_id), str(row.stop_name));
  return rows
    .filter((row) => row.stop_lat !== null && row.stop_lon !== null)
    .map((row) => ({ stop: str(row.code), name: str(row.stop_name), lat: Number(row.stop_lat), lon: Number(row.stop_lon) }));
}

async function shapePoints(timetable: Timetable, shapeId: string): Promise<Array<readonly [number, number]>> {
  const rows = await timetable.query('SELECT shape_pt_lat, shape_pt_lon FROM shapes WHERE shape_id = ? ORDER BY shape_pt_sequence', [shapeId]);
  return rows
    .filter((row) => row.shape_pt_lat !== null && row.shape_pt_lon !== null)
    .map((row) => [Number(row.shape_pt_lat), Number(row.shape_pt_lon)] as const);
}

/** Every vehicle on one of the route's trips (or naming the route), its fix read for what it can be trusted as. */
function vehiclesOn(lines: RouteLines, feed: VehicleFeed, now: Date): RouteMapVehicle[] {
  const vehicles: RouteMapVehicle[] = [];
  const seen = new Set<string>();
  for (const [tripId, readings] of feed.byTripId) {
    const trip = lines.trips.get(tripId);
    for (const reading of readings) {
      if (trip === undefined && reading.routeId !== lines.routeId) continue;
      const id = reading.vehicleId ?? reading.label ?? `${tripId}@${reading.startDate ?? ''}${reading.startTime ?? ''}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const fixSeconds = reading.timestamp ?? (feed.timestamp > 0 ? feed.timestamp : undefined);
      const position = {
        lat: reading.lat,
        lon: reading.lon,
        ...(reading.bearing !== undefined ? { bearing: reading.bearing } : {}),
        ...(reading.speedMs !== undefined ? { speedKmh: reading.speedMs * 3.6 } : {}),
        ...(fixSeconds !== undefined ? { fixAt: new Date(fixSeconds * 1000) } : {}),
        ...(reading.status !== undefined ? { status: reading.status } : {}),
        ...(reading.occupancy !== undefined ? { occupancy: reading.occupancy } : {}),
        ...(reading.label !== undefined ? { label: reading.label } : {}),
      };
      const read = readPosition(position, now);
      if (read.kind === 'none') continue;
      const ageMs = read.kind === 'old' || read.kind === 'current' ? read.ageMs : undefined;
      vehicles.push({
        id,
        ...(trip?.directionId !== undefined ? { directionId: trip.directionId } : {}),
        ...(trip !== undefined && trip.headsign !== '' ? { headsign: trip.headsign } : {}),
        position,
        trust: read.kind === 'current' ? 'tracked' : read.kind,
        ...(ageMs !== undefined ? { ageSeconds: Math.round(ageMs / 1000) } : {}),
        ...(reading.stopId !== undefined && lines.stopNames.has(reading.stopId) ? { nextStop: lines.stopNames.get(reading.stopId)! } : {}),
      });
    }
  }
  return vehicles.sort((a, b) => a.id.localeCompare(b.id));
}
