import type { Row } from './db.js';
import type { RouteRef, Timetable } from './timetable.js';

// A route's stops in order, per direction, for /line: the stops of one representative trip each
// (the longest of those calling at the rider's stop, else the longest), read from stop_times on
// the schedule's worker thread, and which direction each of the route's trips runs. Kept per
// import and route: the schedule changes only with an import, and a route asked once is asked
// again at each Refresh.

export interface PatternStop {
  stopId: string;
  /** As riders type it: stop_code, else stop_id. */
  code: string;
  name: string;
  lat?: number;
  lon?: number;
}

export interface RoutePattern {
  directionId: number | undefined;
  heading: string;
  tripId: string;
  stops: PatternStop[];
}

export interface RoutePatterns {
  patterns: RoutePattern[];
  /** Every trip of the route: trip_id -> its direction_id. */
  directions: ReadonlyMap<string, number | undefined>;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const direction = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? undefined : Number(v));
const coordinate = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);

const cache = new WeakMap<Timetable, Map<string, Promise<RoutePatterns>>>();
/** Routes kept per import; a city has a few hundred, each a few kilobytes. */
const MAX_ROUTES_KEPT = 500;

export function routePatterns(timetable: Timetable, routes: readonly RouteRef[], riderStopIds: readonly string[]): Promise<RoutePatterns> {
  const key = `${routes.map((r) => r.routeId).join(',')}|${riderStopIds.join(',')}`;
  let kept = cache.get(timetable);
  if (kept === undefined) cache.set(timetable, (kept = new Map<string, Promise<RoutePatterns>>()));
  const known = kept.get(key);
  if (known !== undefined) return known;
  if (kept.size >= MAX_ROUTES_KEPT) kept.clear();
  const reading = readPatterns(timetable, routes, riderStopIds);
  kept.set(key, reading);
  reading.catch(() => kept.delete(key));
  return reading;
}

async function readPatterns(timetable: Timetable, routes: readonly RouteRef[], riderStopIds: readonly string[]): Promise<RoutePatterns> {
  const routeIds = routes.map((r) => r.routeId);
  const here = riderStopIds.length > 0 ? `MAX(st.stop_id IN (${marks(riderStopIds.length)}))` : '0';
  const trips = await timetable.query(
    `SELECT t.trip_id, t.direction_id, t.trip_headsign, COUNT(*) AS n, ${here} AS here
     FROM trips t JOIN stop_times st ON st.trip_id = t.trip_id
     WHERE t.route_id IN (${marks(routeIds.length)}) GROUP BY t.trip_id ORDER BY here DESC, n DESC, t.trip_id`,
    [...riderStopIds, ...routeIds],
  );
  const directions = new Map<string, number | undefined>(trips.map((row) => [str(row.trip_id), direction(row.direction_id)]));
  // The first trip of each direction in that order: the longest calling at the rider's stop.
  const chosen = new Map<string, Row>();
  for (const row of trips) {
    const k = str(row.direction_id);
    if (!chosen.has(k)) chosen.set(k, row);
  }
  const picked = [...chosen.values()].sort((a, b) => (direction(a.direction_id) ?? 0) - (direction(b.direction_id) ?? 0));
  if (picked.length === 0) return { patterns: [], directions };
  const rows = await timetable.query(
    `SELECT st.trip_id, st.stop_id, COALESCE(NULLIF(s.stop_code, ''), s.stop_id) AS code, s.stop_name, s.stop_lat, s.stop_lon
     FROM stop_times st LEFT JOIN stops s ON s.stop_id = st.stop_id
     WHERE st.trip_id IN (${marks(picked.length)}) ORDER BY st.trip_id, st.stop_sequence`,
    picked.map((row) => str(row.trip_id)),
  );
  const patterns = picked.map((trip): RoutePattern => {
    const stops = rows
      .filter((row) => str(row.trip_id) === str(trip.trip_id))
      .map((row): PatternStop => {
        const lat = coordinate(row.stop_lat);
        const lon = coordinate(row.stop_lon);
        return {
          stopId: str(row.stop_id),
          code: str(row.code) || str(row.stop_id),
          name: str(row.stop_name),
          ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}),
        };
      });
    return {
      directionId: direction(trip.direction_id),
      heading: str(trip.trip_headsign) || (stops.at(-1)?.name ?? ''),
      tripId: str(trip.trip_id),
      stops,
    };
  });
  return { patterns, directions };
}
