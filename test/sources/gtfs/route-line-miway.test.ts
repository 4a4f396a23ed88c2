import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { haversineMeters } from '../../../src/domain/geo.js';
import type { RouteLine } from '../../../src/domain/route-line.js';
import { busColour, BUS_RADIUS, BUS_Y, COLOURS, LINE_Y, PICTURE_WIDTH, pictureHeight, stripX } from '../../../src/core/format/line-picture.js';
import { svgToPng } from '../../../src/render/svg-to-png.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { colourNear, readPng, zipCsv } from '../../render/picture-pixels.js';
import { capturingLogger, fixture, tempDir } from './helpers.js';

// /line on a real capture: MiWay's route 61 at 18:50:32 on 2025-10-26 (VehiclePositions with fixes
// but no current stop, so each bus is placed by its fix), its stops from the static feed made of
// the capture's own trips. Expectations come from the files themselves: the stops of the longest
// trip in stop_sequence order, each bus near the stop nearest its fix (haversine), its minutes the
// same as /next's. Then the picture: decoded, each bus and the rider's stop at their x.

interface JsonVehicle {
  trip: { tripId: string; routeId?: string };
  position: { latitude: number; longitude: number };
  vehicle?: { label?: string };
}

describe('route 61 drawn from the MiWay capture', () => {
  const json = JSON.parse(readFileSync(fixture('miway-vehicle-positions-cut.json'), 'utf8')) as {
    header: { timestamp: string };
    entity: Array<{ vehicle?: JsonVehicle }>;
  };
  const NOW_MS = Number(json.header.timestamp) * 1000;
  const dir = tempDir();
  let source: GtfsSource;
  let line: RouteLine;
  let stops: Array<{ id: string; code: string; lat: number; lon: number }>;

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
    line = (await source.routeLine!('61', '0477'))!;
    // The longest trip of route 61 in the zip, its stops in stop_sequence order.
    const zip = readFileSync(fixture('miway-vehicles-gtfs.zip'));
    const [trips, stopTimes, stopRows] = await Promise.all([zipCsv(zip, 'trips.txt'), zipCsv(zip, 'stop_times.txt'), zipCsv(zip, 'stops.txt')]);
    const ofRoute = trips.filter((t) => t.route_id === '61').map((t) => t.trip_id!);
    const longest = ofRoute.sort((a, b) => stopTimes.filter((s) => s.trip_id === b).length - stopTimes.filter((s) => s.trip_id === a).length)[0]!;
    stops = stopTimes
      .filter((s) => s.trip_id === longest)
      .sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence))
      .map((s) => {
        const row = stopRows.find((r) => r.stop_id === s.stop_id)!;
        return { id: row.stop_id!, code: row.stop_code || row.stop_id!, lat: Number(row.stop_lat), lon: Number(row.stop_lon) };
      });
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('has the stops of the route’s longest trip in order, the rider’s stop marked', () => {
    expect(line.directions).toHaveLength(1);
    const [direction] = line.directions;
    expect(direction!.stops.map((s) => s.stopNo)).toEqual(stops.map((s) => s.code));
    expect(direction!.stops.filter((s) => s.rider === true).map((s) => s.stopNo)).toEqual(['0477']);
    expect(line.stopNo).toBe('0477');
  });

  it('places each bus of the route’s known trips by its fix, next to its nearest stop, with /next’s minutes', async () => {
    const direction = line.directions[0]!;
    // 28651732 runs route 61 but the static feed lacks its trip: it cannot be placed on a line of the schedule.
    const onRoute = json.entity
      .flatMap((e) => (e.vehicle !== undefined ? [e.vehicle] : []))
      .filter((v) => v.trip.routeId === '61' && v.trip.tripId !== '28651732');
    expect(direction.vehicles.map((v) => v.label).sort()).toEqual(onRoute.map((v) => v.vehicle!.label).sort());
    const board = await source.nextTrips('0477', '61');
    const trips = board.routes.flatMap((r) => r.trips);
    for (const vehicle of onRoute) {
      const placed = direction.vehicles.find((v) => v.label === vehicle.vehicle!.label)!;
      const distances = stops.map((s) => haversineMeters(s.lat, s.lon, vehicle.position.latitude, vehicle.position.longitude));
      const nearest = distances.indexOf(Math.min(...distances));
      expect(Math.abs(placed.at - nearest)).toBeLessThanOrEqual(1);
      const trip = trips.find((t) => t.position?.label === vehicle.vehicle!.label)!;
      expect(placed.toRider).toEqual({
        minutesAway: trip.minutesAway,
        trust: trip.trust,
        ...(trip.delaySeconds !== undefined ? { delaySeconds: trip.delaySeconds } : {}),
      });
    }
  });

  it('is drawn as a PNG with each bus and the rider’s stop at their x along the strip', async () => {
    const core = createBotCore({ transit: source, ...memoryStores(), now: fixedClock(NOW_MS), drawPng: svgToPng() });
    const reply = await core.run({ name: 'line', options: { route: '61', stop: '0477' } }, privateChat());
    expect(reply.kind).toBe('answer');
    const picture = readPng(reply.image!.png);
    expect([picture.width, picture.height]).toEqual([PICTURE_WIDTH, pictureHeight(1)]);
    expect([reply.image!.width, reply.image!.height]).toEqual([PICTURE_WIDTH, pictureHeight(1)]);
    const direction = line.directions[0]!;
    const count = direction.stops.length;
    // The rider's stop is the last: its ring, in the rider's colour, at the strip's last x.
    const riderX = stripX(count - 1, count);
    expect(colourNear(picture, riderX, LINE_Y - 13, COLOURS.rider)).toBe(true);
    expect(colourNear(picture, stripX(0, count), LINE_Y - 13, COLOURS.rider)).toBe(false);
    // Each bus: its disc's top edge, in its trust's colour, at its x; nowhere else along that row but near a bus.
    for (const vehicle of direction.vehicles) {
      expect(colourNear(picture, stripX(vehicle.at, count), BUS_Y - BUS_RADIUS, busColour(vehicle.toRider?.trust, vehicle.passed === true))).toBe(
        true,
      );
    }
    for (let x = 20; x < PICTURE_WIDTH - 20; x += 10) {
      const nearBus = direction.vehicles.some((v) => Math.abs(stripX(v.at, count) - x) <= BUS_RADIUS + 3);
      if (!nearBus) expect(colourNear(picture, x, BUS_Y, COLOURS.tracked, 0)).toBe(false);
    }
  });
});
