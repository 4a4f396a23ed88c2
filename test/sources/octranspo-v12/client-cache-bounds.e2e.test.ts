import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { fixtureScript, startUpstream, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { rejection } from './helpers.js';

// The cache is bounded by (estimated) bytes as well as by entries, a stop's answer by its number of
// routes, and a cached read costs nothing: the one frozen answer is handed to every caller.

let upstream: Upstream;
afterEach(() => upstream.close());

const still = () => new Date(0);

/** A route summary with `routes` route directions, `pad` characters of heading each (none: RouteNo only). */
function summary(routes: number, pad?: number): string {
  const route = (i: number) =>
    `"RouteNo":"${(i % 999) + 1}"` + (pad === undefined ? '' : `,"RouteHeading":"${'h'.repeat(pad)}","Direction":"Eastbound"`);
  const list = Array.from({ length: routes }, (_, i) => `{${route(i)}}`);
  return `{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"BASELINE","Error":"","Routes":{"Route":[${list.join(',')}]}}}`;
}

describe('the cache is bounded by bytes', () => {
  it('drops the least recently used answers once cacheMaxBytes is reached', async () => {
    // Each answer is some 30 kB; 100 kB hold three of them.
    upstream = await startUpstream(() => ({ body: summary(100, 100) }));
    const client = clientFor(upstream, { format: 'json', now: still, cacheMaxBytes: 100_000 });
    for (const stop of ['0001', '0002', '0003', '0004', '0005']) await client.routeSummary(stop);
    await client.routeSummary('0005');
    await client.routeSummary('0001');
    // 0005 was still cached; 0001 had been dropped for the later ones.
    expect(upstream.requests.map((r) => r.form.stopNo)).toStrictEqual(['0001', '0002', '0003', '0004', '0005', '0001']);
  });

  it('keeps nothing that is bigger than the whole cache, and still answers', async () => {
    upstream = await startUpstream(() => ({ body: summary(200, 200) }));
    const client = clientFor(upstream, { format: 'json', now: still, cacheMaxBytes: 10_000 });
    expect((await client.routeSummary('3017')).routes).toHaveLength(200);
    await client.routeSummary('3017');
    expect(upstream.requests).toHaveLength(2);
  });

  it('holds 362 stops of the largest summaries it accepts within the default 32 MiB', async () => {
    upstream = await startUpstream(() => ({ body: summary(300, 100) }));
    const client = clientFor(upstream, { format: 'json', now: still });
    for (let stop = 1; stop <= 362; stop++) await client.routeSummary(String(stop).padStart(4, '0'));
    await client.routeSummary('0001');
    // The first stops were dropped to stay within the bound: asked again, they go upstream.
    expect(upstream.requests).toHaveLength(363);
  });
});

describe('a stop has at most 300 route directions', () => {
  it.each(['json', 'xml'] as const)('refuses 48,000 routes (%s) with a parse error before parsing them, and caches nothing', async (format) => {
    const xml = `<GetRouteSummaryForStopResult><StopNo>3017</StopNo><Routes>${'<Route><RouteNo>95</RouteNo></Route>'.repeat(48_000)}</Routes></GetRouteSummaryForStopResult>`;
    upstream = await startUpstream(() => ({ body: format === 'json' ? summary(48_000) : xml }));
    const client = clientFor(upstream, { format, now: still });
    const started = performance.now();
    const error = await rejection(client.routeSummary('3017'));
    // Parsing the XML first took the best part of a second; counting RouteNo takes a few ms.
    expect(performance.now() - started).toBeLessThan(400);
    expect([error.reason, error.message]).toStrictEqual(['malformed', 'a stop with more than 300 route directions (48000 RouteNo elements)']);
    await rejection(client.routeSummary('3017'));
    expect(upstream.requests).toHaveLength(2);
  });

  it('reads 300', async () => {
    upstream = await startUpstream(() => ({ body: summary(300) }));
    expect((await clientFor(upstream, { format: 'json' }).routeSummary('3017')).routes).toHaveLength(300);
  });

  it('counts the directions of the alternative layout too', async () => {
    const data = Array.from({ length: 151 }, (_, i) => `{"RouteNo":"${i + 1}","Directions":{"DirectionData":[{"DirectionId":0},{"DirectionId":1}]}}`);
    upstream = await startUpstream(() => ({ body: `{"RoutesForStopData":{"RouteSummaryData":[${data.join(',')}]}}` }));
    const error = await rejection(clientFor(upstream, { format: 'json' }).routeSummary('3017'));
    expect(error.message).toContain('a stop with 302 route directions');
  });
});

describe('a cached read does no work', () => {
  it('hands every caller the same frozen answer, from the cache and from a shared request', async () => {
    upstream = await startUpstream(fixtureScript({ GetNextTripsForStop: 'next-trips' }));
    const client = clientFor(upstream, { now: still });
    const [first, second] = await Promise.all([client.nextTrips('3020', '94'), client.nextTrips('3020', '94')]);
    const third = await client.nextTrips('3020', '94');
    expect(upstream.requests).toHaveLength(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    for (const part of [
      first,
      first.routes,
      first.routes[0],
      first.routes[0]?.trips,
      first.routes[0]?.trips[0],
      first.routes[0]?.trips[0]?.bus,
      first.routes[0]?.trips[0]?.position,
    ]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
  });

  it('lets no caller change it: not a field, not a list, not the request time', async () => {
    upstream = await startUpstream(fixtureScript({ GetNextTripsForStop: 'next-trips' }));
    const client = clientFor(upstream, { now: fixedClock(0) });
    const stop = await client.nextTrips('3020', '94');
    const at = stop.requestedAt?.getTime();
    expect(() => {
      (stop as { stopName: string }).stopName = 'edited';
    }).toThrow(TypeError);
    expect(() => (stop.routes as unknown[]).pop()).toThrow(TypeError);
    expect(() => stop.requestedAt?.setTime(0)).toThrow(TypeError);
    expect(() => stop.requestedAt?.setFullYear(1999)).toThrow(TypeError);
    const again = await client.nextTrips('3020', '94');
    expect([again.stopName, again.routes.length, again.requestedAt?.getTime()]).toStrictEqual(['LAURIER STATION', 2, at]);
  });
});
