import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBusType, parseGtfs, parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { fixture } from './helpers.js';

// Whatever the upstream sends, a parser returns a model or throws a TransitError: nothing else.

const PARSERS = [parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary, parseGtfs];

function onlyTransitErrors(body: string, format: 'xml' | 'json'): void {
  for (const parse of PARSERS) {
    try {
      parse(body, format);
    } catch (err) {
      expect(err).toBeInstanceOf(TransitError);
    }
  }
}

describe('parsers never let anything but a TransitError escape', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom('xml' as const, 'json' as const), (body, format) => onlyTransitErrors(body, format)),
      { numRuns: 500 },
    );
  });

  it('on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (body) => onlyTransitErrors(body, 'json')),
      { numRuns: 500 },
    );
  });

  it('on captures cut or spliced at random places', () => {
    const sources = [
      fixture('next-trips.xml'),
      fixture('next-trips-all-routes.xml'),
      fixture('next-trips.json'),
      fixture('next-trips-all-routes.json'),
    ];
    fc.assert(
      fc.property(fc.nat(3), fc.nat(), fc.nat(), fc.string({ maxLength: 8 }), (which, a, b, insert) => {
        const source = sources[which] as string;
        const from = a % source.length;
        const to = from + (b % 200);
        const body = source.slice(0, from) + insert + source.slice(to);
        onlyTransitErrors(body, which < 2 ? 'xml' : 'json');
      }),
      { numRuns: 400 },
    );
  });
});

describe('decodeBusType', () => {
  it('is total and keeps raw as given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const bus = decodeBusType(raw);
        expect(bus.raw).toBe(raw);
        expect([undefined, 40, 60, '40or60']).toContain(bus.length);
      }),
    );
  });
});
