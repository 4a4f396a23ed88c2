import { TransitError } from './errors.js';
import { bodyToTree } from './body.js';
import { decodeBusType } from './bus-type.js';
import { excerpt, guard, parseFailure } from './fail.js';
import { locateResult } from './locate.js';
import type { ResponseFormat, RouteArrivals, StopArrivals, Trip } from './model.js';
import { parseOttawaTimestamp } from './ottawa-time.js';
import { child, childOf, entries, number, text, type Node } from './tree.js';

// Response body -> StopArrivals. Every quirk of the upstream lives here (and in tree.ts / body.ts):
// layouts, spellings, containers, empty values, errors in-band. Pure: no I/O, no clock.

// The upstream is loose about the result's name (AllRoutes answers as GetRouteSummaryForStop), so
// every operation accepts every known result name and the layout is read from the contents.
const RESULT_NAMES = [
  'GetRouteSummaryForStopResult',
  'GetNextTripsForStopResult',
  'GetNextTripsForStopAllRoutesResult',
  'RoutesForStopData',
  'StopInfo',
] as const;

/** Trips per route direction, by contract (spec section 8). */
const MAX_TRIPS = 3;

export function parseRouteSummary(body: string, format: ResponseFormat): StopArrivals {
  return parseStop(body, format, false);
}

export function parseNextTrips(body: string, format: ResponseFormat): StopArrivals {
  return parseStop(body, format, true);
}

export function parseNextTripsAllRoutes(body: string, format: ResponseFormat): StopArrivals {
  return parseStop(body, format, true);
}

function parseStop(body: string, format: ResponseFormat, withTrips: boolean): StopArrivals {
  return guard('parse', 'unreadable response', () => {
    const result = locateResult(bodyToTree(body, format), RESULT_NAMES);
    return readStop(result, withTrips);
  });
}

type ErrorField = { kind: 'none' } | { kind: 'code'; code: number } | { kind: 'text'; text: string };

/**
 * The Error field holds a code ("10") or nothing. Non-numeric text is not a code: the real
 * captures carry test placeholders ("TestErrorStringHere") beside good data.
 * "0" is read as no error.
 */
function readError(value: unknown): ErrorField {
  const raw = text(value);
  if (raw === '') return { kind: 'none' };
  if (/^\d{1,6}$/.test(raw)) {
    const code = Number(raw);
    return code === 0 ? { kind: 'none' } : { kind: 'code', code };
  }
  return { kind: 'text', text: raw };
}

function readStop(result: Node, withTrips: boolean): StopArrivals {
  const error = readError(child(result, 'Error'));
  if (error.kind === 'code') throw new TransitError('api', `API error ${error.code}`, error.code);
  const stopNoValue = child(result, 'StopNo');
  const layout = routeLayout(result);
  if (stopNoValue === undefined && layout === undefined) {
    // Text in Error with nothing else: the upstream refused in words we cannot classify.
    if (error.kind === 'text') throw new TransitError('api', `API error ${excerpt(error.text)}`);
    throw parseFailure('the result holds neither a stop nor routes');
  }
  const routeEntries = layout === undefined ? [] : layout.entriesOf(result);
  const stop: StopArrivals = {
    stopNo: readStopNo(stopNoValue),
    stopName: text(childOf(result, STOP_NAME)),
    routes: layout === undefined ? [] : layout.read(routeEntries, withTrips),
  };
  const requestedAt = readRequestedAt(result, routeEntries);
  if (requestedAt) stop.requestedAt = requestedAt;
  return stop;
}

const STOP_NAME = ['StopDescription', 'StopLabel'];

/** JSON may give the stop as a number, which has lost its leading zeros ("0867" -> 867). */
function readStopNo(value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value).padStart(4, '0');
  return text(value);
}

interface Layout {
  entriesOf(result: Node): Node[];
  read(routeEntries: Node[], withTrips: boolean): RouteArrivals[];
}

/** The three layouts: Routes/Route (summary, all routes), Route/RouteDirection (next trips), RouteSummaryData. */
function routeLayout(result: Node): Layout | undefined {
  if (child(result, 'Routes') !== undefined) return flatLayout('Routes', 'Route');
  if (child(result, 'Route') !== undefined) return flatLayout('Route', 'RouteDirection');
  if (child(result, 'RouteSummaryData') !== undefined) return summaryDataLayout;
  return undefined;
}

