import { describe, expect, it } from 'vitest';
import type { RouteMap, RouteMapQuery } from '../../src/domain/route-map.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet, singleFeed } from '../../src/sources/feed-set.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';

// A route's map in a bot of several feeds: the rider's stop names the feed (its stops scoped as
// every stop is), a route alone is the first feed's that has it; a feed alone keeps bare codes.

function feedSource(routes: string[], stops: string[], asked: RouteMapQuery[]): TransitSource {
  const refuse = () => Promise.reject(new TransitError('unknown-stop', 'not here'));
  return {
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({ agencies: [], examples: { stop: stops[0]!, route: routes[0]! }, vehicles: 'bus' }),
    routeSummary: refuse,
    nextTrips: refuse,
    nextTripsAllRoutes: refuse,
    stopDetails: (stop) => (stops.includes(stop) ? Promise.resolve({ stopNo: stop, name: `Stop ${stop}` }) : refuse()),
    routeMap(query): Promise<RouteMap> {
      asked.push(query);
      if (!routes.includes(query.route)) return Promise.reject(new TransitError('unknown-route', 'no'));
      const stop = stops[0]!;
      return Promise.resolve({
        route: query.route,
        directions: [{ heading: 'X', stops: [{ stop, name: 'S', lat: 1, lon: 2 }], line: [[1, 2]], drawn: 'stops' }],
        vehicles: [],
      });
    },
  };
}

describe("a feed set's route map", () => {
  it("asks the rider's stop's feed, and scopes the stops it answers with", async () => {
    const ocAsked: RouteMapQuery[] = [];
    const stoAsked: RouteMapQuery[] = [];
    const set = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: feedSource(['95'], ['3017'], ocAsked) },
      { id: 'sto', name: 'STO', source: feedSource(['95', '400'], ['5000'], stoAsked) },
    ]);
    const map = await set.routeMap!({ route: '95', stop: '5000' });
    expect(stoAsked).toEqual([{ route: '95', stop: '5000' }]);
    expect(ocAsked).toEqual([]);
    expect(map.directions[0]!.stops[0]!.stop).toBe('sto:5000');

    // No stop: the first feed that has the route.
    expect((await set.routeMap!({ route: '95' })).directions[0]!.stops[0]!.stop).toBe('oc:3017');
    expect((await set.routeMap!({ route: '400' })).directions[0]!.stops[0]!.stop).toBe('sto:5000');
    await expect(set.routeMap!({ route: '1' })).rejects.toMatchObject({ kind: 'unknown-route' });
  });

  it('a feed alone: bare codes, its "<id>:" read as its own', async () => {
    const asked: RouteMapQuery[] = [];
    const set = singleFeed({ id: 'oc', source: feedSource(['95'], ['3017'], asked) });
    const map = await set.routeMap!({ route: '95', stop: 'oc:3017' });
    expect(asked).toEqual([{ route: '95', stop: '3017' }]);
    expect(map.directions[0]!.stops[0]!.stop).toBe('3017');
  });
});
