import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/domain/clock.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, encodeFeed, tempDir, writeZip } from './helpers.js';

// ADDED and NEW trips are not in the schedule: their vehicle is their own alone, never a
// scheduled trip's joined by a run the added trip does not have, and never theirs joined to a
// scheduled call of the trip_id they reuse. Without its own vehicle an added trip stays predicted.

const NOW = '2025-03-12T08:02:00-07:00';
const NOW_S = Date.parse(NOW) / 1000;
const DAY = '20250312';
const at = (hhmm: string) => Date.parse(`2025-03-12T${hhmm}:00-07:00`) / 1000;

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nS,1000,Start,49.0,-123.0\nA,1001,Main St,49.1,-123.1\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\nR1,WK,T1,Downtown,0\n',
  'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence', 'T1,08:00:00,08:00:00,S,1', 'T1,08:10:00,08:10:00,A,2'].join('\n'),
};

/** An ADDED trip on route 10 reaching Main St at `time`. */
const addedTrip = (tripId: string, time: number, startTime?: string) => ({
  id: `added-${tripId}`,
  tripUpdate: {
    trip: { tripId, routeId: 'R1', directionId: 0, startDate: DAY, ...(startTime !== undefined ? { startTime } : {}), scheduleRelationship: 'ADDED' },
    stopTimeUpdate: [
      { stopSequence: 1, stopId: 'S', departure: { time: time - 600 } },
      { stopSequence: 2, stopId: 'A', arrival: { time } },
    ],
  },
});

const vehicle = (id: string, trip: Record<string, unknown>) => ({
  id,
  vehicle: {
    trip: { startDate: DAY, ...trip },
    position: { latitude: 49.05, longitude: -123.05 },
    currentStopSequence: 1,
    stopId: 'S',
    currentStatus: 1,
    timestamp: NOW_S - 20,
  },
});

describe('an added trip’s vehicle', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
  });
  afterEach(() => dir.remove());

  async function arrivals(tripEntities: unknown[], vehicleEntities: unknown[]) {
    const tripPath = join(dir.path, 'trips.pb');
    const vehiclePath = join(dir.path, 'vehicles.pb');
    writeFileSync(tripPath, encodeFeed({ header: { gtfsRealtimeVersion: '2.0', timestamp: NOW_S - 10 }, entity: tripEntities }));
    writeFileSync(vehiclePath, encodeFeed({ header: { gtfsRealtimeVersion: '2.0', timestamp: NOW_S - 10 }, entity: vehicleEntities }));
    const source = await createGtfsSource({
      schedule: { kind: 'file', path: zip },
      tripUpdates: { kind: 'file', path: tripPath },
      vehiclePositions: { kind: 'file', path: vehiclePath },
      dataDir: join(dir.path, 'data'),
      now: fixedClock(NOW),
      logger: capturingLogger().logger,
    });
    await source.refreshSchedule();
    const answer = await source.nextTrips('1001', '10');
    await source.close();
    return answer.routes[0]!.trips;
  }

  it('is never another trip’s: with only the scheduled trip’s bus seen, the added one stays predicted, no vehicle', async () => {
    const [scheduled, added] = await arrivals([addedTrip('EXTRA-1', at('08:15'))], [vehicle('bus-1', { tripId: 'T1' })]);
    // The scheduled trip's own bus is its own (our estimate from it: the trip updates say nothing of T1).
    expect(scheduled).toMatchObject({ startTime: '08:00', trust: 'estimated' });
    expect(scheduled!.position).toBeDefined();
    expect(added).toMatchObject({ trust: 'predicted', at: new Date(at('08:15') * 1000) });
    expect(added!.position).toBeUndefined();
  });

  it('joins its own: a vehicle of its trip_id the schedule lacks, of its run; another day’s run of it is not its vehicle', async () => {
    const [, own] = await arrivals([addedTrip('EXTRA-1', at('08:15'))], [vehicle('bus-2', { tripId: 'EXTRA-1' })]);
    expect(own).toMatchObject({ trust: 'tracked', position: { lat: expect.closeTo(49.05, 4) as number } });
    const [, otherDay] = await arrivals([addedTrip('EXTRA-1', at('08:15'))], [vehicle('bus-2', { tripId: 'EXTRA-1', startDate: '20250311' })]);
    expect(otherDay).toMatchObject({ trust: 'predicted' });
    expect(otherDay!.position).toBeUndefined();
  });

  it('reusing a scheduled trip_id at a start the schedule lacks: its ADDED vehicle is its own, never the scheduled call’s', async () => {
    const reused = addedTrip('T1', at('08:16'), '08:06:00');
    const [scheduled, added] = await arrivals([reused], [vehicle('bus-3', { tripId: 'T1', startTime: '08:06:00', scheduleRelationship: 'ADDED' })]);
    expect(scheduled).toMatchObject({ startTime: '08:00', trust: 'scheduled' });
    expect(scheduled!.position).toBeUndefined();
    expect(added).toMatchObject({ trust: 'tracked', at: new Date(at('08:16') * 1000) });
    expect(added!.position).toBeDefined();
  });
});
