import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { textIn } from '../../../../src/domain/disruption.js';
import { decodeAlerts, decodeAlertsInSlices } from '../../../../src/sources/gtfs/realtime/alerts-decode.js';
import { fixture } from '../../../disruptions/helpers.js';
import { encodeFeed } from '../helpers.js';

// Service Alerts entities that share an id (NMBS sends one per language) are one disruption. A
// hostile or careless feed can send thousands under one id: joining them must cost what they hold,
// once (it cost the square: 6,000 of them held the event loop 11 s, 8,000 took 30 s), and a big
// feed must give the event loop back while it is read. The stalls themselves are measured by
// `npm run bench alerts-decode`, not here.

const header = { gtfsRealtimeVersion: '2.0', timestamp: 1 };

/** `count` entities, all with id `a`, each naming one route of its own. */
const sharedIdFeed = (count: number) =>
  encodeFeed({
    header,
    entity: Array.from({ length: count }, (_, i) => ({
      id: 'a',
      alert: { headerText: { translation: [{ text: 'Detour', language: 'en' }] }, informedEntity: [{ routeId: `r${i}` }] },
    })),
  });

describe('Service Alerts sharing one id', () => {
  it('joins 6,000 entities under one id into one disruption naming each route once, in feed order', () => {
    const [only, ...others] = decodeAlerts(sharedIdFeed(6_000)).disruptions;
    expect(others).toEqual([]);
    expect(only!.id).toBe('a');
    expect(only!.entities).toHaveLength(6_000);
    expect(only!.entities[0]).toEqual({ routeId: 'r0' });
    expect(only!.entities[5_999]).toEqual({ routeId: 'r5999' });
    expect(only!.header).toEqual([{ language: 'en', text: 'Detour' }]);
  });

  it('costs what the entities hold, once: each is compared by its key a bounded number of times, not once per later entity', () => {
    // Counted rather than timed: the old join keyed every earlier entity again at each repeated
    // id (2,000 entities, 2 million keys); a linear one keys each a few times.
    const bytes = sharedIdFeed(2_000);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      decodeAlerts(bytes);
      expect(stringify.mock.calls.length).toBeLessThan(10 * 2_000);
    } finally {
      stringify.mockRestore();
    }
  });

  it('reads a big feed in slices: the event loop turns while it is decoded, and the result is the same', async () => {
    const bytes = sharedIdFeed(20_000);
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns += 1;
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    const sliced = await decodeAlertsInSlices(bytes);
    turning = false;
    expect(turns).toBeGreaterThan(1);
    expect(sliced).toEqual(decodeAlerts(bytes));
  });

  it('refuses in slices what it refuses whole: no feed, a feed past its limits', async () => {
    await expect(decodeAlertsInSlices(new TextEncoder().encode('<html>Service Unavailable</html>'))).rejects.toThrow();
    await expect(decodeAlertsInSlices(sharedIdFeed(10), { maxAlerts: 10, maxSelectors: 9 })).rejects.toThrow(/more than 9/);
  });

  it('joins as the specification reads it: every route and period once, the first text of each language, ids in feed order', () => {
    const translation = fc.record({
      language: fc.constantFrom('en', 'fr', 'nl', ''),
      text: fc.constantFrom('Detour', 'Détour', 'Omleiding', 'Closed'),
    });
    const entity = fc.record({
      id: fc.constantFrom('a', 'b', 'c'),
      routes: fc.array(fc.constantFrom('1', '2', '3', '95'), { maxLength: 4 }),
      periods: fc.uniqueArray(fc.constantFrom(100, 200, 300), { maxLength: 3 }),
      texts: fc.uniqueArray(translation, { selector: (t) => t.language, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(entity, { minLength: 1, maxLength: 30 }), (entities) => {
        const bytes = encodeFeed({
          header,
          entity: entities.map((e) => ({
            id: e.id,
            alert: {
              informedEntity: e.routes.map((routeId) => ({ routeId })),
              activePeriod: e.periods.map((start) => ({ start })),
              headerText: { translation: e.texts },
            },
          })),
        });
        const decoded = decodeAlerts(bytes).disruptions;
        const ids = [...new Set(entities.map((e) => e.id))];
        expect(decoded.map((d) => d.id)).toEqual(ids);
        for (const d of decoded) {
          const own = entities.filter((e) => e.id === d.id);
          expect(d.entities).toEqual([...new Set(own.flatMap((e) => e.routes))].map((routeId) => ({ routeId })));
          expect(d.periods).toEqual([...new Set(own.flatMap((e) => e.periods))].map((start) => ({ start })));
          const firstOfEach = new Map<string, string>();
          for (const t of own.flatMap((e) => e.texts)) if (!firstOfEach.has(t.language)) firstOfEach.set(t.language, t.text);
          expect(d.header).toEqual([...firstOfEach].map(([language, text]) => ({ language, text })));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keeps each NMBS disruption's version as it was: chats sent one are not sent it again after an upgrade", () => {
    // Versions key the "sent" marks; these are what the decoder gave before the join was made linear.
    const feed = decodeAlerts(readFileSync(fixture('nmbs-alerts-2015-07-31.pb')));
    expect(feed.disruptions.map((d) => d.version)).toEqual(['c3deb94c8b8334c4', 'a8c38fa0e02c794a', '60d66dd26ec036dd']);
    expect(textIn(feed.disruptions[0]!.url, 'fr')).toMatch(/help\.exe\/fr\?/);
  });
});
