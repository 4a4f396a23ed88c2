import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { capturingLogger, tempDir } from './helpers.js';

// The whole path over HTTP: the local server's demo network as a GTFS zip and as TripUpdates
// behind a subscription key, read by the GTFS source as a rider's question would.

const KEY = 'e2e-subscription-key-5f3a9c';
// A Tuesday at 08:00 in Ottawa: the demo network's weekday service is running.
const START = '2026-03-10T08:00:00-04:00';

describe('GTFS source against the local server', () => {
  const now = fixedClock(START);
  const dir = tempDir();
  let sim: SimServer;
  const open = async (key: string, data: string) => {
    const captured = capturingLogger();
    const source = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
      headers: { 'Ocp-Apim-Subscription-Key': key },
      refreshSeconds: 30,
      realtimeTimeoutMs: 300,
      dataDir: `${dir.path}/${data}`,
      now,
      logger: captured.logger,
    });
    return { source, log: captured.lines };
  };
  let good: { source: GtfsSource; log: string[] };

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: KEY });
    good = await open(KEY, 'good');
    expect(await good.source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await good.source.close();
    await sim.close();
    dir.remove();
  });

  it('answers live arrivals at a station, in Ottawa time, and asks the feed once for many riders', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => good.source.nextTripsAllRoutes('3017')));
    const arrivals = answers[0]!;
    expect(arrivals.stopName).toBe('BASELINE');
    expect(arrivals.timeZone).toBe('America/Toronto');
    const trips = arrivals.routes.flatMap((r) => r.trips);
    expect(trips.some((t) => t.trust !== 'scheduled')).toBe(true);
    expect(trips.some((t) => t.trust === 'scheduled')).toBe(true);
    expect(good.source.realtime?.requests).toBe(1);
    now.advance(10_000);
    await good.source.nextTrips('3017', '95');
    expect(good.source.realtime?.requests).toBe(1);
  });

  it('checks the zip again without downloading it when unchanged (ETag)', async () => {
    expect(await good.source.refreshSchedule()).toBe('unchanged');
  });

  it('a wrong key: the schedule, marked live-unavailable, and no key in the logs', async () => {
    const bad = await open('wrong-key-0000', 'bad');
    expect(await bad.source.refreshSchedule()).toBe('imported');
    const arrivals = await bad.source.nextTripsAllRoutes('3017');
    expect(arrivals.liveUnavailable).toBe(true);
    expect(arrivals.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled')).toBe(true);
    expect(bad.source.realtime?.problem).toMatchObject({ kind: 'http', status: 401 });
    expect(bad.log.join('')).toContain('"status":401');
    expect(bad.log.join('')).not.toContain('wrong-key-0000');
    await bad.source.close();
  });

  it('a feed that stops answering: live data while the last feed is fresh, then the schedule marked unavailable', async () => {
    now.advance(31_000);
    sim.setFaults({ failure: 'reset' });
    const soon = await good.source.nextTripsAllRoutes('3017');
    expect(soon.liveUnavailable).toBeUndefined();
    expect(good.source.realtime?.problem?.kind).toBe('network');
    now.advance(120_000);
    const later = await good.source.nextTripsAllRoutes('3017');
    expect(later.liveUnavailable).toBe(true);
    expect(later.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled')).toBe(true);
    sim.setFaults({ latencyMs: 1_000, count: 1 });
    now.advance(31_000);
    const slow = await good.source.nextTrips('3017', '95');
    expect(slow.liveUnavailable).toBe(true);
    expect(good.source.realtime?.problem?.kind).toBe('timeout');
    expect(good.log.join('')).not.toContain(KEY);
    sim.setFaults({});
  });
});
