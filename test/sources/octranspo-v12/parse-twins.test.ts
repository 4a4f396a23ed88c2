import { describe, expect, it } from 'vitest';
import { parseGtfs, parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { fixture, KIND_OF_CODE } from './helpers.js';

// The same data in XML and in JSON must give the same model, whatever shapes each format uses.

const PAIRS: Array<[string, string, (body: string, format: 'xml' | 'json') => unknown]> = [
  ['route-summary.xml', 'route-summary.json', parseRouteSummary],
  ['route-summary-alt-layout.xml', 'route-summary-alt-layout.json', parseRouteSummary],
  ['route-summary-prefixed.xml', 'route-summary-prefixed.json', parseRouteSummary],
  ['next-trips.xml', 'next-trips.json', parseNextTrips],
  ['next-trips-quirks.xml', 'next-trips-quirks.json', parseNextTrips],
  ['next-trips-single-direction.xml', 'next-trips-single-direction.json', parseNextTrips],
  ['next-trips-two-directions.xml', 'next-trips-two-directions.json', parseNextTrips],
  ['next-trips-all-routes.xml', 'next-trips-all-routes-3020.json', parseNextTripsAllRoutes],
  ['next-trips-all-routes-3022.xml', 'next-trips-all-routes.json', parseNextTripsAllRoutes],
  ['next-trips-all-routes-single-route.xml', 'next-trips-all-routes-single-route.json', parseNextTripsAllRoutes],
  ['next-trips-all-routes-containers.xml', 'next-trips-all-routes-containers.json', parseNextTripsAllRoutes],
  ['gtfs-stops.xml', 'gtfs-stops.json', parseGtfs],
  ['gtfs-routes.xml', 'gtfs-routes.json', parseGtfs],
  ['gtfs-empty.xml', 'gtfs-empty.json', parseGtfs],
];

function outcome(parse: (body: string, format: 'xml' | 'json') => unknown, name: string): unknown {
  try {
    return parse(fixture(name), name.endsWith('.json') ? 'json' : 'xml');
  } catch (err) {
    return err instanceof TransitError ? { kind: err.kind, code: err.code } : err;
  }
}

describe('XML and JSON twins give identical models', () => {
  it.each(PAIRS)('%s = %s', (xmlName, jsonName, parse) => {
    const fromXml = outcome(parse, xmlName);
    const fromJson = outcome(parse, jsonName);
    expect(fromXml).not.toBeInstanceOf(Error);
    expect(fromJson).toStrictEqual(fromXml);
  });

  const ERROR_PAIRS = [
    ['route-summary-error-10', parseRouteSummary, 10],
    ['next-trips-all-routes-error-10', parseNextTripsAllRoutes, 10],
    ...[1, 2, 11, 12, 13].map((code) => [`next-trips-error-${code}`, parseNextTrips, code] as const),
  ] as const;

  it.each(ERROR_PAIRS)('%s gives the same error in both formats', (name, parse, code) => {
    expect(outcome(parse, `${name}.xml`)).toStrictEqual({ kind: KIND_OF_CODE[code], code });
    expect(outcome(parse, `${name}.json`)).toStrictEqual({ kind: KIND_OF_CODE[code], code });
  });
});
