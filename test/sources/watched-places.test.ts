// The source's side of the disruption pushes (with-disruptions.ts `watching`): the places chats
// watch resolved through the source's PlaceResolver once each and kept, each disruption matched
// once against all of them by the real matcher; read again when the schedule changes.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import type { Disruption } from '../../src/domain/disruption.js';
import type { Place, PlaceResolver } from '../../src/domain/disruption-match.js';
import type { WatchedPlace } from '../../src/domain/disruption-watch.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import type { DisruptionFeed } from '../../src/sources/disruption-feed.js';
import { withDisruptions } from '../../src/sources/with-disruptions.js';

const d = (id: string, entities: Disruption['entities']): Disruption => ({
  id,
  version: 'v1',
  effect: 'detour',
  cause: 'unknown',
  severity: 'warning',
  header: [{ language: 'en', text: id }],
  description: [],
  entities,
  periods: [],
});

const STOPS: Record<string, Place> = {
  '3017': {
    stopIds: new Set(['s3017']),
    stopCode: '3017',
    routes: [
      { routeId: 'r95', routeNo: '95' },
      { routeId: 'r14', routeNo: '14' },
    ],
    routesKnown: true,
  },
  '3020': { stopIds: new Set(['s3020']), stopCode: '3020', routes: [{ routeId: 'r95', routeNo: '95' }], routesKnown: true },
};

function setup() {
  let schedule = { name: 'first' };
  const asked: string[] = [];
  const resolver: PlaceResolver = {
    stop(code, route) {
      asked.push(`${code} ${route ?? ''}`.trim());
      const place = STOPS[code];
      if (place === undefined) return Promise.resolve(undefined);
      return Promise.resolve(route === undefined ? place : { ...place, routes: place.routes.filter((r) => r.routeNo === route) });
    },
    route: () => Promise.reject(new Error('not asked')),
    agencies: () => Promise.resolve({ ids: new Set(['oc']) }),
    generation: () => schedule,
  };
  let disruptions: Disruption[] = [];
  const feed: DisruptionFeed = { requests: 0, read: () => Promise.resolve({ status: 'ok', disruptions }) };
  const source = withDisruptions({} as TransitSource, [feed], resolver, { now: fixedClock('2026-11-18T13:00:00Z') });
  return {
    source,
    asked,
    publish: (list: Disruption[]) => (disruptions = list),
    newSchedule: () => (schedule = { name: 'second' }),
  };
}

const places = new Map<string, WatchedPlace>([
  ['a', { stop: '3017' }],
  ['b', { stop: '3017', route: '14' }],
  ['c', { stop: '3020', route: '95' }],
  ['d', { stop: '9999' }],
]);

describe("the source's watched places", () => {
  it('each disruption touches the places the matcher says; each place asked of the schedule once, whatever the looks', async () => {
    const { source, asked, publish } = setup();
    publish([
      d('stop', [{ stopId: 's3017' }]),
      d('route95', [{ routeId: 'r95' }]),
      d('14at3017', [{ routeId: 'r14', stopId: 's3017' }]),
      d('nothing', []),
    ]);
    const reading = await source.watching(places);
    if (reading.status !== 'ok') throw new Error('unreadable');
    const touched = Object.fromEntries(reading.disruptions.map((x) => [x.id, [...reading.touched(x)].sort()]));
    // A disruption that names nothing is no push; route 95 is not at the watch of route 14 at 3017.
    expect(touched).toEqual({ stop: ['a', 'b'], route95: ['a', 'c'], '14at3017': ['a', 'b'] });
    expect(asked.sort()).toEqual(['3017', '3017 14', '3020 95', '9999']);

    publish([d('route14', [{ routeId: 'r14' }])]);
    const again = await source.watching(places);
    expect(again.status === 'ok' && [...again.touched(again.disruptions[0]!)].sort()).toEqual(['a', 'b']);
    expect(asked).toHaveLength(4);
  });

  it('a new schedule: every place read again; a place added: only it', async () => {
    const { source, asked, publish, newSchedule } = setup();
    publish([d('stop', [{ stopId: 's3020' }])]);
    await source.watching(places);
    await source.watching(new Map([...places, ['e', { stop: '3020' }]]));
    expect(asked).toHaveLength(5);
    newSchedule();
    await source.watching(places);
    expect(asked).toHaveLength(9);
  });
});
