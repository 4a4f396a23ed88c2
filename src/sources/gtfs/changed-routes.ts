import type { Timetable } from './static/timetable.js';

// The routes of the trips the live feed says changed (cancelled, skipping a stop, vanished), as
// riders name them (short name, else route_id, as the answers do): one read of the schedule per
// question, a run of trip ids at a time.

/** Trip ids read at once (SQLite's bound parameters stay far below its limit). */
const CHUNK = 500;

export async function routesOfTrips(timetable: Pick<Timetable, 'query'>, tripIds: Iterable<string>): Promise<Set<string>> {
  const ids = [...new Set(tripIds)];
  const routes = new Set<string>();
  for (let from = 0; from < ids.length; from += CHUNK) {
    const chunk = ids.slice(from, from + CHUNK);
    const rows = await timetable.query(
      `SELECT DISTINCT r.route_short_name, r.route_id FROM trips t JOIN routes r ON r.route_id = t.route_id
       WHERE t.trip_id IN (${chunk.map(() => '?').join(',')})`,
      chunk,
    );
    for (const row of rows) routes.add(String(row.route_short_name ?? '') || String(row.route_id ?? ''));
  }
  return routes;
}
