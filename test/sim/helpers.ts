import { afterEach } from 'vitest';
import { DEMO_API_KEY, DEMO_APP_ID, startSimServer, type SimServer, type SimServerOptions } from '../../src/sim/index.js';

// Clocks the tests run the simulator at (Ottawa local time in the names; the instants are UTC).
export const AT = {
  /** Tuesday 2026-11-24 08:00 EST. */
  weekdayMorning: new Date('2026-11-24T13:00:00Z'),
  /** Tuesday 2026-11-24 23:30 EST. */
  weekdayLate: new Date('2026-11-25T04:30:00Z'),
  /** Wednesday 2026-11-25 00:40 EST: Tuesday's service still running. */
  afterMidnight: new Date('2026-11-25T05:40:00Z'),
  /** Wednesday 2026-11-25 01:45 EST: every route at Laurier has ended. */
  afterService: new Date('2026-11-25T06:45:00Z'),
  /** Saturday 2026-11-21 10:00 EST. */
  saturday: new Date('2026-11-21T15:00:00Z'),
  /** Sunday 2026-11-22 10:00 EST. */
  sunday: new Date('2026-11-22T15:00:00Z'),
  /** Sunday 2026-03-08 08:00 EDT, the morning clocks went forward. */
  springForward: new Date('2026-03-08T12:00:00Z'),
  /** Sunday 2026-11-01 08:00 EST, the morning clocks went back. */
  fallBack: new Date('2026-11-01T13:00:00Z'),
  /** Friday 2026-12-25 10:00 EST: Christmas runs the weekend service. */
  christmas: new Date('2026-12-25T15:00:00Z'),
} as const;

const open: SimServer[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** A simulator on a free port, closed after the test. */
export async function sim(options: SimServerOptions = {}): Promise<SimServer> {
  const server = await startSimServer(options);
  open.push(server);
  return server;
}

export function at(instant: Date): SimServerOptions {
  return { now: () => instant };
}

export interface Reply {
  status: number;
  contentType: string;
  body: string;
}

export const CREDENTIALS = { appID: DEMO_APP_ID, apiKey: DEMO_API_KEY };

export async function post(server: SimServer, operation: string, fields: Record<string, string>, credentials = CREDENTIALS): Promise<Reply> {
  const response = await fetch(`${server.url}/v1.2/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...credentials, ...fields }),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

/**
 * A JSON text read as the shape the test expects of it (`unknown` unless told). The shape is not
 * checked here: the test's own expectations do that, and one that is wrong fails them.
 */
export function json<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}

export async function postJson<T = unknown>(
  server: SimServer,
  operation: string,
  fields: Record<string, string>,
  credentials = CREDENTIALS,
): Promise<T> {
  const reply = await post(server, operation, { ...fields, format: 'json' }, credentials);
  return json<T>(reply.body);
}

// The v1.2 JSON answers, as far as the tests read them. The service writes a list of one entry as
// the bare entry, so a field that may hold several holds OneOrMany; `bare` and `list` say which
// one a test expects, and fail it otherwise.

export type OneOrMany<T> = T | T[];

export function bare<T>(value: OneOrMany<T>): T {
  if (Array.isArray(value)) throw new Error(`expected a single bare entry, got a list of ${value.length}`);
  return value;
}

export function list<T>(value: OneOrMany<T>): T[] {
  if (!Array.isArray(value)) throw new Error('expected a list, got a single bare entry');
  return value;
}

/** A route direction at a stop, in GetRouteSummaryForStop and GetNextTripsForStopAllRoutes. */
export interface JsonRoute {
  RouteNo: number | string;
  DirectionID: number;
  Direction: string;
  RouteHeading: string;
  /** AllRoutes only: a list, a bare trip or []. */
  Trips?: unknown;
}

/** GetRouteSummaryForStop and GetNextTripsForStopAllRoutes. */
export interface RouteSummaryReply {
  GetRouteSummaryForStopResult: {
    StopNo: string;
    StopDescription: string;
    Error: string;
    Routes: { Route: OneOrMany<JsonRoute> };
  };
}

export interface JsonRouteDirection {
  RouteNo: number | string;
  RouteLabel: string;
  Direction: string;
  Error: string;
  RequestProcessingTime: string;
  Trips: unknown;
}

/** GetNextTripsForStop. */
export interface NextTripsReply {
  GetNextTripsForStopResult: {
    StopNo: string;
    StopLabel: string;
    Error: string;
    Route: { RouteDirection: OneOrMany<JsonRouteDirection> };
  };
}

/** Gtfs: the query echoed, and the records (column values are checked, not assumed, to be strings). */
export interface GtfsReply {
  Query: Record<string, string>;
  Gtfs: Record<string, unknown>[];
}
