import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { isTransitError, type TransitErrorKind } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { DEMO_API_KEY, DEMO_APP_ID } from '../../src/sim/index.js';
import { createGtfsSource } from '../../src/sources/gtfs/source.js';
import { createTransitClient } from '../../src/sources/octranspo-v12/index.js';
import { capturingLogger, tempDir } from './gtfs/helpers.js';

// One set of cases, every transit source (as hafas-client runs one suite over every profile):
// the local server's demo network asked through the v1.2 API, and the same network read as a
// GTFS zip with its TripUpdates. Whatever the source, the core reads the same answers and the
// same kinds of refusal.

/** A Tuesday at 08:00 in Ottawa: the demo network's weekday service is running, some buses live. */
const START = '2026-11-24T08:00:00-05:00';

interface Opened {
  source: TransitSource;
  close(): Promise<void>;
}

const SOURCES: Array<[string, (sim: SimServer, now: ReturnType<typeof fixedClock>, dir: string) => Promise<Opened>]> = [
  [
    'the v1.2 client',
    (sim, now) =>
      Promise.resolve({
        source: createTransitClient({ baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, now, retryDelayMs: 1 }),
        close: () => Promise.resolve(),
      }),
  ],
  [
    'the GTFS source',
    async (sim, now, dir) => {
      const source = await createGtfsSource({
        schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
        tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
        headers: { 'Ocp-Apim-Subscription-Key': DEMO_API_KEY },
        dataDir: dir,
        now,
        logger: capturingLogger().logger,
      });
      expect(await source.refreshSchedule()).toBe('imported');
      return { source, close: () => source.close() };
    },
  ],
];

async function refusal(work: Promise<unknown>): Promise<TransitErrorKind> {
  const outcome = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isTransitError(outcome)).toBe(true);
  return (outcome as { kind: TransitErrorKind }).kind;
}

describe.each(SOURCES)('%s keeps the transit port', (_name, open) => {
  const now = fixedClock(START);
  const dir = tempDir();
  let sim: SimServer;
  let opened: Opened;
  let source: TransitSource;

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: DEMO_API_KEY, appId: DEMO_APP_ID });
    opened = await open(sim, now, dir.path);
    source = opened.source;
  });
  afterAll(async () => {
    await opened.close();
    await sim.close();
    dir.remove();
  });

  it("says its agency's name and clock, and what its stops and routes look like", async () => {
    const profile = source.profile();
    expect(profile.agencies).toEqual(['OC Transpo']);
    expect(profile.timeZone).toBe('America/Toronto');
    expect(profile.stopDigits).toBe(4);
    expect(profile.vehicles).toBe('bus');
    expect(source.identifiers.readStop(profile.examples.stop).ok).toBe(true);
    expect(source.identifiers.readRoute(profile.examples.route).ok).toBe(true);
    const served = await source.routeSummary(profile.examples.stop);
    expect(served.routes.map((r) => r.routeNo)).toContain(profile.examples.route);
  });

  it('refuses a stop that does not exist, whatever is asked of it', async () => {
    expect(await refusal(source.routeSummary('9999'))).toBe('unknown-stop');
    expect(await refusal(source.nextTripsAllRoutes('9999'))).toBe('unknown-stop');
    expect(await refusal(source.nextTrips('9999', '95'))).toBe('unknown-stop');
    expect(await refusal(source.stopDetails('9999'))).toBe('unknown-stop');
  });

  it('names a route that does not exist, and one that does not stop there, under the stop', async () => {
    const unknown = await source.nextTrips('3017', '999');
    expect(unknown.routes).toHaveLength(1);
    expect(unknown.routes[0]).toMatchObject({ routeNo: '999', problem: { kind: 'unknown-route' }, trips: [] });
    const elsewhere = await source.nextTrips('3020', '7');
    expect(elsewhere.routes).toHaveLength(1);
    expect(elsewhere.routes[0]).toMatchObject({ routeNo: '7', problem: { kind: 'route-not-at-stop' }, trips: [] });
  });

  it('answers live and scheduled trips, soonest first, on the agency clock', async () => {
    const arrivals = await source.nextTripsAllRoutes('3017');
    expect(arrivals.stopNo).toBe('3017');
    expect(arrivals.timeZone).toBe('America/Toronto');
    const trips = arrivals.routes.flatMap((r) => r.trips);
    expect(trips.some((t) => t.trust !== 'scheduled')).toBe(true);
    expect(trips.some((t) => t.trust === 'scheduled')).toBe(true);
    for (const route of arrivals.routes) {
      const minutes = route.trips.map((t) => t.minutesAway);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    }
    const one = await source.nextTrips('3017', '95');
    expect(one.routes.length).toBeGreaterThan(0);
    expect(one.routes.every((r) => r.routeNo === '95' && r.problem === undefined)).toBe(true);
  });

  it('lists the routes serving a stop, without trips', async () => {
    const summary = await source.routeSummary('3017');
    expect(summary.routes.map((r) => r.routeNo)).toContain('95');
    expect(summary.routes.every((r) => r.trips.length === 0)).toBe(true);
    expect(summary.timeZone).toBe('America/Toronto');
  });

  it("gives a stop's details: its name and where it is", async () => {
    const details = await source.stopDetails('3017');
    expect(details.stopNo).toBe('3017');
    expect(details.name).toMatch(/BASELINE/);
    expect(details.position?.lat).toBeCloseTo(45.35, 1);
    expect(details.position?.lon).toBeCloseTo(-75.73, 1);
  });
});
