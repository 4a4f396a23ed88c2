import { describe, expect, it } from 'vitest';
import { createTransitClient, type ResponseFormat, type V12Client } from '../../src/sources/octranspo-v12/index.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { SimServer } from '../../src/sim/index.js';
import { AT, at, sim } from './helpers.js';

// The proof that the simulator speaks v1.2 as the client understands it: the real client, over
// real HTTP, every operation, both formats, the error codes and a fault.

function clientFor(server: SimServer, format: ResponseFormat, apiKey = 'demo-key-0000'): V12Client {
  return createTransitClient({
    baseUrl: server.url,
    appId: 'arrivals-demo',
    apiKey,
    format,
    timeoutMs: 5000,
    retryDelayMs: 1,
    cacheTtlMs: { nextTrips: 0, routeSummary: 0, gtfs: 0 },
  });
}

async function failure(promise: Promise<unknown>): Promise<{ kind: string; reason?: string; code?: number }> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(TransitError);
    const { kind, reason, code } = err as TransitError;
    return { kind, ...(reason !== undefined ? { reason } : {}), ...(code !== undefined ? { code } : {}) };
  }
  throw new Error('expected the call to fail');
}

describe.each(['xml', 'json'] as const)('the transit client against the simulator (%s)', (format) => {
  it('reads the route summary of a stop', async () => {
    const client = clientFor(await sim(at(AT.weekdayMorning)), format);
    const stop = await client.routeSummary('3020');
    expect(stop.stopNo).toBe('3020');
    expect(stop.stopName).toBe('LAURIER STATION');
    expect(stop.routes.map((r) => [r.routeNo, r.directionId, r.direction, r.heading])).toEqual([
      ['94', 0, 'Eastbound', 'Millennium'],
      ['94', 1, 'Westbound', 'Riverview'],
      ['95', 0, 'Eastbound', 'Orléans'],
      ['95', 1, 'Westbound', 'Barrhaven Centre'],
      ['97', 0, 'Eastbound', 'Airport / Aéroport'],
      ['97', 1, 'Westbound', 'Bells Corners'],
    ]);
    expect(stop.routes.every((r) => r.trips.length === 0)).toBe(true);
  });

  it('reads the next trips of one route, with the request time, live and scheduled trips', async () => {
    const client = clientFor(await sim(at(AT.weekdayMorning)), format);
    const stop = await client.nextTrips('3020', '95');
    expect(stop.requestedAt?.toISOString()).toBe(AT.weekdayMorning.toISOString());
    expect(stop.routes.map((r) => [r.routeNo, r.direction, r.heading])).toEqual([
      ['95', 'Eastbound', 'Orléans'],
      ['95', 'Westbound', 'Barrhaven Centre'],
    ]);
    const trips = stop.routes.flatMap((r) => r.trips);
    expect(trips).toHaveLength(6);
    expect(trips.some((t) => t.trust !== 'scheduled' && t.position !== undefined && t.gpsAgeMinutes !== undefined)).toBe(true);
    expect(trips.some((t) => t.trust === 'scheduled' && t.position === undefined)).toBe(true);
    expect(stop.routes[0]?.trips.map((t) => t.startTime)).toEqual(['07:42', '07:48', '07:54']);
  });

  it('reads the next trips of all routes, with the last trip flag and decoded bus types', async () => {
    const client = clientFor(await sim(at(AT.weekdayLate)), format);
    const stop = await client.nextTripsAllRoutes('3020');
    const east97 = stop.routes.find((r) => r.routeNo === '97' && r.directionId === 0);
    expect(east97?.trips.map((t) => [t.startTime, t.lastTrip])).toEqual([
      ['23:30', false],
      ['24:00', false],
      ['24:30', true],
    ]);
    const buses = stop.routes.flatMap((r) => r.trips.map((t) => t.bus));
    expect(buses.length).toBeGreaterThan(0);
    expect(buses.every((bus) => bus.raw !== '' && bus.length !== undefined)).toBe(true);
  });

  it('queries Gtfs tables', async () => {
    const client = clientFor(await sim(), format);
    const platforms = await client.gtfs({ table: 'stops', column: 'stop_code', value: '3017', orderBy: 'stop_id', direction: 'desc', limit: 2 });
    expect(platforms.map((p) => [p.stop_id, p.stop_name])).toEqual([
      ['SH935', 'BASELINE 2B'],
      ['SH930', 'BASELINE 2A'],
    ]);
    const route = await client.gtfs({ table: 'routes', id: '6' });
    expect(route).toEqual([{ id: '6', route_id: '95-184', route_short_name: '95', route_long_name: '', route_desc: '', route_type: '3' }]);
  });

  it('refuses a wrong key, an unknown stop, and the route that does not serve the stop', async () => {
    const server = await sim(at(AT.weekdayMorning));
    expect(await failure(clientFor(server, format, 'wrong-key').nextTripsAllRoutes('3020'))).toEqual({ kind: 'refused-credentials', code: 1 });
    const client = clientFor(server, format);
    expect(await failure(client.routeSummary('9999'))).toEqual({ kind: 'unknown-stop', code: 10 });
    expect(await failure(client.nextTrips('9999', '95'))).toEqual({ kind: 'unknown-stop', code: 10 });
    const notServed = await client.nextTrips('3020', '7');
    expect(notServed.routes).toHaveLength(1);
    expect(notServed.routes[0]).toMatchObject({ routeNo: '7', problem: { kind: 'route-not-at-stop', code: 12 }, trips: [] });
    const unknown = await client.nextTrips('3020', '999');
    expect(unknown.routes[0]?.problem).toStrictEqual({ kind: 'unknown-route', code: 11 });
  });

  it('survives one HTTP 500 by its retry, and reports faults that last', async () => {
    const server = await sim(at(AT.weekdayMorning));
    const client = clientFor(server, format);
    server.setFaults({ failure: 'http-500', count: 1 });
    expect((await client.routeSummary('3022')).stopName).toBe('LEES STATION');
    server.setFaults({ failure: 'http-500', count: 2 });
    expect(await failure(client.routeSummary('3022'))).toEqual({ kind: 'unavailable', reason: 'http', code: 500 });
    server.setFaults({ failure: 'error-2' });
    expect(await failure(client.nextTripsAllRoutes('3022'))).toEqual({ kind: 'unavailable', reason: 'upstream', code: 2 });
    server.setFaults({ failure: 'truncated' });
    expect(await failure(client.nextTripsAllRoutes('3022'))).toEqual({ kind: 'unavailable', reason: 'malformed' });
    server.setFaults({ failure: 'html' });
    expect(await failure(client.nextTripsAllRoutes('3022'))).toEqual({ kind: 'unavailable', reason: 'malformed' });
    server.setFaults({});
    expect((await client.nextTripsAllRoutes('3022')).routes.length).toBeGreaterThan(0);
  });
});
