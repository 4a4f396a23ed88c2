import type { Agencies, Place, PlaceResolver, PlaceRoute } from '../../domain/disruption-match.js';
import type { StopIndex } from '../../domain/stop-index.js';
import { isTransitError } from '../../domain/transit-error.js';
import type { TransitSource } from '../../domain/transit-source.js';
import type { GtfsQuery, GtfsRecord } from './gtfs-tables.js';
import { sameRouteName } from '../../domain/route-names.js';

// The v1.2 API's answers to the disruption matcher, for Service Alerts written against OC
// Transpo's GTFS: a stop's platforms come from the stop index (stops.txt: code -> stop_ids), its
// routes from the API's route summary. The API knows routes by number; OC Transpo's GTFS
// route_ids are "<number>-<schedule version>" ("95-184"), read here as the number. Every route
// is a bus (route_type 3) of the one agency.

const BUS = 3;
const AGENCIES: Agencies = { ids: new Set(['OC Transpo']) };

const busRoute = (routeNo: string): PlaceRoute => ({ routeId: routeNo, routeNo, routeType: BUS });

/** The API's Gtfs operation, where the source has it: whether a route exists is read from its routes table. */
type RoutesTable = (query: GtfsQuery) => Promise<readonly Readonly<GtfsRecord>[]>;

export function v12Places(source: TransitSource & { gtfs?: RoutesTable }, stops: StopIndex | undefined): PlaceResolver {
  /** A route asked alone: none when the routes table has no such short name ("/disruptions route 999"); as asked when it cannot say. */
  async function routeAlone(text: string): Promise<Place> {
    const asked = text.trim().toUpperCase();
    const alone = (routes: PlaceRoute[]): Place => ({ stopIds: new Set(), routes, routesKnown: true });
    if (source.gtfs === undefined) return alone([busRoute(asked)]);
    try {
      const records = await source.gtfs({ table: 'routes', column: 'route_short_name', value: asked.replace(/^0+(?=[0-9])/, '') });
      const named = [...new Set(records.map((r) => r.route_short_name ?? '').filter((n) => n !== '' && sameRouteName(asked, n)))];
      return alone(named.length > 0 ? named.map(busRoute) : records.length > 0 ? [busRoute(asked)] : []);
    } catch {
      return alone([busRoute(asked)]);
    }
  }

  return {
    async stop(code, route): Promise<Place | undefined> {
      let routes: PlaceRoute[] = [];
      try {
        const summary = await source.routeSummary(code);
        routes = [...new Set(summary.routes.map((r) => r.routeNo))].map(busRoute);
      } catch (err) {
        if (isTransitError(err) && err.kind === 'unknown-stop') return undefined;
        // The API cannot say now: the stop is still the stop, its routes unknown.
      }
      const routesKnown = routes.length > 0;
      if (route !== undefined) {
        const asked = route.trim().toUpperCase();
        routes = routesKnown ? routes.filter((r) => r.routeNo !== undefined && sameRouteName(asked, r.routeNo)) : [busRoute(asked)];
      }
      const ids = stops?.byCode(code).map((s) => s.id) ?? [];
      return { stopIds: new Set([code, ...ids]), stopCode: code, routes, routesKnown };
    },
    route: routeAlone,
    agencies: () => Promise.resolve(AGENCIES),
    routeIdOf: (feedRouteId) => /^(.+)-\d+$/.exec(feedRouteId)?.[1] ?? feedRouteId,
  };
}
