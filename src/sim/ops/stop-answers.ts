import { upcomingTrips, type UpcomingTrip } from '../arrivals/upcoming.js';
import type { RouteDirection, SimNetwork, StopCode } from '../network.js';
import { processingTimestamp, wallClock } from '../../gtfs-format/service-time.js';
import { API_ERROR_CODES } from '../../sources/octranspo-v12/index.js';

// The three stop operations as data, before any format: what the service would say about a stop
// at an instant. Credentials are checked before this (see server.ts).

/** The result element each answer sits in: AllRoutes answers as GetRouteSummaryForStop. */
export type ResultName = 'GetRouteSummaryForStop' | 'GetNextTripsForStop';

export type StopAnswer =
  | { kind: 'error'; result: ResultName; code: number }
  | { kind: 'summary'; stop: StopCode; routes: RouteDirection[] }
  | { kind: 'all-routes'; stop: StopCode; routes: { route: RouteDirection; trips: UpcomingTrip[] }[] }
  | { kind: 'next-trips'; stop: StopCode; processedAt: string; directions: DirectionAnswer[] };

export interface DirectionAnswer {
  routeNo: string;
  label: string;
  direction: string;
  /** Route-level error (11 bad route, 12 route not at stop). */
  error?: number;
  trips: UpcomingTrip[];
}

/** A stop number is four digits; anything else, or a code the network lacks, is error 10. */
function findStop(network: SimNetwork, stopNo: string | undefined): StopCode | undefined {
  return stopNo !== undefined && /^\d{4}$/.test(stopNo) ? network.stopCodes.get(stopNo) : undefined;
}

export function routeSummary(network: SimNetwork, stopNo: string | undefined): StopAnswer {
  const stop = findStop(network, stopNo);
  if (stop === undefined) return { kind: 'error', result: 'GetRouteSummaryForStop', code: API_ERROR_CODES.INVALID_STOP };
  return { kind: 'summary', stop, routes: stop.routes.map((atStop) => atStop.route) };
}

export function nextTripsAllRoutes(network: SimNetwork, stopNo: string | undefined, nowMs: number): StopAnswer {
  const stop = findStop(network, stopNo);
  if (stop === undefined) return { kind: 'error', result: 'GetRouteSummaryForStop', code: API_ERROR_CODES.INVALID_STOP };
  return {
    kind: 'all-routes',
    stop,
    routes: stop.routes.map((atStop) => ({ route: atStop.route, trips: upcomingTrips(network, atStop, nowMs) })),
  };
}

export function nextTrips(network: SimNetwork, stopNo: string | undefined, routeNo: string | undefined, nowMs: number): StopAnswer {
  const stop = findStop(network, stopNo);
  if (stop === undefined) return { kind: 'error', result: 'GetNextTripsForStop', code: API_ERROR_CODES.INVALID_STOP };
  const processedAt = processingTimestamp(wallClock(nowMs, network.timeZone));
  const asked = (routeNo ?? '').trim();
  const serving = stop.routes.filter((atStop) => atStop.route.routeNo.toLowerCase() === asked.toLowerCase());
  if (serving.length === 0) {
    const known = [...network.routeNos].some((no) => no.toLowerCase() === asked.toLowerCase());
    const error = known ? API_ERROR_CODES.STOP_NOT_ON_ROUTE : API_ERROR_CODES.INVALID_ROUTE;
    return { kind: 'next-trips', stop, processedAt, directions: [{ routeNo: asked, label: '', direction: '', error, trips: [] }] };
  }
  return {
    kind: 'next-trips',
    stop,
    processedAt,
    directions: serving.map((atStop) => ({
      routeNo: atStop.route.routeNo,
      label: atStop.route.heading,
      direction: atStop.route.direction,
      trips: upcomingTrips(network, atStop, nowMs),
    })),
  };
}

/** Any stop operation failing as a whole (bad credentials, data source down): only an Error. */
export function stopError(result: ResultName, code: number): StopAnswer {
  return { kind: 'error', result, code };
}
