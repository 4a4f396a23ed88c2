import { describe, expect, it } from 'vitest';
import type { ReliabilityQuery, ReliabilityReading } from '../../src/domain/accuracy.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet, singleFeed } from '../../src/sources/feed-set.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';

// /reliability over several feeds: a stop's figures are its own feed's (the stop scoped back); a
// route alone is the first feed's that has it; a feed that keeps none says so; a feed alone passes through.

const tally = { scored: 10, accurate: 8, caught: 9, cancelled: 1, vanished: 0 };

function feedSource(stops: string[], routes: string[], figures: boolean): TransitSource & { asked: ReliabilityQuery[] } {
  const unknown = () => Promise.reject(new TransitError('unknown-stop', 'no'));
  const asked: ReliabilityQuery[] = [];
  return {
    asked,
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({ agencies: [], examples: { stop: '1', route: '1' }, vehicles: 'bus' }),
    routeSummary: unknown,
    nextTrips: unknown,
    nextTripsAllRoutes: unknown,
    stopDetails: (stop) => (stops.includes(stop) ? Promise.resolve({ stopNo: stop, name: stop }) : unknown()),
    ...(figures
      ? {
          reliability: (query: ReliabilityQuery): Promise<ReliabilityReading> => {
            asked.push(query);
            if (!routes.includes(query.route)) return Promise.reject(new TransitError('unknown-route', 'no'));
            return Promise.resolve({ status: 'ok', days: 7, route: query.route, ...(query.stop !== undefined ? { stop: query.stop } : {}), tally });
          },
        }
      : {}),
  };
}

describe('reliability of several feeds', () => {
  it("asks a stop's own feed and scopes the stop it answers with", async () => {
    const oc = feedSource(['3017'], ['95'], true);
    const sto = feedSource(['5000'], ['95', '33'], true);
    const set = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: oc },
      { id: 'sto', name: 'STO', source: sto },
    ]);
    expect(await set.reliability!({ stop: '3017', route: '95' })).toMatchObject({ status: 'ok', stop: 'oc:3017', route: '95' });
    expect(await set.reliability!({ stop: 'sto:5000', route: '33' })).toMatchObject({ status: 'ok', stop: 'sto:5000' });
    expect(oc.asked).toEqual([{ stop: '3017', route: '95' }]);
    expect(sto.asked).toEqual([{ stop: '5000', route: '33' }]);
  });

  it('a route alone is the first feed’s that has it; none has it: unknown route', async () => {
    const oc = feedSource(['3017'], ['95'], true);
    const sto = feedSource(['5000'], ['95', '33'], true);
    const set = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: oc },
      { id: 'sto', name: 'STO', source: sto },
    ]);
    expect(await set.reliability!({ route: '33' })).toMatchObject({ status: 'ok', route: '33', tally });
    expect(await set.reliability!({ route: '95' })).toMatchObject({ status: 'ok', route: '95' });
    expect(sto.asked).toEqual([{ route: '33' }]);
    await expect(set.reliability!({ route: '99' })).rejects.toMatchObject({ kind: 'unknown-route' });
  });

  it('a feed keeping no figures (the v1.2 API) says so; a feed alone passes through', async () => {
    const v12 = feedSource(['3017'], ['95'], false);
    const sto = feedSource(['5000'], ['33'], true);
    const set = createFeedSet([
      { id: 'oc', name: 'OC Transpo', source: v12 },
      { id: 'sto', name: 'STO', source: sto },
    ]);
    expect(await set.reliability!({ stop: 'oc:3017', route: '95' })).toEqual({ status: 'not-recorded' });
    expect('reliability' in createFeedSet([{ id: 'oc', name: 'OC', source: v12 }])).toBe(false);
    expect(await singleFeed({ id: 'sto', source: sto }).reliability!({ stop: '5000', route: '33' })).toMatchObject({ stop: '5000' });
  });
});
