import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { decodeVehiclePositions } from '../../../src/sources/gtfs/realtime/decode-vehicles.js';
import { FeedDecodeError } from '../../../src/sources/gtfs/realtime/decode.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, fixture, tempDir } from './helpers.js';

// Real VehiclePositions decoded against their JSON twins (gtfs-realtime-bindings' own decoding,
// not ours), then the MiWay capture joined to its trips: each vehicle at its own place with its
// own occupancy, and a vehicle on a trip the static feed lacks joined to nothing.

interface JsonVehicle {
  trip: { tripId: string; startDate?: string; routeId?: string };
  position: { latitude: number; longitude: number; bearing?: number; speed?: number };
  timestamp?: string;
  vehicle?: { id?: string; label?: string };
  occupancyStatus?: string;
  currentStopSequence?: number;
  currentStatus?: string;
  stopId?: string;
}
const twin = (name: string) =>
  JSON.parse(readFileSync(fixture(name), 'utf8')) as { header: { timestamp: string }; entity: Array<{ id: string; vehicle?: JsonVehicle }> };
const bytes = (name: string) => new Uint8Array(readFileSync(fixture(name)));

const OCCUPANCY: Record<string, string | undefined> = {
  MANY_SEATS_AVAILABLE: 'many-seats',
  FEW_SEATS_AVAILABLE: 'few-seats',
  STANDING_ROOM_ONLY: 'standing-room',
  FULL: 'full',
  NO_DATA_AVAILABLE: undefined,
};
const STATUS: Record<string, string> = { INCOMING_AT: 'incoming-at', STOPPED_AT: 'stopped-at', IN_TRANSIT_TO: 'in-transit-to' };

describe('VehiclePositions decoded as their JSON twins have them', () => {
  it.each([
    ['MiWay (occupancy, bearing, labels)', 'miway-vehicle-positions-cut'],
    ['exo trains (current stop sequence and status)', 'exo-train-vehicle-positions'],
  ])('%s', (_, name) => {
    const json = twin(`${name}.json`);
    const feed = decodeVehiclePositions(bytes(`${name}.pb`));
    expect(feed.timestamp).toBe(Number(json.header.timestamp));
    const vehicles = json.entity.flatMap((e) => (e.vehicle !== undefined ? [e.vehicle] : []));
    expect(feed.vehicles).toBe(vehicles.length);
    for (const v of vehicles) {
      const runs = feed.byTripId.get(v.trip.tripId)!;
      expect(runs).toHaveLength(1);
      const read = runs[0]!;
      // Floats on the wire: the twin printed the same float32 values.
      expect(read.lat).toBe(v.position.latitude);
      expect(read.lon).toBe(v.position.longitude);
      expect(read.bearing).toBe(v.position.bearing !== undefined ? Math.round(v.position.bearing) % 360 : undefined);
      expect(read.speedMs).toBe(v.position.speed);
      expect(read.timestamp).toBe(v.timestamp !== undefined ? Number(v.timestamp) : undefined);
      expect(read.startDate).toBe(v.trip.startDate);
      expect(read.label).toBe(v.vehicle?.label);
      expect(read.vehicleId).toBe(v.vehicle?.id);
      expect(read.occupancy).toBe(v.occupancyStatus === undefined ? undefined : OCCUPANCY[v.occupancyStatus]);
      expect(read.currentStopSequence).toBe(v.currentStopSequence);
      expect(read.stopId).toBe(v.stopId);
      expect(read.status).toBe(
        v.stopId !== undefined || v.currentStopSequence !== undefined ? STATUS[v.currentStatus ?? 'IN_TRANSIT_TO'] : undefined,
      );
    }
  });

  it('Caltrain: every vehicle of the capture is read, at a place in the Bay Area', () => {
    const feed = decodeVehiclePositions(bytes('caltrain-vehicle-positions.pb'));
    expect(feed.vehicles).toBeGreaterThan(0);
    for (const [, runs] of feed.byTripId) {
      for (const run of runs) {
        expect(run.lat).toBeGreaterThan(37);
        expect(run.lat).toBeLessThan(38.5);
        expect(run.lon).toBeLessThan(-121);
      }
    }
  });

  it('refuses what is not a feed, as a decode error', () => {
    expect(() => decodeVehiclePositions(new TextEncoder().encode('<html>502 Bad Gateway</html>'))).toThrow(FeedDecodeError);
  });
});

