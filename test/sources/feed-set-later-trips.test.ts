import { describe, expect, it } from 'vitest';
import type { LaterQuery, LaterTrips } from '../../src/domain/later-trips.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet, singleFeed } from '../../src/sources/feed-set.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';

// Later times in a bot of several feeds: the rider's stop names the feed, which answers from its
// schedule (its stop scoped as every stop is); a feed that knows only the next trips (v1.2) is
// said to be unable (undefined), never another feed's answer in its place.

function feedSource(stops: string[], asked?: Array<{ stop: string; query: LaterQuery }>): TransitSource {
  const refuse = () => Promise.reject(new TransitError('unknown-stop', 'not here'));
  return {
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({ agencies: [], examples: { stop: stops[0]!, route: '95' }, vehicles: 'bus' }),
    routeSummary: refuse,
    nextTrips: refuse,
    nextTripsAllRoutes: refuse,
    stopDetails: (stop) => (stops.includes(stop) ? Promise.resolve({ stopNo: stop, name: `Stop ${stop}` }) : refuse()),
    ...(asked === undefined
      ? {}
      : {
          laterTrips: (stop: string, _route: string | undefined, query: LaterQuery): Promise<LaterTrips> => {
            asked.push({ stop, query });
            return Promise.resolve({
              arrivals: { stopNo: stop, stopName: `Stop ${stop}`, routes: [], timeZone: 'America/Toronto' },
              serviceDate: '2026-11-28',
            });
          },
        }),
  };
}

describe("a feed set's later trips", () => {
  it("asks the stop's feed, scopes its answer, and says undefined for a feed without a timetable", async () => {
    const asked: Array<{ stop: string; query: LaterQuery }> = [];
    const set = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: feedSource(['3017']) },
      { id: 'sto', name: 'STO', source: feedSource(['5000'], asked) },
    ]);
    const later = await set.laterTrips!('5000', '95', { day: 'tomorrow' });
    expect(asked).toEqual([{ stop: '5000', query: { day: 'tomorrow' } }]);
    expect(later!.arrivals.stopNo).toBe('sto:5000');
    expect(await set.laterTrips!('oc:3017', '95', { day: 'tomorrow' })).toBeUndefined();
  });

  it('a feed alone keeps bare codes; one without later times has no laterTrips', async () => {
    const asked: Array<{ stop: string; query: LaterQuery }> = [];
    const set = singleFeed({ id: 'oc', source: feedSource(['3017'], asked) });
    expect((await set.laterTrips!('oc:3017', undefined, { end: 'last' }))!.arrivals.stopNo).toBe('3017');
    expect(asked).toEqual([{ stop: '3017', query: { end: 'last' } }]);
    expect('laterTrips' in singleFeed({ id: 'oc', source: feedSource(['3017']) })).toBe(false);
  });
});
