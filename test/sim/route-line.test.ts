import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { LineDirection } from '../../src/domain/route-line.js';
import {
  busColour,
  BUS_RADIUS,
  BUS_Y,
  COLOURS,
  LINE_Y,
  PANEL_HEIGHT,
  PICTURE_WIDTH,
  pictureHeight,
  stripX,
} from '../../src/core/format/line-picture.js';
import { svgToPng } from '../../src/render/svg-to-png.js';
import { decodeVehiclePositions } from '../../src/sources/gtfs/realtime/decode-vehicles.js';
import { createGtfsSource, type GtfsSource } from '../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { memoryStores, privateChat } from '../core/fakes.js';
import { colourNear, readPng, zipCsv } from '../render/picture-pixels.js';
import { capturingLogger, tempDir } from '../sources/gtfs/helpers.js';
import type { CsvRecord } from '../../src/gtfs-format/csv.js';

// /line on the demo network, whose buses move: the GTFS source over the local server's schedule
// and VehiclePositions. Each bus is expected where the feed's own current stop and status put it
// (read from the feed and the zip here, not through the source): at its stop when stopped there,
// else between the stop before and that one. 90 s later the buses have moved on. The picture of
// both directions is decoded: the rider's stop and each bus at their x.

const KEY = 'line-subscription-key-5d2e';
const START = '2026-03-10T08:00:00-04:00';
const STOP = '3017';

describe('the demo network drawn as lines', () => {
  const now = fixedClock(START);
  const dir = tempDir();
  let sim: SimServer;
  let source: GtfsSource;
  let routeNo: string;
  let zip: { trips: CsvRecord[]; stopTimes: CsvRecord[]; stops: CsvRecord[] };

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
    // A route at the stop with a bus tracked now.
    const board = await source.nextTripsAllRoutes(STOP);
    routeNo = board.routes.find((r) => r.trips.some((t) => t.position !== undefined))!.routeNo;
    const bytes = Buffer.from(await (await fetch(`${sim.url}/gtfs/static.zip`)).arrayBuffer());
    const [trips, stopTimes, stops] = await Promise.all([zipCsv(bytes, 'trips.txt'), zipCsv(bytes, 'stop_times.txt'), zipCsv(bytes, 'stops.txt')]);
    zip = { trips, stopTimes, stops };
  });
  afterAll(async () => {
    await source.close();
    await sim.close();
    dir.remove();
  });

  /** Where the feed says each bus of the route is: its stop's code, and whether it is stopped there. */
  async function feedSays(): Promise<Array<{ label: string; directionId: number; code: string; stopped: boolean }>> {
    const res = await fetch(`${sim.url}/gtfs-rt/vehicle-positions`, { headers: { 'Ocp-Apim-Subscription-Key': KEY } });
    const feed = decodeVehiclePositions(new Uint8Array(await res.arrayBuffer()));
    const routeIds = new Set(zip.trips.filter((t) => t.route_id === routeNo || t.route_id?.startsWith(`${routeNo}-`)).map((t) => t.trip_id));
    return [...feed.byTripId.values()].flat().flatMap((v) => {
      if (!routeIds.has(v.tripId)) return [];
      const trip = zip.trips.find((t) => t.trip_id === v.tripId)!;
      const stopId = v.stopId ?? zip.stopTimes.find((s) => s.trip_id === v.tripId && Number(s.stop_sequence) === v.currentStopSequence)!.stop_id!;
      const stop = zip.stops.find((s) => s.stop_id === stopId)!;
      return [
        {
          label: v.label ?? v.vehicleId!,
          directionId: Number(trip.direction_id),
          code: stop.stop_code || stopId,
          stopped: v.status === 'stopped-at',
        },
      ];
    });
  }

  function expectPlaced(direction: LineDirection, said: Awaited<ReturnType<typeof feedSays>>) {
    const mine = said.filter((s) => s.directionId === direction.directionId);
    expect(direction.vehicles.map((v) => v.label).sort()).toEqual(mine.map((s) => s.label).sort());
    for (const bus of mine) {
      const placed = direction.vehicles.find((v) => v.label === bus.label)!;
      const index = direction.stops.findIndex((s) => s.stopNo === bus.code);
      expect(index).toBeGreaterThanOrEqual(0);
      if (bus.stopped || index === 0) expect(placed.at).toBe(index);
      else {
        expect(placed.at).toBeGreaterThanOrEqual(index - 1);
        expect(placed.at).toBeLessThan(index);
      }
    }
  }

  it('puts every bus of each direction where the feed says it is, the rider’s stop marked, and they move on', async () => {
    const line = (await source.routeLine!(routeNo, STOP))!;
    expect(line.directions.length).toBe(2);
    const said = await feedSays();
    expect(said.length).toBeGreaterThan(0);
    for (const direction of line.directions) {
      expect(direction.stops.filter((s) => s.rider === true).map((s) => s.stopNo)).toEqual([STOP]);
      expectPlaced(direction, said);
    }
    now.advance(90_000);
    const later = (await source.routeLine!(routeNo, STOP))!;
    const saidLater = await feedSays();
    for (const direction of later.directions) expectPlaced(direction, saidLater);
    const moves = later.directions.flatMap((d, i) =>
      d.vehicles.flatMap((v) => {
        const before = line.directions[i]!.vehicles.find((b) => b.label === v.label);
        return before === undefined ? [] : [v.at - before.at];
      }),
    );
    expect(moves.some((move) => move > 0)).toBe(true);
    expect(moves.every((move) => move >= 0)).toBe(true);
  });

  it('draws both directions in one PNG: each bus and the rider’s stop at their x, in each direction’s panel', async () => {
    const core = createBotCore({ transit: source, ...memoryStores(), now, drawPng: svgToPng() });
    const reply = await core.run({ name: 'line', options: { route: routeNo, stop: STOP } }, privateChat());
    expect(reply.kind).toBe('answer');
    const line = (await source.routeLine!(routeNo, STOP))!;
    const picture = readPng(reply.image!.png);
    expect([picture.width, picture.height]).toEqual([PICTURE_WIDTH, pictureHeight(2)]);
    line.directions.forEach((direction, panel) => {
      const top = panel * PANEL_HEIGHT;
      const count = direction.stops.length;
      const rider = direction.stops.findIndex((s) => s.rider === true);
      expect(colourNear(picture, stripX(rider, count), top + LINE_Y - 13, COLOURS.rider)).toBe(true);
      for (const vehicle of direction.vehicles) {
        const colour = busColour(vehicle.toRider?.trust, vehicle.passed === true);
        expect(colourNear(picture, stripX(vehicle.at, count), top + BUS_Y - BUS_RADIUS, colour)).toBe(true);
      }
    });
    // The terminal's strip of each direction: the rider's stop and a bus on it.
    const strips = reply.blocks.map((b) => b.lines[0]!);
    expect(strips).toHaveLength(2);
    for (const strip of strips) expect(strip).toMatch(/^[●◉⊗─🚌]+ 3017$/u);
    expect(strips.join('')).toContain('🚌');
  });
});
