import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRouteSummary } from '../../src/core/format/route-summary.js';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import type { Say } from '../../src/core/format/text.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import type { RouteArrivals, Trip } from '../../src/domain/arrivals.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { NOW } from './fakes.js';

const t = createTranslator(packageLanguages());
const says: Say[] = [(id, args) => t('en', id, args), (id, args) => t('fr', id, args)];

const tripArb: fc.Arbitrary<Trip> = fc.record({
  destination: fc.string({ unit: 'grapheme', maxLength: 120 }),
  startTime: fc.constant('08:00'),
  minutesAway: fc.integer({ min: -5, max: 600 }),
  trust: fc.constantFrom('tracked' as const, 'predicted' as const, 'scheduled' as const),
  delaySeconds: fc.option(fc.integer({ min: -3600, max: 3600 }), { nil: undefined }),
  skipped: fc.option(fc.boolean(), { nil: undefined }),
  gpsAgeMinutes: fc.option(fc.double({ min: 0, max: 60, noNaN: true }), { nil: undefined }),
  lastTrip: fc.boolean(),
  bus: fc.record({
    raw: fc.constant('x'),
    length: fc.constantFrom(40 as const, 60 as const, '40or60' as const),
    doubleDecker: fc.boolean(),
    lowFloor: fc.boolean(),
    bikeRack: fc.boolean(),
    hybrid: fc.boolean(),
  }),
});

const routeArb: fc.Arbitrary<RouteArrivals> = fc.record({
  routeNo: fc.stringMatching(/^[A-Z]?[0-9]{1,3}$/),
  directionId: fc.constantFrom(0, 1),
  direction: fc.string({ maxLength: 80 }),
  heading: fc.string({ unit: 'grapheme', maxLength: 200 }),
  error: fc.option(fc.constantFrom(11, 12, 99), { nil: undefined, freq: 5 }),
  trips: fc.array(tripArb, { maxLength: 3 }),
});

const stopArb = fc.record({
  stopNo: fc.stringMatching(/^[0-9]{4}$/),
  stopName: fc.string({ unit: 'grapheme', maxLength: 300 }),
  routes: fc.array(routeArb, { maxLength: 60 }),
  timeZone: fc.constantFrom('America/Toronto', 'America/Los_Angeles', 'Asia/Kolkata'),
});

describe('replies for any upstream answer', () => {
  it("always fit in Discord's 2000 characters, rendered as text with button hints", () => {
    fc.assert(
      fc.property(stopArb, fc.constantFrom(...says), fc.boolean(), (stop, say, oneRoute) => {
        const arrivals = formatArrivals(stop, { now: NOW, say, ...(oneRoute ? { routeNo: '95' } : {}) });
        expect(renderPlainText(arrivals).length).toBeLessThan(2000);
        expect(renderPlainText(formatRouteSummary(stop, say)).length).toBeLessThan(2000);
      }),
      { numRuns: 500 },
    );
  });
});
