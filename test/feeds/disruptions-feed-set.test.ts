import { describe, expect, it } from 'vitest';
import type { Disruption, DisruptionQuery, DisruptionReading } from '../../src/domain/disruption.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet } from '../../src/sources/feed-set.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';

// Several feeds: a stop's disruptions are its own feed's; a route's and the whole network's are
// every publishing feed's, ids scoped like stops; one feed down makes the answer incomplete.

const disruption = (id: string, effect: Disruption['effect']): Disruption => ({
  id,
  version: 'v',
  effect,
  cause: 'unknown',
  severity: 'unknown',
  header: [{ language: 'en', text: id }],
  description: [],
  entities: [{ routeId: '1' }],
  periods: [],
});

function feedSource(stops: string[], answer: (q: DisruptionQuery) => DisruptionReading | 'unknown-route'): TransitSource {
  const unknown = () => Promise.reject(new TransitError('unknown-stop', 'no'));
  return {
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({ agencies: [], examples: { stop: '1', route: '1' }, vehicles: 'bus' }),
    routeSummary: unknown,
    nextTrips: unknown,
    nextTripsAllRoutes: unknown,
    stopDetails: (stop) => (stops.includes(stop) ? Promise.resolve({ stopNo: stop, name: stop }) : unknown()),
    disruptions: (q) => {
      const a = answer(q);
      return a === 'unknown-route' ? Promise.reject(new TransitError('unknown-route', 'no')) : Promise.resolve(a);
    },
  };
}

describe('disruptions of several feeds', () => {
  const oc = feedSource(['3017'], (q) => ({
    status: 'ok',
    disruptions: q.stop === '3017' ? [disruption('a', 'detour')] : [disruption('a', 'detour')],
  }));
  const sto = feedSource(['5000'], (q) => (q.route === '95' ? 'unknown-route' : { status: 'ok', disruptions: [disruption('a', 'no-service')] }));
  const set = createFeedSet([
    { id: 'oc', name: 'OC Transpo', source: oc },
    { id: 'sto', name: 'STO', source: sto },
  ]);

  it("asks a stop's own feed only, and scopes the ids", async () => {
    expect(await set.disruptions!({ stop: '3017' })).toMatchObject({ status: 'ok', disruptions: [{ id: 'oc:a' }] });
    expect(await set.disruptions!({ stop: 'sto:5000' })).toMatchObject({ status: 'ok', disruptions: [{ id: 'sto:a' }] });
  });

  it("joins every feed for the whole network, most severe first; a route only one feed has is that feed's", async () => {
    const all = await set.disruptions!({});
    expect(all.status === 'ok' && all.disruptions.map((d) => d.id)).toEqual(['sto:a', 'oc:a']);
    // Each named by its agency, as riders of a several-feed bot read them in /disruptions.
    expect(all.status === 'ok' && all.disruptions.map((d) => d.agency)).toEqual(['STO', 'OC Transpo']);
    const route = await set.disruptions!({ route: '95' });
    expect(route.status === 'ok' && route.disruptions.map((d) => d.id)).toEqual(['oc:a']);
  });

  it('is incomplete when one feed cannot be read, unavailable when none can', async () => {
    const down = feedSource([], () => ({ status: 'unavailable' }));
    const half = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: oc },
      { id: 'sto', name: 'STO', source: down },
    ]);
    expect(await half.disruptions!({})).toMatchObject({ status: 'ok', incomplete: true });
    const none = createFeedSet([
      { id: 'a', name: 'A', source: down },
      { id: 'b', name: 'B', source: down },
    ]);
    expect(await none.disruptions!({})).toEqual({ status: 'unavailable' });
  });

  it('answers a route from the feeds that can when one has no schedule (refused or loading), marked incomplete', async () => {
    for (const kind of ['no-schedule', 'loading'] as const) {
      const scheduleless: TransitSource = { ...oc, disruptions: () => Promise.reject(new TransitError(kind, 'no schedule')) };
      const set = createFeedSet([
        { id: 'mi', name: 'MiWay', source: scheduleless },
        { id: 'sto', name: 'STO', source: sto },
      ]);
      expect(await set.disruptions!({ route: '33' })).toMatchObject({ status: 'ok', incomplete: true, disruptions: [{ id: 'sto:a' }] });
    }
  });
});
