import { describe, expect, expectTypeOf, it } from 'vitest';
import * as transit from '../../../src/sources/octranspo-v12/index.js';
import type { GtfsQuery, TransitClientOptions, V12Client } from '../../../src/sources/octranspo-v12/index.js';
import type { IdentifierGrammar } from '../../../src/domain/identifiers.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import type { SourceProfile, StopDetails, TransitSource } from '../../../src/domain/transit-source.js';
import { fixture } from './helpers.js';

// What src/sources/octranspo-v12/index.ts promises, checked the way a caller would use it. The
// type assertions are checked by `tsc --noEmit` (the tests are part of the type-checked project).

describe('src/sources/octranspo-v12/index.ts', () => {
  it('creates a transit source from { baseUrl, appId, apiKey, format?, timeoutMs?, fetch? }, with its identifier grammar, its profile and the Gtfs operation', () => {
    const options: Required<Pick<TransitClientOptions, 'baseUrl' | 'appId' | 'apiKey' | 'format' | 'timeoutMs' | 'fetch'>> = {
      baseUrl: 'http://127.0.0.1:1',
      appId: 'app',
      apiKey: 'key',
      format: 'json',
      timeoutMs: 1000,
      fetch: globalThis.fetch,
    };
    const client = transit.createTransitClient(options);
    expect(Object.keys(client).sort()).toStrictEqual([
      'gtfs',
      'identifiers',
      'nextTrips',
      'nextTripsAllRoutes',
      'profile',
      'routeSummary',
      'stopDetails',
    ]);
    const { identifiers, ...methods } = client;
    expect(Object.values(methods).every((method) => typeof method === 'function')).toBe(true);
    expect(identifiers).toBe(transit.V12_IDENTIFIERS);
    // The optional ones may be left out.
    expect(Object.keys(transit.createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: 'app', apiKey: 'key' }))).toHaveLength(7);
    expect(client.profile()).toStrictEqual({
      agencies: ['OC Transpo'],
      timeZone: 'America/Toronto',
      examples: { stop: '3017', route: '95', name: 'rideau' },
      stopDigits: 4,
      vehicles: 'bus',
    });

    expectTypeOf(client).toEqualTypeOf<V12Client>();
    expectTypeOf(client).toMatchTypeOf<TransitSource>();
    expectTypeOf<TransitSource['stopDetails']>().toEqualTypeOf<(stopNo: string) => Promise<StopDetails>>();
    expectTypeOf<TransitSource['profile']>().toEqualTypeOf<() => SourceProfile>();
    expectTypeOf<TransitSource['routeSummary']>().toEqualTypeOf<(stopNo: string) => Promise<StopArrivals>>();
    expectTypeOf<TransitSource['nextTrips']>().toEqualTypeOf<(stopNo: string, routeNo: string) => Promise<StopArrivals>>();
    expectTypeOf<TransitSource['nextTripsAllRoutes']>().toEqualTypeOf<(stopNo: string) => Promise<StopArrivals>>();
    expectTypeOf<V12Client['gtfs']>().toEqualTypeOf<(query: GtfsQuery) => Promise<readonly Readonly<Record<string, string>>[]>>();
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
});
