import { describe, expect, it } from 'vitest';
import type { RouteLine } from '../../src/domain/route-line.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet, singleFeed } from '../../src/sources/feed-set.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';

// /line over several feeds: a stop's route is drawn by the stop's own feed, its stops scoped as
// every stop is ("sto:5000"); a route alone by the first feed that has it; a stop whose feed
// cannot draw routes (v1.2) answers undefined, said so by the core. One feed alone keeps bare codes.

function feedSource(stops: string[], routes: string[], draws: boolean): TransitSource {
  const unknown = () => Promise.reject(new TransitError('unknown-stop', 'no'));
  const line = (route: string, stop?: string): Promise<RouteLine> =>
    routes.includes(route)
      ? Promise.resolve({
          routeNo: route,
          ...(stop !== undefined ? { stopNo: stop } : {}),
          timeZone: 'America/Toronto',
          directions: [{ heading: 'x', stops: stops.map((s) => ({ stopNo: s, name: s, ...(s === stop ? { rider: true } : {}) })), vehicles: [] }],
        })
      : Promise.reject(new TransitError('unknown-route', 'no'));
  return {
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({ agencies: [], examples: { stop: '1', route: '1' }, vehicles: 'bus' }),
    routeSummary: unknown,
    nextTrips: unknown,
    nextTripsAllRoutes: unknown,
    stopDetails: (stop) => (stops.includes(stop) ? Promise.resolve({ stopNo: stop, name: stop }) : unknown()),
    ...(draws ? { routeLine: line } : {}),
  };
}

describe('route lines of several feeds', () => {
  const oc = feedSource(['3017', '3018'], ['95'], true);
  const sto = feedSource(['5000', '5001'], ['33'], true);
  const v12 = feedSource(['7000'], ['1'], false);
  const set = createFeedSet([
    { id: 'oc', name: 'OC Transpo', source: oc },
    { id: 'sto', name: 'STO', source: sto },
    { id: 'v', name: 'V', source: v12 },
  ]);

  it("draws a stop's route from the stop's feed, every stop scoped", async () => {
    const line = (await set.routeLine!('33', 'sto:5000'))!;
    expect(line.stopNo).toBe('sto:5000');
    expect(line.directions[0]!.stops.map((s) => s.stopNo)).toEqual(['sto:5000', 'sto:5001']);
    expect(line.directions[0]!.stops.filter((s) => s.rider === true).map((s) => s.stopNo)).toEqual(['sto:5000']);
  });

  it('draws a route alone from the first feed that has it; none has it: the refusal', async () => {
    expect((await set.routeLine!('95'))!.directions[0]!.stops.map((s) => s.stopNo)).toEqual(['oc:3017', 'oc:3018']);
    expect((await set.routeLine!('33'))!.directions[0]!.stops[0]!.stopNo).toBe('sto:5000');
    await expect(set.routeLine!('404')).rejects.toMatchObject({ kind: 'unknown-route' });
  });

  it('answers undefined for a stop whose feed cannot draw routes', async () => {
    expect(await set.routeLine!('1', 'v:7000')).toBeUndefined();
  });

  it('one feed alone keeps its bare codes, and reads its own scoped ones', async () => {
    const alone = singleFeed({ id: 'oc', source: oc });
    expect((await alone.routeLine!('95', 'oc:3017'))!.stopNo).toBe('3017');
    expect('routeLine' in singleFeed({ id: 'v', source: v12 })).toBe(false);
  });
});
