import { bodyToTree } from './body.js';
import { excerpt, guard, parseFailure } from './fail.js';
import { V12_IDENTIFIERS } from './identifiers.js';
import { apiError, routeProblem } from './api-codes.js';
import { locateResult } from './locate.js';
import type { RouteArrivals, StopArrivals } from '../../domain/arrivals.js';
import type { ResponseFormat } from './options.js';
import { OTTAWA_TIME_ZONE, parseOttawaTimestamp } from './ottawa-time.js';
import { child, childOf, entries, number, text, type Node } from './tree.js';
import { readTrips } from './trip.js';

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

export function parseRouteSummary(body: string, format: ResponseFormat): StopArrivals {
  return parseStopAnswer(body, format, { withTrips: false });
}

export function parseNextTrips(body: string, format: ResponseFormat): StopArrivals {
  return parseStopAnswer(body, format, { withTrips: true });
}

export function parseNextTripsAllRoutes(body: string, format: ResponseFormat): StopArrivals {
  return parseStopAnswer(body, format, { withTrips: true });
}

export interface StopAnswerOptions {
  /** false for a route summary: its routes have empty `trips`. */
  withTrips: boolean;
  /** Run over every decoded text before it is read (see tree-scrub.ts); the client passes its key scrub. */
  clean?: (text: string) => string;
}

/** Any stop operation's answer; the client's entry point, the exported parsers' common body. */
export function parseStopAnswer(body: string, format: ResponseFormat, options: StopAnswerOptions): StopArrivals {
  return guard('unreadable response', () => {
    refuseTooManyRoutes(body, format);
    const tree = bodyToTree(body, format, options.clean ? { clean: options.clean } : {});
    return readStop(locateResult(tree, RESULT_NAMES), options.withTrips);
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
  if (error.kind === 'code') throw apiError(error.code, `API error ${error.code}`);
  const stopNoValue = child(result, 'StopNo');
  const layout = routeLayout(result);
  if (stopNoValue === undefined && layout === undefined) {
    // Text in Error with nothing else: the upstream refused in words we cannot classify.
    if (error.kind === 'text') throw apiError(undefined, `API error ${excerpt(error.text)}`);
    throw parseFailure('the result holds neither a stop nor routes');
  }
  const { items, holders } = layout === undefined ? { items: [], holders: [] } : layout.itemsOf(result);
  // Counted before any is read: a broken upstream once sent 48,000, each costing memory and time.
  if (items.length > MAX_ROUTES) throw parseFailure(`a stop with ${items.length} route directions (at most ${MAX_ROUTES} are read)`);
  const requestedAt = readRequestedAt(result, holders);
  return {
    stopNo: readStopNo(stopNoValue),
    stopName: text(childOf(result, STOP_NAME)),
    ...(requestedAt ? { requestedAt } : {}),
    timeZone: OTTAWA_TIME_ZONE,
    routes: items.map((item) => readRoute(item.entry, readRouteNo(item.routeNo), withTrips)),
  };
}

/**
 * Route directions a stop may have. The busiest stations have a few dozen; an answer with more
 * than this is broken, and is refused rather than cut (which routes would we drop?).
 */
export const MAX_ROUTES = 300;

// Each route direction has a RouteNo (the alternative layout shares one among its directions),
// so more RouteNo elements than MAX_ROUTES means too many directions. Counting them is a quick
// scan; parsing first cost most of a second for a 2 MB XML answer of 33,000 routes.
const ROUTE_NO = { xml: /<(?:[\w.-]+:)?RouteNo[\s/>]/g, json: /"RouteNo"\s*:/g } as const;

function refuseTooManyRoutes(body: string, format: ResponseFormat): void {
  const count = body.match(ROUTE_NO[format])?.length ?? 0;
  if (count > MAX_ROUTES) throw parseFailure(`a stop with more than ${MAX_ROUTES} route directions (${count} RouteNo elements)`);
}

const STOP_NAME = ['StopDescription', 'StopLabel'];

/**
 * "" when absent (the client fills in the stop it asked about); otherwise a stop number by the
 * source's grammar, or the answer is refused: buttons and saved stops are built from it. JSON may
 * give it as a number, which has lost its leading zeros ("0867" -> 867).
 */
function readStopNo(value: unknown): string {
  const raw = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9999 ? String(value).padStart(4, '0') : text(value);
  if (raw === '') return '';
  const reading = V12_IDENTIFIERS.readStop(raw);
  if (!reading.ok) throw parseFailure(`StopNo ${excerpt(raw)} is not a stop number`);
  return reading.value;
}

/** A route number by the source's grammar, in its canonical form ("r2" -> "R2"), or the answer is refused. */
function readRouteNo(value: unknown): string {
  const raw = text(value);
  if (raw === '') throw parseFailure('a route without RouteNo');
  const reading = V12_IDENTIFIERS.readRoute(raw);
  if (!reading.ok) throw parseFailure(`RouteNo ${excerpt(raw)} is not a route number`);
  return reading.value;
}

/** One route direction to read: its element, and the RouteNo that names it. */
interface RouteItem {
  entry: Node;
  routeNo: unknown;
}

interface Layout {
  /** The route directions, and the elements that may carry a RequestProcessingTime. */
  itemsOf(result: Node): { items: RouteItem[]; holders: Node[] };
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
    itemsOf(result) {
      const list = entries(child(result, containerName), itemName, containerName);
      return { items: list.map((entry) => ({ entry, routeNo: child(entry, 'RouteNo') })), holders: list };
    },
  };
}

/** RouteSummaryData entries each hold a RouteNo and Directions/DirectionData (spec 2.1). */
const summaryDataLayout: Layout = {
  itemsOf(result) {
    const data = entries(child(result, 'RouteSummaryData'), 'RouteSummaryData', 'RouteSummaryData');
    const items: RouteItem[] = [];
    for (const route of data) {
      const routeNo = child(route, 'RouteNo');
      for (const entry of entries(child(route, 'Directions'), 'DirectionData', 'Directions')) items.push({ entry, routeNo });
    }
    return { items, holders: data };
  },
};

function readRoute(entry: Node, routeNo: string, withTrips: boolean): RouteArrivals {
  // The API's direction ids are 0 and 1; anything else is left out (it only orders directions).
  const directionId = number(childOf(entry, DIRECTION_ID));
  const error = readError(child(entry, 'Error'));
  return {
    routeNo,
    ...(directionId === 0 || directionId === 1 ? { directionId } : {}),
    direction: text(childOf(entry, DIRECTION)),
    heading: text(childOf(entry, HEADING)),
    ...(error.kind === 'code' ? { problem: routeProblem(error.code) } : {}),
    trips: withTrips ? readTrips(child(entry, 'Trips')) : [],
  };
}

const DIRECTION = ['Direction', 'DirDescription'];
const HEADING = ['RouteHeading', 'RouteLabel'];
const DIRECTION_ID = ['DirectionID', 'DirectionId'];

/** A request time outside these years is a broken clock upstream, left out of the model. */
const REQUESTED_AT = { from: Date.UTC(2000, 0, 1), to: Date.UTC(2100, 0, 1) } as const;

/** RequestProcessingTime sits on each RouteDirection (next trips) or, in some layouts, on the result. */
function readRequestedAt(result: Node, holders: Node[]): Date | undefined {
  for (const holder of [result, ...holders]) {
    const stamp = text(child(holder, 'RequestProcessingTime'));
    if (stamp !== '') {
      const date = parseOttawaTimestamp(stamp);
      if (date && date.getTime() >= REQUESTED_AT.from && date.getTime() < REQUESTED_AT.to) return date;
    }
  }
  return undefined;
}
