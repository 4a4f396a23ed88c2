import type { Disruption, InformedEntity } from './disruption.js';
import { sameRouteName } from './route-names.js';

// Whether a disruption touches what a rider asks about, as the GTFS-Realtime specification reads
// informed_entity: every field one entity gives must hold together ("route 95 at stop 3017" is
// not "route 95" nor "stop 3017"); separate entities each apply on their own; an entity that
// names nothing (or only a direction) touches nothing. A station named touches its platforms
// (the place lists its stations among its stop ids).

/** A route the question covers, as the schedule knows it. */
export interface PlaceRoute {
  readonly routeId?: string;
  /** As riders read it ("95"). */
  readonly routeNo?: string;
  /** Its agency_id; undefined in a feed of one agency whose routes name none. */
  readonly agencyId?: string;
  readonly routeType?: number;
  /** Undefined: the direction is not known (either counts). */
  readonly directionId?: number;
}

/** What a question covers: a stop (and the routes there), or a route alone. */
export interface Place {
  /** The stop's own ids, its platforms' and its station's; empty for a question about a route alone. */
  readonly stopIds: ReadonlySet<string>;
  /** The code riders typed for the stop, when the question is about a stop. */
  readonly stopCode?: string;
  /** The routes asked about: those serving the stop (or the one route asked there), or the route asked. */
  readonly routes: readonly PlaceRoute[];
  /**
   * Whether `routes` is the whole truth. A schedule without stop_times cannot say which routes
   * serve a stop: a disruption naming the stop then counts whatever route it names with it.
   */
  readonly routesKnown: boolean;
}

/**
 * The feed's agencies. An agency id the static feed lacks (MiWay's alerts say "Mississauga
 * Transit" where agency.txt says "mississauga-on-ca") is read, in a feed of one agency, as that
 * agency: the producer can only mean its own. Where there are several it touches nothing.
 */
export interface Agencies {
  readonly ids: ReadonlySet<string>;
}

/** The feed's agency an entity's agency_id means; undefined: none of them. */
export function agencyOf(id: string, agencies: Agencies): string | undefined {
  if (agencies.ids.has(id)) return id;
  return agencies.ids.size === 1 ? [...agencies.ids][0] : undefined;
}

const namesRoute = (e: InformedEntity) =>
  e.agencyId !== undefined || e.routeId !== undefined || e.routeName !== undefined || e.routeType !== undefined || e.tripId !== undefined;

const namesStop = (e: InformedEntity) => e.stopId !== undefined || e.stopCode !== undefined;

function routeAgrees(e: InformedEntity, route: PlaceRoute, agencies: Agencies): boolean {
  if (e.routeId !== undefined && e.routeId !== route.routeId) return false;
  if (e.routeName !== undefined && (route.routeNo === undefined || !sameRouteName(e.routeName, route.routeNo))) return false;
  if (e.routeType !== undefined && e.routeType !== route.routeType) return false;
  if (e.directionId !== undefined && route.directionId !== undefined && e.directionId !== route.directionId) return false;
  if (e.agencyId !== undefined) {
    const agency = agencyOf(e.agencyId, agencies);
    const routeAgency = route.agencyId ?? (agencies.ids.size === 1 ? [...agencies.ids][0] : undefined);
    if (agency === undefined || agency !== routeAgency) return false;
  }
  // A trip the feed gave no route for, and the schedule did not know: nothing to tell it by.
  if (e.tripId !== undefined && e.routeId === undefined && e.routeName === undefined) return false;
  return true;
}

/** An entity naming only an agency: every stop and route of that agency. */
export function agencyWide(e: InformedEntity): boolean {
  return e.agencyId !== undefined && e.routeId === undefined && e.routeName === undefined && e.routeType === undefined && e.tripId === undefined;
}

export function entityAffects(e: InformedEntity, place: Place, agencies: Agencies): boolean {
  const stopQuestion = place.stopIds.size > 0 || place.stopCode !== undefined;
  if (namesStop(e)) {
    if (!stopQuestion) {
      // A question about a route: "route 95 at stop 3017" is about route 95; a stop alone is not.
      if (!namesRoute(e)) return false;
    } else {
      const sameStop =
        (e.stopId !== undefined && place.stopIds.has(e.stopId)) ||
        (e.stopCode !== undefined && place.stopCode !== undefined && e.stopCode.toLowerCase() === place.stopCode.toLowerCase());
      if (!sameStop) return false;
      if (!namesRoute(e)) return true;
      // The feed says which route at this stop; a schedule that cannot tell is taken at its word.
      if (!place.routesKnown && place.routes.length === 0) return !(e.agencyId !== undefined && agencyOf(e.agencyId, agencies) === undefined);
    }
  } else if (!namesRoute(e)) {
    return false;
  }
  if (agencyWide(e) && place.routes.length === 0 && !place.routesKnown) {
    // A stop whose routes the schedule cannot list still belongs to the feed's agency.
    return stopQuestion && agencyOf(e.agencyId!, agencies) !== undefined && agencies.ids.size === 1;
  }
  return place.routes.some((route) => routeAgrees(e, route, agencies));
}

export function disruptionAffects(disruption: Disruption, place: Place, agencies: Agencies): boolean {
  return disruption.entities.some((e) => entityAffects(e, place, agencies));
}

/** Whether a disruption touches anything at all: one with no entity naming something touches nothing. */
export function touchesAnything(disruption: Disruption): boolean {
  return disruption.entities.some((e) => namesRoute(e) || namesStop(e));
}

/** How a source answers the matcher's questions about its stops and routes (from its schedule). */
export interface PlaceResolver {
  /** A stop as riders type it, with its platforms, its station and its routes (only `route` there, when given); undefined: no such stop. */
  stop(code: string, route?: string): Promise<Place | undefined>;
  /** A route alone, as riders type it. */
  route(text: string): Promise<Place>;
  agencies(): Promise<Agencies>;
  /** The route (and direction) of trips a feed names without one; absent, such trips touch nothing. */
  tripRoutes?(tripIds: readonly string[]): Promise<ReadonlyMap<string, { routeId: string; directionId?: number }>>;
  /** A feed's route_id as this source names routes (the v1.2 API knows numbers, not ids); absent: as given. */
  routeIdOf?(feedRouteId: string): string;
  /** What the answers are read from (the schedule in use): answers kept from another are out of date. Absent: they never change. */
  generation?(): unknown;
}
