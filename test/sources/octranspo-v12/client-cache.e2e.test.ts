import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { fixtureScript, startUpstream, type Script, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { rejection } from './helpers.js';

// Gentleness towards the upstream: answers cached by operation and arguments (the project Clock,
// stepped by each test), identical questions in flight share one request, and failures are never kept.

let upstream: Upstream;
afterEach(() => upstream.close());

const FIXTURES = {
  GetRouteSummaryForStop: 'route-summary',
  GetNextTripsForStop: 'next-trips',
  GetNextTripsForStopAllRoutes: 'next-trips-all-routes',
  Gtfs: 'gtfs-stops',
};

/** A clock that never moves, for tests that are not about time. */
const still = () => new Date(0);

describe('cache', () => {
  it('serves next trips from cache within 30 s and asks again after', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const now = fixedClock(1_000_000);
    const client = clientFor(upstream, { now });
    const first = await client.nextTrips('3020', '94');
    now.advance(29_999);
    expect(await client.nextTrips('3020', '94')).toStrictEqual(first);
    expect(upstream.requests).toHaveLength(1);
    now.advance(1);
    await client.nextTrips('3020', '94');
    expect(upstream.requests).toHaveLength(2);
  });

  it('keeps all-routes answers 30 s and route summaries 24 h by default', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const now = fixedClock(1_000_000);
    const client = clientFor(upstream, { now });
    await client.nextTripsAllRoutes('3020');
    await client.routeSummary('7659');
    now.advance(30_000);
    await client.nextTripsAllRoutes('3020');
    await client.routeSummary('7659');
    expect(upstream.requests.map((r) => r.operation)).toStrictEqual([
      'GetNextTripsForStopAllRoutes',
      'GetRouteSummaryForStop',
      'GetNextTripsForStopAllRoutes',
    ]);
    now.advance(24 * 3_600_000 - 30_000 - 1);
    await client.routeSummary('7659');
    expect(upstream.requests).toHaveLength(3);
    now.advance(1);
    await client.routeSummary('7659');
    expect(upstream.requests).toHaveLength(4);
  });

  it('keeps Gtfs answers 24 h, per query', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const now = fixedClock(1_000_000);
    const client = clientFor(upstream, { now });
    await client.gtfs({ table: 'stops', column: 'stop_code', value: '3017' });
    await client.gtfs({ table: 'stops', column: 'stop_code', value: '3017' });
    await client.gtfs({ table: 'stops', column: 'stop_code', value: '3018' });
    expect(upstream.requests).toHaveLength(2);
    now.advance(24 * 3_600_000);
    await client.gtfs({ table: 'stops', column: 'stop_code', value: '3017' });
    expect(upstream.requests).toHaveLength(3);
  });

  it('takes its TTLs from cacheTtlMs', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const now = fixedClock(1_000_000);
    const client = clientFor(upstream, { now, cacheTtlMs: { nextTrips: 5_000, routeSummary: 0 } });
    await client.nextTrips('3020', '94');
    await client.routeSummary('7659');
    await client.routeSummary('7659');
    now.advance(4_999);
    await client.nextTrips('3020', '94');
    expect(upstream.requests.map((r) => r.operation)).toStrictEqual(['GetNextTripsForStop', 'GetRouteSummaryForStop', 'GetRouteSummaryForStop']);
    now.advance(1);
    await client.nextTrips('3020', '94');
    expect(upstream.requests).toHaveLength(4);
  });

  it('keeps Gtfs answers as long as route summaries unless told otherwise', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const now = fixedClock(1_000_000);
    const query = { table: 'stops', column: 'stop_code', value: '3017' } as const;
    const client = clientFor(upstream, { now, cacheTtlMs: { routeSummary: 60_000 } });
    await client.gtfs(query);
    now.advance(59_999);
    await client.gtfs(query);
    expect(upstream.requests).toHaveLength(1);
    now.advance(1);
    await client.gtfs(query);
    expect(upstream.requests).toHaveLength(2);
    const own = clientFor(upstream, { now, cacheTtlMs: { routeSummary: 60_000, gtfs: 1_000 } });
    await own.gtfs(query);
    now.advance(1_000);
    await own.gtfs(query);
    expect(upstream.requests).toHaveLength(4);
  });

  it('keys by operation and every argument', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const client = clientFor(upstream, { now: still });
    await client.nextTrips('3020', '94');
    await client.nextTrips('3020', '95');
    await client.nextTrips('3021', '94');
    await client.nextTripsAllRoutes('3020');
    await client.routeSummary('3020');
    await client.nextTrips('3020', '94');
    expect(upstream.requests).toHaveLength(5);
  });

  it('stays within cacheMaxEntries, dropping the least recently used', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const client = clientFor(upstream, { now: still, cacheMaxEntries: 2 });
    await client.routeSummary('0001');
    await client.routeSummary('0002');
    await client.routeSummary('0001');
    await client.routeSummary('0003'); // evicts 0002
    await client.routeSummary('0001');
    await client.routeSummary('0002');
    expect(upstream.requests.map((r) => r.form.stopNo)).toStrictEqual(['0001', '0002', '0003', '0002']);
  });
});

