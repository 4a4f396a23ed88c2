import { describe, expect, it } from 'vitest';
import { parseGtfs, parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { fixture, KIND_OF_CODE, thrown } from './helpers.js';

type Parse = (body: string, format: 'xml' | 'json') => unknown;

describe('stop-level errors', () => {
  it.each([1, 2, 11, 12, 13] as const)('code %i is the error of its kind carrying the code, in both formats', (code) => {
    for (const format of ['xml', 'json'] as const) {
      const error = thrown(() => parseNextTrips(fixture(`next-trips-error-${code}.${format}`), format));
      expect(error.kind).toBe(KIND_OF_CODE[code]);
      expect(error.code).toBe(code);
      expect(error.message).toBe(`API error ${code}`);
    }
  });

  it('code 2 wins even when the stop is echoed beside it', () => {
    expect(thrown(() => parseNextTrips(fixture('next-trips-error-2.json'), 'json')).code).toBe(2);
  });

  it.each(['xml', 'json'] as const)('non-numeric Error text with nothing else is an unrecognised error without a code (%s)', (format) => {
    const error = thrown(() => parseRouteSummary(fixture(`route-summary-error-text.${format}`), format));
    expect([error.kind, error.reason]).toStrictEqual(['unavailable', 'unrecognised']);
    expect(error.code).toBeUndefined();
    expect(error.message).toContain('TestErrorStringHere');
  });

  it('reads Error "0" as no error', () => {
    const body = '{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"X","Error":"0","Routes":[]}}';
    expect(parseRouteSummary(body, 'json')).toStrictEqual({ stopNo: '3017', stopName: 'X', timeZone: 'America/Toronto', routes: [] });
  });

  it('reads a numeric JSON Error the same as a string one', () => {
    expect(thrown(() => parseRouteSummary('{"GetRouteSummaryForStopResult":{"Error":10}}', 'json')).code).toBe(10);
  });
});

const GARBAGE: Array<[string, 'xml' | 'json', string]> = [
  ['next-trips-html-page.xml', 'xml', 'DOCTYPE'],
  ['next-trips-html-page.json', 'json', 'expected JSON'],
  ['next-trips-html-bare.xml', 'xml', 'HTML'],
  ['next-trips-plain-text.xml', 'xml', 'API method not found'],
  ['next-trips-plain-text.json', 'json', 'API method not found'],
  ['next-trips-empty.xml', 'xml', 'empty body'],
  ['next-trips-empty.json', 'json', 'empty body'],
  ['next-trips-truncated.xml', 'xml', 'truncated XML'],
  ['next-trips-truncated.json', 'json', 'truncated JSON'],
  ['next-trips-doctype.xml', 'xml', 'DOCTYPE'],
  ['next-trips-wrong-shape.json', 'json', 'Route is neither a list nor an object'],
  ['next-trips-wrong-entry.json', 'json', 'where an object belongs'],
  ['next-trips-unknown-root.json', 'json', 'no GetRouteSummaryForStopResult'],
  ['next-trips-unknown-root.xml', 'xml', 'no GetRouteSummaryForStopResult'],
  ['next-trips-list-root.json', 'json', 'got a list'],
];

describe('bodies that are not an answer are parse errors', () => {
  it.each(GARBAGE)('%s', (name, format, words) => {
    for (const parse of [parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary] as Parse[]) {
      const error = thrown(() => parse(fixture(name), format));
      expect(error.reason).toBe('malformed');
      expect(error.code).toBeUndefined();
      expect(error.message).toContain(words);
    }
  });

  it.each(['xml', 'json'] as const)('a trip without a numeric AdjustedScheduleTime is a parse error (%s)', (format) => {
    const error = thrown(() => parseNextTrips(fixture(`next-trips-bad-trip.${format}`), format));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('AdjustedScheduleTime ("soon")');
    // A route summary does not read trips, so the same body is fine there.
    expect(parseRouteSummary(fixture(`next-trips-bad-trip.${format}`), format).routes[0]?.routeNo).toBe(format === 'xml' ? '94' : '95');
  });

  it('a JSON body sent to the XML reader (and the reverse) is a parse error', () => {
    expect(thrown(() => parseNextTrips(fixture('next-trips.json'), 'xml')).reason).toBe('malformed');
    expect(thrown(() => parseNextTrips(fixture('next-trips.xml'), 'json')).reason).toBe('malformed');
  });

  it('a result that is empty, or a scalar, is a parse error', () => {
    expect(thrown(() => parseRouteSummary('{"GetRouteSummaryForStopResult":{}}', 'json')).message).toContain('neither a stop nor routes');
    expect(thrown(() => parseRouteSummary('{"GetRouteSummaryForStopResult":"x"}', 'json')).message).toContain('not an object');
    expect(thrown(() => parseRouteSummary('<GetRouteSummaryForStopResult/>', 'xml')).message).toContain('neither a stop nor routes');
  });

  it('a subtree where text belongs is a parse error', () => {
    const body = '{"GetRouteSummaryForStopResult":{"StopNo":{"value":"3017"},"Routes":[]}}';
    expect(thrown(() => parseRouteSummary(body, 'json')).reason).toBe('malformed');
  });

  it('a route without RouteNo is a parse error', () => {
    const body = '{"GetRouteSummaryForStopResult":{"StopNo":"3017","Routes":{"Route":[{"Direction":"East"}]}}}';
    expect(thrown(() => parseRouteSummary(body, 'json')).message).toContain('without RouteNo');
  });
});

describe('parseGtfs', () => {
  it('reads XML records with the id from the attribute, nulls as "" and references decoded', () => {
    expect(parseGtfs(fixture('gtfs-stops.xml'), 'xml')).toStrictEqual([
      {
        id: '4971',
        stop_id: 'SH900',
        stop_code: '3017',
        stop_name: 'BASELINE 1B',
        stop_desc: '',
        stop_lat: '45.347771',
        stop_lon: '-75.761208',
        stop_street: '',
        stop_city: '',
        stop_region: '',
        stop_postcode: '',
        stop_country: '',
        zone_id: '',
      },
      {
        id: '4972',
        stop_id: 'SH905',
        stop_code: '3017',
        stop_name: "BASELINE 1C & O'Keefe",
        stop_desc: '',
        stop_lat: '45.347389',
        stop_lon: '-75.760971',
        stop_street: '',
        stop_city: '',
        stop_region: '',
        stop_postcode: '',
        stop_country: '',
        zone_id: '',
      },
    ]);
  });

  it('reads JSON records, null as ""', () => {
    const records = parseGtfs(fixture('gtfs-stops.json'), 'json');
    expect(records).toHaveLength(2);
    expect(records[0]?.stop_street).toBe('');
    expect(records[1]?.stop_name).toBe("BASELINE 1C & O'Keefe");
  });

  it('reads a single record and no records in both formats', () => {
    expect(parseGtfs(fixture('gtfs-routes.json'), 'json')).toStrictEqual([
      { id: '1', route_id: '1-170', route_short_name: '1', route_long_name: '', route_desc: '', route_type: '3' },
    ]);
    expect(parseGtfs(fixture('gtfs-empty.xml'), 'xml')).toStrictEqual([]);
    expect(parseGtfs(fixture('gtfs-empty.json'), 'json')).toStrictEqual([]);
  });

  it('reads a lone empty root written with a space, and refuses a long unclosed one at once (no backtracking over it)', () => {
    expect(parseGtfs('<?xml version="1.0"?>\n<Gtfs />', 'xml')).toStrictEqual([]);
    // The check for a lone empty root tried every split of the tag's characters: 50 kB held the
    // event loop 16 s.
    const error = thrown(() => parseGtfs(`<Gtfs${'a'.repeat(100_000)}>`, 'xml'));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('truncated');
  });

  it.each([
    ['gtfs-wrong-shape.json', 'json', 'no Gtfs element'],
    ['next-trips-html-page.xml', 'xml', 'DOCTYPE'],
    ['next-trips-plain-text.json', 'json', 'expected JSON'],
    ['next-trips-truncated.xml', 'xml', 'truncated'],
  ] as const)('refuses %s', (name, format, words) => {
    const error = thrown(() => parseGtfs(fixture(name), format));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain(words);
  });
});
