import { ServiceCalendar } from '../gtfs-format/service-calendar.js';
import { expandTrips, type ConcreteTrip } from './gtfs/expand.js';
import type { Feed } from './gtfs/feed.js';
import { gtfsTables } from './gtfs/tables.js';
import type { GtfsRecord, GtfsTable } from '../sources/octranspo-v12/index.js';
import { OTTAWA_TIME_ZONE } from '../sources/octranspo-v12/index.js';

// The feed indexed for the questions the API answers: which route directions serve a stop code,
// and when each of their trips passes it on a given service day.

export interface SimStop {
  stopId: string;
  code: string;
  name: string;
  lat: number;
  lon: number;
}

export interface RouteDirection {
  routeId: string;
  routeNo: string;
  directionId: number;
  /** "Eastbound" */
  direction: string;
  /** "Airport / Aéroport": the API's RouteHeading / RouteLabel. */
  heading: string;
}

/** One trip calling at one platform of a stop code. */
export interface Pass {
  trip: ConcreteTrip;
  seconds: number;
}

export interface RouteAtStop {
  route: RouteDirection;
  /** By service_id, sorted by time. */
  passes: Map<string, Pass[]>;
}

export interface StopCode {
  code: string;
  /** The API's StopDescription / StopLabel. */
  description: string;
  platforms: SimStop[];
  /** By route number (numeric order), then direction. */
  routes: RouteAtStop[];
}

export interface SimNetwork {
  timeZone: string;
  calendar: ServiceCalendar;
  stopsById: Map<string, SimStop>;
  stopCodes: Map<string, StopCode>;
  /** Every route number of the network, for telling error 11 from error 12. */
  routeNos: Set<string>;
  /** route_id -> BusType codes its trips draw from. */
  fleet: Map<string, string[]>;
  trips: ConcreteTrip[];
  gtfs: Record<GtfsTable, GtfsRecord[]>;
}

export function buildNetwork(feed: Feed): SimNetwork {
  const stopsById = new Map<string, SimStop>();
  for (const row of feed.stops) {
    const stop = {
      stopId: row.stop_id ?? '',
      code: row.stop_code ?? '',
      name: row.stop_name ?? '',
      lat: Number(row.stop_lat),
      lon: Number(row.stop_lon),
    };
    stopsById.set(stop.stopId, stop);
  }
  const routeNoById = new Map(feed.routes.map((row) => [row.route_id ?? '', row.route_short_name ?? '']));
  const directions = new Map(feed.directions.map((row) => [`${row.route_id}/${row.direction_id}`, row]));
  const fleet = new Map<string, string[]>();
  for (const row of feed.fleet) fleet.set(row.route_id ?? '', [...(fleet.get(row.route_id ?? '') ?? []), row.bus_type ?? '']);

  const trips = expandTrips(feed.trips, feed.stop_times, feed.frequencies);
  const stopCodes = new Map<string, StopCode>();
  const routeKeys = new Map<string, RouteAtStop>();
  for (const stop of stopsById.values()) {
    const entry = stopCodes.get(stop.code) ?? { code: stop.code, description: '', platforms: [], routes: [] };
    entry.platforms.push(stop);
    stopCodes.set(stop.code, entry);
  }
  for (const trip of trips) {
    const routeNo = routeNoById.get(trip.routeId) ?? trip.routeId;
    const direction = directions.get(`${trip.routeId}/${trip.directionId}`);
    for (const call of trip.calls) {
      const stop = stopsById.get(call.stopId);
      if (stop === undefined) continue;
      const key = `${stop.code}/${trip.routeId}/${trip.directionId}`;
      let atStop = routeKeys.get(key);
      if (atStop === undefined) {
        atStop = {
          route: {
            routeId: trip.routeId,
            routeNo,
            directionId: trip.directionId,
            direction: direction?.direction ?? '',
            heading: direction?.route_heading ?? trip.headsign,
          },
          passes: new Map(),
        };
        routeKeys.set(key, atStop);
        stopCodes.get(stop.code)?.routes.push(atStop);
      }
      const list = atStop.passes.get(trip.serviceId) ?? [];
      list.push({ trip, seconds: call.seconds });
      atStop.passes.set(trip.serviceId, list);
    }
  }
  for (const entry of stopCodes.values()) {
    entry.platforms.sort((a, b) => a.stopId.localeCompare(b.stopId));
    entry.description = stopDescription(entry.platforms);
    entry.routes.sort((a, b) => compareRouteNos(a.route.routeNo, b.route.routeNo) || a.route.directionId - b.route.directionId);
    for (const atStop of entry.routes) for (const list of atStop.passes.values()) list.sort((a, b) => a.seconds - b.seconds);
  }

  return {
    timeZone: feed.agency[0]?.agency_timezone || OTTAWA_TIME_ZONE,
    calendar: new ServiceCalendar(feed.calendar, feed.calendar_dates),
    stopsById,
    stopCodes,
    routeNos: new Set(routeNoById.values()),
    fleet,
    trips,
    gtfs: gtfsTables(feed, trips),
  };
}

const PLATFORM = /\s+\d[A-Z]$/;

/** A station's platforms are named "LAURIER 1A", "LAURIER 2A"; the API calls the stop "LAURIER STATION". */
function stopDescription(platforms: SimStop[]): string {
  const first = platforms[0];
  if (first === undefined) return '';
  if (platforms.length === 1) return first.name;
  const platform = platforms.find((stop) => PLATFORM.test(stop.name));
  return platform ? `${platform.name.replace(PLATFORM, '')} STATION` : first.name;
}

function compareRouteNos(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isInteger(na) && Number.isInteger(nb)) return na - nb;
  return a.localeCompare(b);
}
