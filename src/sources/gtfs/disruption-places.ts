import type { Agencies, Place, PlaceResolver, PlaceRoute } from '../../domain/disruption-match.js';
import type { Timetable } from './static/timetable.js';

// The schedule's answers to the disruption matcher: a stop's platforms and station, the routes
// there with their agency, type and direction, the feed's agencies, and the routes of trips a
// feed names alone. Read from the timetable in use at each question (an import swaps it).

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

export function schedulePlaces(current: () => Timetable | undefined, noTimetable: () => Error): PlaceResolver {
  async function routeDetails(timetable: Timetable, routeIds: readonly string[]): Promise<Map<string, { agencyId?: string; routeType?: number }>> {
    if (routeIds.length === 0) return new Map();
    const rows = await timetable.query(`SELECT route_id, agency_id, route_type FROM routes WHERE route_id IN (${marks(routeIds.length)})`, [
      ...routeIds,
    ]);
    return new Map(
      rows.map((row) => [
        str(row.route_id),
        {
          ...(str(row.agency_id) !== '' ? { agencyId: str(row.agency_id) } : {}),
          ...(row.route_type !== null && row.route_type !== undefined ? { routeType: Number(row.route_type) } : {}),
        },
      ]),
    );
  }

  async function routesNamed(timetable: Timetable, text: string): Promise<PlaceRoute[]> {
    const found = await timetable.findRoutes(text.trim());
    const details = await routeDetails(
      timetable,
      found.map((r) => r.routeId),
    );
    return found.map((r) => ({ routeId: r.routeId, routeNo: r.routeNo, ...details.get(r.routeId) }));
  }

  return {
    async stop(code, route) {
      // Without a schedule it cannot say: "loading" (or why there is none), not "no such stop".
      const timetable = current();
      if (timetable === undefined) throw noTimetable();
      const place = await timetable.findStop(code.trim());
      if (place === undefined) return undefined;
      // A disruption naming the station touches its platforms: the station is among the stop's ids.
      const parents = await timetable.query(
        `SELECT DISTINCT parent_station FROM stops WHERE stop_id IN (${marks(place.stopIds.length)}) AND parent_station IS NOT NULL AND parent_station != ''`,
        place.stopIds,
      );
      const stopIds = new Set([...place.stopIds, ...parents.map((row) => str(row.parent_station))]);
      const serving = await timetable.routesAt(place);
      const details = await routeDetails(timetable, [...new Set(serving.map((r) => r.routeId))]);
      let routes: PlaceRoute[] = serving.map((r) => ({
        routeId: r.routeId,
        routeNo: r.routeNo,
        ...(r.directionId !== undefined ? { directionId: r.directionId } : {}),
        ...details.get(r.routeId),
      }));
      const routesKnown = routes.length > 0;
      if (route !== undefined) {
        const asked = await routesNamed(timetable, route);
        routes = routesKnown ? routes.filter((r) => asked.some((a) => a.routeId === r.routeId)) : asked;
      }
      const result: Place = { stopIds, stopCode: place.code, routes, routesKnown };
      return result;
    },
    async route(text) {
      const timetable = current();
      if (timetable === undefined) throw noTimetable();
      return { stopIds: new Set(), routes: await routesNamed(timetable, text), routesKnown: true };
    },
    // An import swaps the timetable: places resolved from the one before are read again.
    generation: () => current(),
    async agencies(): Promise<Agencies> {
      const timetable = current();
      if (timetable === undefined) return { ids: new Set() };
      const rows = await timetable.query('SELECT agency_id FROM agency', []);
      return { ids: new Set(rows.map((row) => str(row.agency_id))) };
    },
    async tripRoutes(tripIds) {
      const timetable = current();
      if (timetable === undefined || tripIds.length === 0) return new Map();
      const found = new Map<string, { routeId: string; directionId?: number }>();
      // SQLite's default limit on parameters is 999 (older builds): ask in chunks.
      for (let i = 0; i < tripIds.length; i += 500) {
        const chunk = tripIds.slice(i, i + 500);
        const rows = await timetable.query(`SELECT trip_id, route_id, direction_id FROM trips WHERE trip_id IN (${marks(chunk.length)})`, [...chunk]);
        for (const row of rows)
          found.set(str(row.trip_id), {
            routeId: str(row.route_id),
            ...(row.direction_id !== null && row.direction_id !== undefined ? { directionId: Number(row.direction_id) } : {}),
          });
      }
      return found;
    },
  };
}
