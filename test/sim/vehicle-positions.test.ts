import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { createGtfsSource, type GtfsSource } from '../../src/sources/gtfs/source.js';
import { decodeVehiclePositions } from '../../src/sources/gtfs/realtime/decode-vehicles.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { capturingLogger, tempDir } from '../sources/gtfs/helpers.js';

// The local server's VehiclePositions over HTTP: the demo's buses move along their routes as the
// clock runs, and the GTFS source joins each to its trip, counting the stops to the rider's.

const KEY = 'vp-subscription-key-77c1';
const START = '2026-03-10T08:00:00-04:00';

describe('the demo network’s vehicle positions', () => {
  const now = fixedClock(START);
  const dir = tempDir();
  let sim: SimServer;
  let source: GtfsSource;

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: KEY });
    source = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
      vehiclePositions: { kind: 'url', url: `${sim.url}/gtfs-rt/vehicle-positions` },
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
      refreshSeconds: 30,
      dataDir: dir.path,
      now,
      logger: capturingLogger().logger,
    });
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    await sim.close();
    dir.remove();
  });

  it('refuses a wrong key, as the trip updates do', async () => {
    const res = await fetch(`${sim.url}/gtfs-rt/vehicle-positions`, { headers: { 'Ocp-Apim-Subscription-Key': 'nope' } });
    expect(res.status).toBe(401);
  });

  it('each bus moves along its route between two snapshots, and comes closer to the stop', async () => {
    const first = await source.nextTripsAllRoutes('3017');
    const tracked = first.routes.flatMap((r) => r.trips.map((t) => ({ routeNo: r.routeNo, trip: t }))).filter((t) => t.trip.position !== undefined);
    expect(tracked.length).toBeGreaterThan(0);
    for (const { trip } of tracked) {
      expect(trip.position!.label).toMatch(/^4\d{3}$/);
      expect(trip.position!.bearing).toBeGreaterThanOrEqual(0);
      expect(trip.position!.stopsAway ?? (trip.position!.passed ? 0 : undefined)).toBeDefined();
    }
    now.advance(90_000);
    const later = await source.nextTripsAllRoutes('3017');
    const moved = tracked.flatMap(({ routeNo, trip }) => {
      const again = later.routes
        .filter((r) => r.routeNo === routeNo)
        .flatMap((r) => r.trips)
        .find((t) => t.startTime === trip.startTime && t.position);
      return again === undefined ? [] : [{ before: trip.position!, after: again.position! }];
    });
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.some(({ before, after }) => before.lat !== after.lat || before.lon !== after.lon)).toBe(true);
    for (const { before, after } of moved) expect(after.stopsAway ?? 0).toBeLessThanOrEqual(before.stopsAway ?? Infinity);
  });

  it('the feed holds the fields riders are shown: place, bearing, current stop and status, and occupancy on most buses', async () => {
    const res = await fetch(`${sim.url}/gtfs-rt/vehicle-positions`, { headers: { 'Ocp-Apim-Subscription-Key': KEY } });
    const feed = decodeVehiclePositions(new Uint8Array(await res.arrayBuffer()));
    const all = [...feed.byTripId.values()].flat();
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((v) => v.currentStopSequence !== undefined && v.status !== undefined && v.bearing !== undefined)).toBe(true);
    const withOccupancy = all.filter((v) => v.occupancy !== undefined).length;
    expect(withOccupancy).toBeGreaterThan(all.length / 2);
    expect(withOccupancy).toBeLessThan(all.length);
  });
});