function flatLayout(containerName: string, itemName: string): Layout {
  return {
    entriesOf: (result) => entries(child(result, containerName), itemName, containerName),
    read: (routeEntries, withTrips) => routeEntries.map((entry) => readRoute(entry, text(child(entry, 'RouteNo')), withTrips)),
  };
}

/** RouteSummaryData entries each hold a RouteNo and Directions/DirectionData (spec 2.1). */
const summaryDataLayout: Layout = {
  entriesOf: (result) => entries(child(result, 'RouteSummaryData'), 'RouteSummaryData', 'RouteSummaryData'),
  read(routeEntries, withTrips) {
    const routes: RouteArrivals[] = [];
    for (const data of routeEntries) {
      const routeNo = text(child(data, 'RouteNo'));
      for (const direction of entries(child(data, 'Directions'), 'DirectionData', 'Directions')) {
        routes.push(readRoute(direction, routeNo, withTrips));
      }
    }
    return routes;
  },
};

function readRoute(entry: Node, routeNo: string, withTrips: boolean): RouteArrivals {
  if (routeNo === '') throw parseFailure('a route without RouteNo');
  const route: RouteArrivals = {
    routeNo,
    direction: text(childOf(entry, DIRECTION)),
    heading: text(childOf(entry, HEADING)),
    trips: withTrips ? readTrips(child(entry, 'Trips')) : [],
  };
  const directionId = number(childOf(entry, DIRECTION_ID));
  if (directionId !== undefined && Number.isInteger(directionId)) route.directionId = directionId;
  const error = readError(child(entry, 'Error'));
  if (error.kind === 'code') route.error = error.code;
  return route;
}

const DIRECTION = ['Direction', 'DirDescription'];
const HEADING = ['RouteHeading', 'RouteLabel'];
const DIRECTION_ID = ['DirectionID', 'DirectionId'];
const SPEED = ['GPSSpeed', 'Speed', 'SPEED'];

function readTrips(container: unknown): Trip[] {
  const list = entries(container, 'Trip', 'Trips');
  const trips: Trip[] = [];
  for (let i = 0; i < list.length && i < MAX_TRIPS; i++) trips.push(readTrip(list[i] as Node));
  return trips;
}

function readTrip(entry: Node): Trip {
  const minutesAway = number(child(entry, 'AdjustedScheduleTime'));
  if (minutesAway === undefined) {
    throw parseFailure(`a trip without a numeric AdjustedScheduleTime (${excerpt(text(child(entry, 'AdjustedScheduleTime')))})`);
  }
  const age = number(child(entry, 'AdjustmentAge'));
  // A negative age (-1, -2) means the time is the plan; any coordinates are stale, not a position.
  const live = age !== undefined && age >= 0;
  const trip: Trip = {
    destination: text(child(entry, 'TripDestination')),
    startTime: text(child(entry, 'TripStartTime')),
    minutesAway,
    live,
    lastTrip: readFlag(child(entry, 'LastTripOfSchedule')),
    bus: decodeBusType(text(child(entry, 'BusType'))),
  };
  if (live) {
    trip.gpsAgeMinutes = age;
    const position = readPosition(entry);
    if (position) trip.position = position;
  }
  return trip;
}

/** true / "true" (any case) mean true; an empty element, "false" or anything else mean false. */
function readFlag(value: unknown): boolean {
  return value === true || text(value).toLowerCase() === 'true';
}

function readPosition(entry: Node): Trip['position'] {
  const lat = number(child(entry, 'Latitude'));
  const lon = number(child(entry, 'Longitude'));
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  const position: NonNullable<Trip['position']> = { lat, lon };
  const speed = number(childOf(entry, SPEED));
  if (speed !== undefined) position.speedKmh = speed;
  return position;
}

/** RequestProcessingTime sits on each RouteDirection (next trips) or, in some layouts, on the result. */
function readRequestedAt(result: Node, routeEntries: Node[]): Date | undefined {
  for (const holder of [result, ...routeEntries]) {
    const stamp = text(child(holder, 'RequestProcessingTime'));
    if (stamp !== '') {
      const date = parseOttawaTimestamp(stamp);
      if (date) return date;
    }
  }
  return undefined;
}
