import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Disruption, InformedEntity } from '../../src/domain/disruption.js';
import { disruptionAffects, type Place } from '../../src/domain/disruption-match.js';
import { createWatchIndex, type Watch } from '../../src/domain/disruption-watch.js';

// The watch index only narrows the search: whatever disruptions and watches, it finds exactly the
// watches the matcher alone, asked of every watch, says are touched.

const ids = ['a', 'b', 'c', 'S'];
const routes = ['r1', 'r2', 'r3'];
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const entity: fc.Arbitrary<InformedEntity> = fc
  .record({
    stopId: optional(fc.constantFrom(...ids)),
    stopCode: optional(fc.constantFrom('1', '2')),
    routeId: optional(fc.constantFrom(...routes)),
    routeName: optional(fc.constantFrom('1', '2', '3')),
    agencyId: optional(fc.constantFrom('oc', 'other')),
    routeType: optional(fc.constantFrom(0, 3)),
    directionId: optional(fc.constantFrom(0, 1)),
  })
  .map((e) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as InformedEntity);

const place: fc.Arbitrary<Place> = fc.record({
  stopIds: fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 2 }).map((list) => new Set(list)),
  stopCode: optional(fc.constantFrom('1', '2')),
  routes: fc.array(
    fc.record({
      routeId: fc.constantFrom(...routes),
      routeNo: fc.constantFrom('1', '2', '3'),
      agencyId: optional(fc.constantFrom('oc', 'sto')),
      routeType: optional(fc.constantFrom(0, 3)),
      directionId: optional(fc.constantFrom(0, 1)),
    }),
    { maxLength: 3 },
  ),
  routesKnown: fc.boolean(),
});

describe('the watch index', () => {
  it('finds exactly the watches the matcher finds by scanning them all', () => {
    fc.assert(
      fc.property(fc.array(place, { maxLength: 12 }), fc.array(entity, { minLength: 1, maxLength: 3 }), fc.boolean(), (places, entities, single) => {
        const watches: Watch[] = places.map((p, i) => ({ key: `w${i}`, place: p }));
        const agencies = { ids: new Set(single ? ['oc'] : ['oc', 'sto']) };
        const d = { entities } as unknown as Disruption;
        const scanned = new Set(watches.filter((w) => disruptionAffects(d, w.place, agencies)).map((w) => w.key));
        expect(new Set(createWatchIndex(watches).touched(d, agencies))).toEqual(scanned);
        expect(createWatchIndex(watches).touched(d, agencies)).toHaveLength(scanned.size);
      }),
      { numRuns: 500 },
    );
  });
});