describe('the MiWay capture joined to its trips at 2025-10-26T18:50:32-04:00', () => {
  const json = twin('miway-vehicle-positions-cut.json');
  const byTrip = new Map(json.entity.map((e) => [e.vehicle!.trip.tripId, e.vehicle!]));
  const NOW_MS = Number(json.header.timestamp) * 1000;
  const updates = JSON.parse(readFileSync(fixture('miway-trip-updates-vehicles.json'), 'utf8')) as {
    entity: Array<{
      tripUpdate: { trip: { tripId: string }; stopTimeUpdate: Array<{ stopId: string; arrival?: { time: string }; departure?: { time: string } }> };
    }>;
  };
  const dir = tempDir();
  let source: GtfsSource;
  beforeAll(async () => {
    source = await createGtfsSource({
      schedule: { kind: 'file', path: fixture('miway-vehicles-gtfs.zip') },
      tripUpdates: { kind: 'file', path: fixture('miway-trip-updates-vehicles.pb') },
      vehiclePositions: { kind: 'file', path: fixture('miway-vehicle-positions-cut.pb') },
      dataDir: dir.path,
      now: fixedClock(NOW_MS),
      logger: capturingLogger().logger,
    });
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('each trip of route 61 at City Centre (0477) shows its own vehicle, place and occupancy', async () => {
    const arrivals = await source.nextTrips('0477', '61');
    const trips = arrivals.routes.flatMap((r) => r.trips);
    expect(trips.length).toBe(3);
    const labels = new Set<string>();
    for (const trip of trips) {
      const position = trip.position!;
      const vehicle = [...byTrip.values()].find((v) => v.vehicle?.label === position.label)!;
      // The vehicle shown is the one the feed puts on this very trip (its start and the trip's agree).
      expect(vehicle.trip.routeId).toBe('61');
      expect(position.lat).toBe(vehicle.position.latitude);
      expect(position.lon).toBe(vehicle.position.longitude);
      expect(position.bearing).toBe(vehicle.position.bearing);
      expect(position.occupancy).toBe(vehicle.occupancyStatus === undefined ? undefined : OCCUPANCY[vehicle.occupancyStatus]);
      expect(position.fixAt?.getTime()).toBe(Number(vehicle.timestamp) * 1000);
      labels.add(position.label!);
    }
    expect(labels.size).toBe(3);
    expect(arrivals.noVehiclePositions).toBeUndefined();
    // trips.txt says wheelchair_accessible 1 for these trips, stops.txt wheelchair_boarding 1 at 0477.
    expect(trips.every((t) => t.wheelchair === true)).toBe(true);
    // Joined to the right trip: the trip due when a trip's update says it reaches 0477 carries that trip's vehicle.
    for (const e of updates.entity) {
      const tripId = e.tripUpdate.trip.tripId;
      const at = e.tripUpdate.stopTimeUpdate.find((u) => u.stopId === '0477');
      if (tripId === '28651732' || at === undefined) continue;
      const shown = trips.find((t) => t.at!.getTime() === Number((at.arrival ?? at.departure)!.time) * 1000);
      expect(shown?.position?.label).toBe(byTrip.get(tripId)!.vehicle!.label);
    }
    // 28651840 carries MANY_SEATS, 28651767 FEW_SEATS, 28651835 no occupancy: each as its own.
    expect(trips.map((t) => t.position?.occupancy).sort()).toEqual(['few-seats', 'many-seats', undefined]);
  });

  it('the vehicle on a trip the static feed lacks (28651732, bus 1795) is joined to no trip', async () => {
    expect(byTrip.get('28651732')?.vehicle?.label).toBe('1795');
    const all = await source.nextTripsAllRoutes('0477');
    const labels = all.routes.flatMap((r) => r.trips.map((t) => t.position?.label));
    expect(labels).not.toContain('1795');
  });

  it('route 1 (standing room only): its vehicles where the feed puts them', async () => {
    const arrivals = await source.nextTripsAllRoutes('9018');
    const tracked = arrivals.routes.flatMap((r) => r.trips).filter((t) => t.position !== undefined);
    expect(tracked.length).toBeGreaterThan(0);
    for (const trip of tracked) {
      const vehicle = [...byTrip.values()].find((v) => v.vehicle?.label === trip.position!.label)!;
      expect(vehicle.trip.routeId).toBe('1');
      expect(trip.position!.occupancy).toBe(OCCUPANCY[vehicle.occupancyStatus!]);
    }
  });

  it('the feed is read once per interval however many riders ask at once', async () => {
    const before = source.vehicles!.requests;
    await Promise.all(Array.from({ length: 50 }, () => source.nextTripsAllRoutes('0477')));
    expect(source.vehicles!.requests - before).toBeLessThanOrEqual(1);
  });
});

describe('a network whose feeds give no vehicle positions', () => {
  const NOW_MS = Number(twin('miway-vehicle-positions-cut.json').header.timestamp) * 1000;
  const dir = tempDir();
  let source: GtfsSource;
  beforeAll(async () => {
    source = await createGtfsSource({
      schedule: { kind: 'file', path: fixture('miway-vehicles-gtfs.zip') },
      tripUpdates: { kind: 'file', path: fixture('miway-trip-updates-vehicles.pb') },
      dataDir: dir.path,
      now: fixedClock(NOW_MS),
      logger: capturingLogger().logger,
    });
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('says so in its answers (live trips without a fix are not a silent tracker), and only then', async () => {
    const arrivals = await source.nextTrips('0477', '61');
    expect(arrivals.routes.flatMap((r) => r.trips).some((t) => t.trust !== 'scheduled')).toBe(true);
    expect(arrivals.noVehiclePositions).toBe(true);
    expect((await source.nextTripsAllRoutes('0477')).noVehiclePositions).toBe(true);
  });
});
