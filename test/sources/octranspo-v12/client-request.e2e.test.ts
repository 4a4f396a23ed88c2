import { afterEach, describe, expect, it } from 'vitest';
import { createTransitClient, V12_IDENTIFIERS } from '../../../src/sources/octranspo-v12/index.js';
import { API_KEY, APP_ID, fixtureScript, startUpstream, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { bus, rejection, thrown } from './helpers.js';

// The client against a real HTTP server on 127.0.0.1: what it sends, and what it makes of answers.

let upstream: Upstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const FIXTURES = {
  GetRouteSummaryForStop: 'route-summary',
  GetNextTripsForStop: 'next-trips',
  GetNextTripsForStopAllRoutes: 'next-trips-all-routes-single-route',
  Gtfs: 'gtfs-stops',
};

describe('requests', () => {
  it('sends GetNextTripsForStop as a form POST with every field, XML by default', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const stop = await clientFor(upstream).nextTrips('3020', '94');
    expect(upstream.violations).toStrictEqual([]);
    expect(upstream.requests).toStrictEqual([
      {
        method: 'POST',
        path: '/v1.2/GetNextTripsForStop',
        contentType: 'application/x-www-form-urlencoded',
        operation: 'GetNextTripsForStop',
        form: { appID: APP_ID, apiKey: API_KEY, stopNo: '3020', routeNo: '94', format: 'XML' },
      },
    ]);
    expect(stop.stopNo).toBe('3020');
    expect(stop.routes.map((r) => r.heading)).toStrictEqual(['Riverview', 'Millennium']);
  });

  it('sends GetRouteSummaryForStop without a routeNo, and asks for JSON on request', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const stop = await clientFor(upstream, { format: 'json' }).routeSummary('7659');
    expect(upstream.requests[0]?.path).toBe('/v1.2/GetRouteSummaryForStop');
    expect(upstream.requests[0]?.form).toStrictEqual({ appID: APP_ID, apiKey: API_KEY, stopNo: '7659', format: 'JSON' });
    expect(stop.routes.map((r) => r.routeNo)).toStrictEqual(['6', '7', 'R2']);
  });

  it('sends GetNextTripsForStopAllRoutes and tolerates a trailing slash on baseUrl', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const client = clientFor(upstream, { baseUrl: `${upstream.baseUrl}/` });
    const stop = await client.nextTripsAllRoutes('4442');
    expect(upstream.violations).toStrictEqual([]);
    expect(upstream.requests[0]?.path).toBe('/v1.2/GetNextTripsForStopAllRoutes');
    expect(upstream.requests[0]?.form).toStrictEqual({ appID: APP_ID, apiKey: API_KEY, stopNo: '4442', format: 'XML' });
    expect(stop.routes[0]?.trips[0]?.bus).toStrictEqual(bus('4E - DEH', { length: 40, lowFloor: true, hybrid: true }));
  });

  it('gives the same model over XML and over JSON', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const overXml = await clientFor(upstream).nextTrips('3020', '94');
    const overJson = await clientFor(upstream, { format: 'json' }).nextTrips('3020', '94');
    expect(overJson).toStrictEqual(overXml);
  });

  it('sends Gtfs with the query fields and a lower-case format', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const records = await clientFor(upstream, { format: 'json' }).gtfs({
      table: 'stops',
      column: 'stop_code',
      value: '3017',
      orderBy: 'stop_id',
      limit: 2,
    });
    expect(upstream.requests[0]?.path).toBe('/v1.2/Gtfs');
    expect(upstream.requests[0]?.form).toStrictEqual({
      appID: APP_ID,
      apiKey: API_KEY,
      table: 'stops',
      column: 'stop_code',
      value: '3017',
      order_by: 'stop_id',
      limit: '2',
      format: 'json',
    });
    expect(records.map((r) => r.stop_id)).toStrictEqual(['SH900', 'SH905']);
  });

  it('reads a Gtfs XML answer by default, ids from attributes', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const records = await clientFor(upstream).gtfs({ table: 'stops', id: '4971' });
    expect(upstream.requests[0]?.form).toStrictEqual({ appID: APP_ID, apiKey: API_KEY, table: 'stops', id: '4971', format: 'xml' });
    expect(records.map((r) => [r.id, r.stop_id, r.stop_name])).toStrictEqual([
      ['4971', 'SH900', 'BASELINE 1B'],
      ['4972', 'SH905', "BASELINE 1C & O'Keefe"],
    ]);
  });

  it('fills in the asked stop when the answer has none (alternative layout)', async () => {
    upstream = await startUpstream(fixtureScript({ GetRouteSummaryForStop: 'route-summary-alt-layout' }));
    const stop = await clientFor(upstream).routeSummary('3017');
    expect(stop.stopNo).toBe('3017');
    expect(stop.routes).toHaveLength(3);
  });

  it('sends a trimmed, upper-case route number', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    await clientFor(upstream).nextTrips(' 3020 ', 'r2');
    expect(upstream.requests[0]?.form.stopNo).toBe('3020');
    expect(upstream.requests[0]?.form.routeNo).toBe('R2');
  });
});