describe('failures are not cached', () => {
  it('asks again after a stop-level api error', async () => {
    upstream = await startUpstream(fixtureScript({ GetRouteSummaryForStop: 'route-summary-error-10' }));
    const client = clientFor(upstream, { now: still });
    expect((await rejection(client.routeSummary('0000'))).code).toBe(10);
    expect((await rejection(client.routeSummary('0000'))).code).toBe(10);
    expect(upstream.requests).toHaveLength(2);
  });

  it('asks again after an answer with a route-level error', async () => {
    upstream = await startUpstream(fixtureScript({ GetNextTripsForStop: 'next-trips-quirks' }));
    const client = clientFor(upstream, { now: still });
    await client.nextTrips('3017', '95');
    await client.nextTrips('3017', '95');
    expect(upstream.requests).toHaveLength(2);
  });

  it('asks again after HTTP and parse failures, and caches the success that follows', async () => {
    const replies: Script[] = [
      () => ({ status: 500, body: 'x' }),
      () => ({ status: 500, body: 'x' }),
      () => ({ body: 'garbage' }),
      fixtureScript(FIXTURES),
    ];
    upstream = await startUpstream((request, index) => (replies[Math.min(index, 3)] as Script)(request, index));
    const client = clientFor(upstream, { now: still });
    expect((await rejection(client.nextTrips('3020', '94'))).reason).toBe('http');
    expect((await rejection(client.nextTrips('3020', '94'))).reason).toBe('malformed');
    await client.nextTrips('3020', '94');
    await client.nextTrips('3020', '94');
    expect(upstream.requests).toHaveLength(4);
  });
});

describe('coalescing', () => {
  it('sends one request for 20 identical concurrent questions, and each caller gets the same frozen answer', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const client = clientFor(upstream, { now: still, cacheTtlMs: { nextTrips: 0 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.nextTrips('3020', '94')));
    expect(upstream.requests).toHaveLength(1);
    expect(answers.every((answer) => answer.routes.length === 2)).toBe(true);
    expect(new Set(answers).size).toBe(1);
    expect(Object.isFrozen(answers[0])).toBe(true);
  });

  it('shares a failure among the waiting callers, then asks afresh', async () => {
    upstream = await startUpstream((request, index) => (index < 2 ? { status: 503, body: 'busy' } : fixtureScript(FIXTURES)(request, index)));
    const client = clientFor(upstream, { now: still });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => client.nextTripsAllRoutes('3020')));
    expect(outcomes.every((o) => o.status === 'rejected' && (o.reason as { code?: number }).code === 503)).toBe(true);
    expect(upstream.requests).toHaveLength(2);
    const stop = await client.nextTripsAllRoutes('3020');
    expect(stop.routes).toHaveLength(3);
    expect(upstream.requests).toHaveLength(3);
  });

  it('does not merge different questions', async () => {
    upstream = await startUpstream(fixtureScript(FIXTURES));
    const client = clientFor(upstream, { now: still });
    await Promise.all([
      client.nextTrips('3020', '94'),
      client.nextTrips('3020', '95'),
      client.routeSummary('3020'),
      client.nextTripsAllRoutes('3020'),
    ]);
    expect(upstream.requests).toHaveLength(4);
  });
});
