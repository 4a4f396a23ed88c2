import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { fixedClock } from '../../../src/domain/clock.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, encodeFeed, tempDir, writeZip } from './helpers.js';

// The live map's route from a GTFS feed: each direction's longest trip's stops in order, its line
// from shapes.txt (or its stops joined when the trip has no shape), and the vehicles on the
// route's trips from VehiclePositions, each with how far its fix is trusted.

const NOW = Date.parse('2026-03-02T15:00:00Z');
const rows = (lines: string[]) => `${lines.join('\n')}\n`;
const FILES = {
  'agency.txt': rows(['agency_id,agency_name,agency_url,agency_timezone', 'A,Test Transit,https://example.org,America/Toronto']),
  'stops.txt': rows([
    'stop_id,stop_code,stop_name,stop_lat,stop_lon',
    's1,101,First,45.40,-75.70',
    's2,102,Second,45.41,-75.69',
    's3,103,Third,45.42,-75.68',
    's4,104,Elsewhere,45.50,-75.50',
  ]),
  'routes.txt': rows(['route_id,agency_id,route_short_name,route_long_name,route_type', 'R9,A,9,Ninth Line,3', 'R7,A,7,Other,3']),
  'trips.txt': rows([
    'route_id,service_id,trip_id,trip_headsign,direction_id,shape_id',
    'R9,WK,t-short,Second,0,shp0',
    'R9,WK,t-long,Third,0,shp0',
    'R9,WK,t-long2,Third,0,shp0',
    'R9,WK,t-back,First,1,',
    'R7,WK,t-other,Elsewhere,0,',
  ]),
  'stop_times.txt': rows([
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    't-short,09:00:00,09:00:00,s1,1',
    't-short,09:05:00,09:05:00,s2,2',
    't-long,10:00:00,10:00:00,s1,1',
    't-long,10:05:00,10:05:00,s2,2',
    't-long,10:10:00,10:10:00,s3,3',
    't-long2,11:00:00,11:00:00,s1,1',
    't-long2,11:05:00,11:05:00,s2,2',
    't-long2,11:10:00,11:10:00,s3,3',
    't-back,10:00:00,10:00:00,s3,1',
    't-back,10:10:00,10:10:00,s1,2',
    't-other,10:00:00,10:00:00,s4,1',
  ]),
  'calendar.txt': rows([
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
    'WK,1,1,1,1,1,1,1,20260101,20261231',
  ]),
  // Listed out of order: the sequence decides.
  'shapes.txt': rows([
    'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence',
    'shp0,45.415,-75.685,3',
    'shp0,45.40,-75.70,1',
    'shp0,45.405,-75.697,2',
    'shp0,45.42,-75.68,4',
  ]),
};

const vehicle = (id: string, tripId: string, lat: number, lon: number, ageSeconds: number, extra: Record<string, unknown> = {}) => ({
  id,
  vehicle: {
    trip: { tripId },
    vehicle: { id, label: `L${id}` },
    position: { latitude: lat, longitude: lon, bearing: 45 },
    timestamp: NOW / 1000 - ageSeconds,
    ...extra,
  },
});

describe('a GTFS route as the live map draws it', () => {
  let dir: ReturnType<typeof tempDir>;
  let source: GtfsSource | undefined;
  afterEach(async () => {
    await source?.close();
    dir.remove();
  });

  async function open(withVehicles: boolean): Promise<GtfsSource> {
    dir = tempDir();
    const zip = await writeZip(join(dir.path, 'feed.zip'), FILES);
    const vehicles = join(dir.path, 'vehicles.pb');
    writeFileSync(
      vehicles,
      encodeFeed({
        header: { gtfsRealtimeVersion: '2.0', timestamp: NOW / 1000 },
        entity: [
          vehicle('1', 't-long', 45.405, -75.697, 20, { stopId: 's2', currentStatus: 2 }),
          vehicle('2', 't-back', 45.415, -75.685, 600),
          vehicle('3', 't-other', 45.5, -75.5, 5),
        ],
      }),
    );
    const created = await createGtfsSource({
      schedule: { kind: 'file', path: zip },
      ...(withVehicles ? { vehiclePositions: { kind: 'file' as const, path: vehicles } } : {}),
      dataDir: dir.path,
      now: fixedClock(NOW),
      logger: capturingLogger().logger,
    });
    source = created;
    expect(await created.refreshSchedule()).toBe('imported');
    return created;
  }

  it("draws each direction's longest trip, the shape where it has one, its stops joined where not", async () => {
    const map = await (await open(true)).routeMap!({ route: '9', stop: '101' });
    expect(map.route).toBe('9');
    expect(map.name).toBe('Ninth Line');
    const [there, back] = map.directions;
    expect(there!.directionId).toBe(0);
    expect(there!.heading).toBe('Third');
    expect(there!.stops.map((s) => s.stop)).toEqual(['101', '102', '103']);
    expect(there!.drawn).toBe('shape');
    expect(there!.line).toEqual([
      [45.4, -75.7],
      [45.405, -75.697],
      [45.415, -75.685],
      [45.42, -75.68],
    ]);
    expect(back!.directionId).toBe(1);
    expect(back!.drawn).toBe('stops');
    expect(back!.line).toEqual([
      [45.42, -75.68],
      [45.4, -75.7],
    ]);
  });

  it("places the route's vehicles only, each with its trust and the stop it heads to", async () => {
    const map = await (await open(true)).routeMap!({ route: '9' });
    expect(map.noVehiclePositions).toBeUndefined();
    expect(map.vehicles.map((v) => [v.id, v.directionId, v.trust, v.ageSeconds, v.nextStop ?? null])).toEqual([
      ['1', 0, 'tracked', 20, 'Second'],
      ['2', 1, 'old', 600, null],
    ]);
    const { lat, lon, bearing, label } = map.vehicles[0]!.position;
    expect([lat.toFixed(5), lon.toFixed(5), bearing, label]).toEqual(['45.40500', '-75.69700', 45, 'L1']);
  });

  it('says when the feed has no vehicle positions, and refuses a route it lacks', async () => {
    const opened = await open(false);
    const map = await opened.routeMap!({ route: '9' });
    expect(map.noVehiclePositions).toBe(true);
    expect(map.vehicles).toEqual([]);
    await expect(opened.routeMap!({ route: '404' })).rejects.toMatchObject({ kind: 'unknown-route' });
    await expect(opened.routeMap!({ route: '9', stop: '999' })).rejects.toMatchObject({ kind: 'unknown-stop' });
  });
});