describe('invalid requests never reach the network', () => {
  it.each([
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips('30200', '94'), 'stop number must have 4 digits, got 5'],
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips('3020', '99999'), 'route number must be 1-3 digits, or up to 4 letters'],
    ['routeSummary', (c: ReturnType<typeof clientFor>) => c.routeSummary('abc'), 'stop number must have 4 digits only, got "abc"'],
    ['nextTripsAllRoutes', (c: ReturnType<typeof clientFor>) => c.nextTripsAllRoutes('12'), 'stop number must have 4 digits, got 2'],
    ['gtfs', (c: ReturnType<typeof clientFor>) => c.gtfs({ table: 'stops' }), 'gtfs: stops needs a filter'],
    // The source grammar: a route has at least one digit and at most four characters.
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips('3020', 'ABCD'), 'route number must be 1-3 digits, or up to 4 letters'],
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips('3020', 'AB123C'), 'route number must be 1-3 digits, or up to 4 letters'],
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips(3020 as unknown as string, '94'), 'stop number must be a string'],
    ['nextTrips', (c: ReturnType<typeof clientFor>) => c.nextTrips('3020', null as unknown as string), 'route number must be a string'],
  ])('%s: %s', async (_name, call, message) => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const error = await rejection(call(clientFor(upstream)));
    expect(error.kind).toBe('bad-request');
    expect(error.message.startsWith(message)).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('identifiers', () => {
  it('the client exposes the grammar it validates with', () => {
    const client = createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: 'a', apiKey: 'k' });
    expect(client.identifiers).toBe(V12_IDENTIFIERS);
    expect(client.identifiers.readRoute('r2')).toStrictEqual({ ok: true, value: 'R2' });
  });
});

describe('in-band API errors', () => {
  it('rejects with the stop-level code', async () => {
    upstream = await startUpstream(fixtureScript({ GetRouteSummaryForStop: 'route-summary-error-10' }));
    const error = await rejection(clientFor(upstream).routeSummary('0000'));
    expect([error.kind, error.code]).toStrictEqual(['unknown-stop', 10]);
  });

  it('keeps a route-level code on its route while the other direction keeps its trips', async () => {
    upstream = await startUpstream(fixtureScript({ GetNextTripsForStop: 'next-trips-quirks' }));
    const stop = await clientFor(upstream).nextTrips('3017', '95');
    expect(stop.routes.map((r) => [r.direction, r.problem, r.trips.length])).toStrictEqual([
      ['Westbound', undefined, 3],
      ['Eastbound', { kind: 'route-not-at-stop', code: 12 }, 0],
    ]);
  });
});

describe('createTransitClient', () => {
  it.each([
    [{ baseUrl: 'ftp://example.com', appId: 'a', apiKey: 'k' }, 'baseUrl must be an http(s) URL'],
    [{ baseUrl: 'not a url', appId: 'a', apiKey: 'k' }, 'baseUrl must be an http(s) URL'],
    [{ baseUrl: 'http://127.0.0.1:1', appId: '', apiKey: 'k' }, 'appId is required'],
    [{ baseUrl: 'http://127.0.0.1:1', appId: 'a', apiKey: '' }, 'apiKey is required'],
  ])('refuses %j', (options, message) => {
    const error = thrown(() => createTransitClient(options));
    expect([error.kind, error.message]).toStrictEqual(['bad-request', message]);
  });

  // A NaN time-to-live would keep answers forever (no time is >= NaN); a NaN or negative timeout
  // would fire at once. Settings come from the environment, so they are checked, not trusted.
  it.each([
    [{ timeoutMs: Number.NaN }, 'timeoutMs must be a positive number of milliseconds (at most 2147483647), got NaN'],
    [{ timeoutMs: 0 }, 'timeoutMs must be a positive number of milliseconds (at most 2147483647), got 0'],
    [{ timeoutMs: Number.POSITIVE_INFINITY }, 'timeoutMs must be a positive number of milliseconds (at most 2147483647), got Infinity'],
    [{ retryDelayMs: -1 }, 'retryDelayMs must be a number of milliseconds (0 to 2147483647), got -1'],
    [{ cacheTtlMs: { nextTrips: Number.NaN } }, 'cacheTtlMs.nextTrips must be a number of milliseconds (0 or more), got NaN'],
    [{ cacheTtlMs: { routeSummary: -5 } }, 'cacheTtlMs.routeSummary must be a number of milliseconds (0 or more), got -5'],
    [{ cacheTtlMs: { gtfs: '60' as unknown as number } }, 'cacheTtlMs.gtfs must be a number of milliseconds (0 or more), got "60"'],
    [{ cacheMaxEntries: 1.5 }, 'cacheMaxEntries must be a whole number (0 or more), got 1.5'],
    [{ cacheMaxBytes: Number.NaN }, 'cacheMaxBytes must be a whole number (0 or more), got NaN'],
    [{ format: 'csv' as 'xml' }, 'format must be xml or json, got "csv"'],
  ])('refuses the setting %j', (settings, message) => {
    const error = thrown(() => createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: 'a', apiKey: 'k', ...settings }));
    expect([error.kind, error.message]).toStrictEqual(['bad-request', message]);
  });
});
