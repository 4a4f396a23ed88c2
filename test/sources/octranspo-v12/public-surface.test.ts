import { describe, expect, expectTypeOf, it } from 'vitest';
import * as transit from '../../../src/sources/octranspo-v12/index.js';
import type {
  GtfsQuery,
  IdentifierGrammar,
  StopArrivals,
  TransitClient,
  TransitClientOptions,
  TransitErrorKind,
} from '../../../src/sources/octranspo-v12/index.js';
import { fixture } from './helpers.js';

// What issue 2 promises from src/transit/index.ts, checked the way a caller would use it. The
// type assertions are checked by `tsc --noEmit` (the tests are part of the type-checked project).

describe('src/transit/index.ts', () => {
  it('creates a client from { baseUrl, appId, apiKey, format?, timeoutMs?, fetch? } with exactly the four methods and its identifier grammar', () => {
    const options: Required<Pick<TransitClientOptions, 'baseUrl' | 'appId' | 'apiKey' | 'format' | 'timeoutMs' | 'fetch'>> = {
      baseUrl: 'http://127.0.0.1:1',
      appId: 'app',
      apiKey: 'key',
      format: 'json',
      timeoutMs: 1000,
      fetch: globalThis.fetch,
    };
    const client = transit.createTransitClient(options);
    expect(Object.keys(client).sort()).toStrictEqual(['gtfs', 'identifiers', 'nextTrips', 'nextTripsAllRoutes', 'routeSummary']);
    const { identifiers, ...methods } = client;
    expect(Object.values(methods).every((method) => typeof method === 'function')).toBe(true);
    expect(identifiers).toBe(transit.V12_IDENTIFIERS);
    // The optional ones may be left out.
    expect(Object.keys(transit.createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: 'app', apiKey: 'key' }))).toHaveLength(5);

    expectTypeOf(client).toEqualTypeOf<TransitClient>();
    expectTypeOf<TransitClient['routeSummary']>().toEqualTypeOf<(stopNo: string) => Promise<StopArrivals>>();
    expectTypeOf<TransitClient['nextTrips']>().toEqualTypeOf<(stopNo: string, routeNo: string) => Promise<StopArrivals>>();
    expectTypeOf<TransitClient['nextTripsAllRoutes']>().toEqualTypeOf<(stopNo: string) => Promise<StopArrivals>>();
    expectTypeOf<TransitClient['gtfs']>().toEqualTypeOf<(query: GtfsQuery) => Promise<readonly Readonly<Record<string, string>>[]>>();
    expectTypeOf(client.identifiers).toEqualTypeOf<IdentifierGrammar>();
    expectTypeOf<TransitClientOptions['format']>().toEqualTypeOf<'xml' | 'json' | undefined>();
  });

  it('exports the four pure parsers, each taking (body, format)', () => {
    const parsers = [transit.parseRouteSummary, transit.parseNextTrips, transit.parseNextTripsAllRoutes, transit.parseGtfs];
    for (const parse of parsers) {
      expectTypeOf(parse).parameters.toEqualTypeOf<[body: string, format: 'xml' | 'json']>();
      expect(parse).toHaveLength(2);
    }
    expect(transit.parseRouteSummary(fixture('route-summary.json'), 'json').stopNo).toBe('7659');
    expect(transit.parseNextTrips(fixture('next-trips.xml'), 'xml').routes).toHaveLength(2);
    expect(transit.parseNextTripsAllRoutes(fixture('next-trips-all-routes.json'), 'json').stopNo).toBe('3022');
    expect(transit.parseGtfs(fixture('gtfs-routes.xml'), 'xml')).toHaveLength(1);
  });

  it('exports TransitError with kind and code, an Error with its own name', () => {
    const error = new transit.TransitError('api', 'API error 10', 10);
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.kind, error.code, error.message]).toStrictEqual(['TransitError', 'api', 10, 'API error 10']);
    expect(new transit.TransitError('timeout', 'late').code).toBeUndefined();
    expectTypeOf<TransitErrorKind>().toEqualTypeOf<'api' | 'http' | 'timeout' | 'network' | 'parse' | 'invalid-request' | 'loading'>();
    expectTypeOf(error.code).toEqualTypeOf<number | undefined>();
  });
});
