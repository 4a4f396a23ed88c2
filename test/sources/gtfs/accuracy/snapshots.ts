import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccuracyRecords } from '../../../../src/domain/accuracy.js';
import { fixedClock } from '../../../../src/domain/clock.js';
import { createAccuracyRecorder, type AccuracyRecorder } from '../../../../src/sources/gtfs/realtime/accuracy-recorder.js';
import { createGtfsSource, type GtfsSource } from '../../../../src/sources/gtfs/source.js';
import { capturingLogger, encodeFeed, writeZip } from '../helpers.js';

// Consecutive synthetic snapshots of route 10 (trip updates and vehicle positions written as the
// protobuf a producer sends), replayed through the GTFS source's own polling, each at its header
// time. What each prediction comes to, by band (Transit's bounds):
//   T2 at Main St (1001): predicted 08:02:00 two minutes ahead (0-3); its bus STOPPED_AT there at
//      08:01:50 -> 10 s early: within, caught.
//   T1 at Main St: predicted 08:05:00 five minutes ahead (3-6), 08:05:30 at the next snapshot; its
//      updates then move on to Oak Av without Main St -> passed at 08:05:30: 30 s late, within.
//   T1 at Oak Av (1002): predicted 08:12:00 twelve minutes ahead (10-15), then 08:12:30 two and a
//      half minutes ahead (0-3); its bus STOPPED_AT at 08:16:40: 280 s and 250 s late, both caught,
//      neither within.
//   T3 cancelled (seen in two snapshots, counted once); T4, due at Main St at 08:08, drops out of
//   the feed at 08:02 with no bus seen: vanished.
// Route 10 over the days: 4 predictions scored, 2 within, 4 caught, 1 cancelled, 1 vanished; at
// Main St: 2 scored, 2 within, 2 caught.

export const NOW = '2025-03-12T08:00:00-07:00';
export const T0 = Date.parse(NOW) / 1000;
const DAY = '20250312';

export const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nS,1000,Start,49.0,-123.0\nA,1001,Main St,49.1,-123.1\nB,1002,Oak Av,49.2,-123.2\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\nR2,20,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    ...['T1', 'T2', 'T3', 'T4'].map((t) => `R1,WK,${t},Downtown,0`),
    'R2,WK,U1,Uptown,0',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...['T1', 'T2', 'T3', 'T4', 'U1'].flatMap((t) => [`${t},07:55:00,07:55:00,S,1`, `${t},08:05:00,08:05:00,A,2`, `${t},08:12:00,08:12:00,B,3`]),
  ].join('\n'),
};

type Call = [stopSequence: number, stopId: string, at: number];
interface TripUpdate {
  trip: string;
  calls?: Call[];
  cancelled?: boolean;
}
interface Vehicle {
  trip: string;
  sequence: number;
  stopId: string;
  status: 'stopped' | 'in-transit';
  at?: number;
}

export interface Snapshot {
  at: number;
  trips: TripUpdate[];
  vehicles: Vehicle[];
}

export const SNAPSHOTS: Snapshot[] = [
  {
    at: T0,
    trips: [
      {
        trip: 'T1',
        calls: [
          [2, 'A', T0 + 300],
          [3, 'B', T0 + 720],
        ],
      },
      { trip: 'T2', calls: [[2, 'A', T0 + 120]] },
      { trip: 'T3', cancelled: true },
      { trip: 'T4', calls: [[2, 'A', T0 + 480]] },
    ],
    vehicles: [
      { trip: 'T1', sequence: 2, stopId: 'A', status: 'in-transit' },
      { trip: 'T2', sequence: 2, stopId: 'A', status: 'in-transit' },
    ],
  },
  {
    at: T0 + 120,
    trips: [
      {
        trip: 'T1',
        calls: [
          [2, 'A', T0 + 330],
          [3, 'B', T0 + 750],
        ],
      },
      { trip: 'T2', calls: [[2, 'A', T0 + 120]] },
      { trip: 'T3', cancelled: true },
    ],
    vehicles: [
      { trip: 'T1', sequence: 2, stopId: 'A', status: 'in-transit' },
      { trip: 'T2', sequence: 2, stopId: 'A', status: 'stopped', at: T0 + 110 },
    ],
  },
  {
    at: T0 + 600,
    trips: [{ trip: 'T1', calls: [[3, 'B', T0 + 750]] }],
    vehicles: [{ trip: 'T1', sequence: 3, stopId: 'B', status: 'in-transit' }],
  },
  {
    at: T0 + 1010,
    trips: [{ trip: 'T1', calls: [[3, 'B', T0 + 1000]] }],
    vehicles: [{ trip: 'T1', sequence: 3, stopId: 'B', status: 'stopped', at: T0 + 1000 }],
  },
];

export function tripUpdatesOf(snapshot: Snapshot): Uint8Array {
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: snapshot.at },
    entity: snapshot.trips.map((t) => ({
      id: t.trip,
      tripUpdate: {
        trip: { tripId: t.trip, routeId: 'R1', startDate: DAY, scheduleRelationship: t.cancelled === true ? 3 : 0 },
        stopTimeUpdate: (t.calls ?? []).map(([stopSequence, stopId, time]) => ({ stopSequence, stopId, arrival: { time } })),
      },
    })),
  });
}

export function vehiclesOf(snapshot: Snapshot): Uint8Array {
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: snapshot.at },
    entity: snapshot.vehicles.map((v, i) => ({
      id: `v${i}`,
      vehicle: {
        trip: { tripId: v.trip, routeId: 'R1', startDate: DAY },
        position: { latitude: 49.1, longitude: -123.1 },
        currentStopSequence: v.sequence,
        stopId: v.stopId,
        currentStatus: v.status === 'stopped' ? 1 : 2,
        ...(v.at !== undefined ? { timestamp: v.at } : {}),
      },
    })),
  });
}

export interface Replayed {
  source: GtfsSource;
  recorder: AccuracyRecorder;
  clock: ReturnType<typeof fixedClock>;
  files: { trips: string; vehicles: string };
}

/** A GTFS source over the files of one folder, its accuracy recorded into `records` under the feed id "x". */
export async function recordedSource(dir: string, records: AccuracyRecords): Promise<Replayed> {
  mkdirSync(dir, { recursive: true });
  const zip = await writeZip(join(dir, 'gtfs.zip'), GTFS);
  const files = { trips: join(dir, 'trip-updates.pb'), vehicles: join(dir, 'vehicle-positions.pb') };
  const clock = fixedClock(NOW);
  const { logger } = capturingLogger();
  const recorder = createAccuracyRecorder({ feed: 'x', records, logger });
  const source = await createGtfsSource({
    schedule: { kind: 'file', path: zip },
    tripUpdates: { kind: 'file', path: files.trips },
    vehiclePositions: { kind: 'file', path: files.vehicles },
    dataDir: join(dir, 'data'),
    now: clock,
    logger,
    accuracy: recorder,
  });
  await source.refreshSchedule();
  return { source, recorder, clock, files };
}

/** Each snapshot written, then read at its own time by the source's half-minute round (no rider asking). */
export async function replay(sources: readonly Replayed[], snapshots: readonly Snapshot[] = SNAPSHOTS): Promise<void> {
  for (const snapshot of snapshots) {
    for (const { clock, files, source } of sources) {
      writeFileSync(files.trips, tripUpdatesOf(snapshot));
      writeFileSync(files.vehicles, vehiclesOf(snapshot));
      clock.set(new Date(snapshot.at * 1000));
      await source.refreshRealtime!();
    }
  }
  for (const { recorder } of sources) await recorder.settled();
}
