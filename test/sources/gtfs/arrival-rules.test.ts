import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { encodeFeed, fileSource, tempDir, writeZip } from './helpers.js';

// Each rule of reading a schedule with a live feed, on a small made-up network in Vancouver's
// time zone. Now is Wednesday 2025-03-12 00:05 there: Tuesday's service is still running.

const NOW = '2025-03-12T00:05:00-07:00';
const NOW_S = Date.parse(NOW) / 1000;
const TUESDAY = '20250311';
const WEDNESDAY = '20250312';

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
  'stops.txt':
    'stop_id,stop_code,stop_name,stop_lat,stop_lon,location_type,parent_station\nA,1001,Main St,49.1,-123.1,0,\nB,1002,Oak St,49.2,-123.2,0,\nC,1003,Elm St,49.3,-123.3,0,\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\nR2,Yellow,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'calendar_dates.txt': `service_id,date,exception_type\nTUEONLY,${TUESDAY},1\n`,
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'R1,WK,T1,Night Owl,0', // after midnight on Tuesday's service
    'R1,TUEONLY,T2,Tuesday Only,0', // a service that runs yesterday only
    'R1,WK,T3,Downtown,0',
    'R2,WK,T4,Cancelled One,0',
    'R2,WK,T5,Skips Oak,0',
    'R1,WK,T6,Late One,0',
    'R1,WK,T7,Deleted One,0',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'T1,24:10:00,24:10:00,A,1',
    'T1,24:20:00,24:20:00,B,2',
    'T1,24:30:00,24:30:00,C,3',
    'T2,24:40:00,24:40:00,B,1',
    'T3,00:15:00,00:15:00,A,1',
    'T4,00:20:00,00:20:00,A,1',
    'T5,00:25:00,00:25:00,A,1',
    'T5,00:35:00,00:35:00,B,2',
    'T5,00:45:00,00:45:00,C,3',
    'T6,00:30:00,00:30:00,A,1',
    'T6,00:40:00,00:40:00,B,2',
    'T7,00:35:00,00:35:00,A,1',
  ].join('\n'),
};

function liveFeed(headerTimestamp = NOW_S) {
  const trip = (tripId: string, relationship: number, updates: unknown[], extra: Record<string, unknown> = {}) => ({
    id: tripId,
    tripUpdate: { trip: { tripId, startDate: WEDNESDAY, scheduleRelationship: relationship, ...extra }, stopTimeUpdate: updates },
  });
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: headerTimestamp },
    entity: [
      trip('T4', 3, []),
      trip('T5', 0, [
        { stopSequence: 1, stopId: 'A', departure: { delay: 120 } },
        { stopSequence: 2, stopId: 'B', scheduleRelationship: 1 },
      ]),
      trip('T6', 0, [{ stopSequence: 1, departure: { delay: 300 } }]),
      trip('T7', 7, []),
      trip(
        'N1',
        8,
        [
          { stopId: 'B', arrival: { time: NOW_S + 35 * 60 } },
          { stopId: 'C', arrival: { time: NOW_S + 45 * 60 } },
        ],
        { routeId: 'R2', directionId: 1 },
      ),
      trip('GHOST', 0, [{ stopSequence: 1, stopId: 'A', arrival: { time: NOW_S + 60 } }]),
    ],
  });
}

/** "10 5 min 00:10 scheduled" per trip, for reading failures at a glance. */
function lines(arrivals: StopArrivals): string[] {
  const clock = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return arrivals.routes.flatMap((r) =>
    r.trips.map(
      (t) =>
        `${r.routeNo} ${t.destination} ${t.minutesAway} min ${clock(t.at!)} ${t.cancelled ? 'cancelled' : t.skipped ? 'skips' : t.trust !== 'scheduled' ? 'live' : 'scheduled'}`,
    ),
  );
}

describe('arrivals from a schedule and a live feed', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  let feedFile: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    feedFile = join(dir.path, 'trip-updates.pb');
    writeFileSync(feedFile, liveFeed());
  });
  afterEach(() => dir.remove());

  async function ready(at = NOW) {
    const opened = await fileSource(join(dir.path, 'data'), zip, feedFile, at);
    expect(await opened.source.refreshSchedule()).toBe('imported');
    return opened;
  }

  it('after midnight: yesterday’s trips past 24:00 and a service that ran only yesterday, today’s trips, delays, a cancellation; a deleted trip and an unknown trip left out', async () => {
    const { source } = await ready();
    const a = await source.nextTripsAllRoutes('1001');
    expect(a.timeZone).toBe('America/Vancouver');
    expect(lines(a)).toEqual([
      '10 Night Owl 5 min 00:10 scheduled',
      '10 Downtown 10 min 00:15 scheduled',
      '10 Late One 30 min 00:35 live', // delay 300 s on 00:30
      'Yellow Cancelled One 15 min 00:20 cancelled',
      'Yellow Skips Oak 22 min 00:27 live', // delay 120 s on 00:25
    ]);
    await source.close();
  });

  it('carries a delay forward to later stops, says a skipped stop is skipped (at its scheduled time), and shows an added trip from the feed alone', async () => {
    const { source } = await ready();
    expect(lines(await source.nextTripsAllRoutes('1002'))).toEqual([
      '10 Night Owl 15 min 00:20 scheduled',
      '10 Tuesday Only 35 min 00:40 scheduled',
      '10 Late One 40 min 00:45 live', // 00:40 + the 300 s stated at stop 1
      'Yellow Skips Oak 30 min 00:35 skips', // SKIPPED here: never a countdown (the riders' lines say so)
      'Yellow Elm St 35 min 00:40 live', // N1 (NEW): its destination is its last stop
    ]);
    expect(lines(await source.nextTripsAllRoutes('1003'))).toEqual([
      '10 Night Owl 25 min 00:30 scheduled',
      'Yellow Skips Oak 42 min 00:47 live', // 00:45 + 120 s, carried past the skipped stop
      'Yellow Elm St 45 min 00:50 live',
    ]);
    await source.close();
  });

  it('says how far a live time is from the schedule: the delay stated, the one carried forward; none for a trip the schedule lacks', async () => {
    const { source } = await ready();
    const trips = (await source.nextTripsAllRoutes('1002')).routes.flatMap((r) => r.trips);
    const of = (destination: string) => trips.find((t) => t.destination === destination)!;
    expect(of('Late One').delaySeconds).toBe(300); // 00:40 predicted 00:45
    expect(of('Night Owl')).not.toHaveProperty('delaySeconds'); // no prediction
    expect(of('Elm St')).not.toHaveProperty('delaySeconds'); // NEW: no schedule to compare with
    expect(of('Skips Oak')).toMatchObject({ skipped: true, trust: 'scheduled' });
    expect(of('Skips Oak')).not.toHaveProperty('delaySeconds');
    const later = (await source.nextTripsAllRoutes('1003')).routes.flatMap((r) => r.trips);
    expect(later.find((t) => t.destination === 'Skips Oak')!.delaySeconds).toBe(120); // carried past the skipped stop
    await source.close();
  });

  it('marks the last trip of the day at the stop', async () => {
    const { source } = await ready();
    const trips = (await source.nextTrips('1002', '10')).routes.flatMap((r) => r.trips);
    expect(trips.map((t) => [t.destination, t.lastTrip])).toEqual([
      ['Night Owl', false],
      ['Tuesday Only', true], // Tuesday's last call at Oak St
      ['Late One', false], // Wednesday's own Night Owl still comes at 24:20
    ]);
    await source.close();
  });

  it('flags a feed whose header is old as stale and shows the schedule only', async () => {
    writeFileSync(feedFile, liveFeed(NOW_S - 3600));
    const { source } = await ready();
    const a = await source.nextTripsAllRoutes('1001');
    expect(a.staleFeed).toBe(true);
    expect(a.feedAgeMinutes).toBe(60);
    expect(a.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled' && !t.cancelled)).toBe(true);
    await source.close();
  });

  it('answers from the schedule, marked as such, when the feed does not decode', async () => {
    writeFileSync(feedFile, 'HTTP/1.1 503 Service Unavailable <html>');
    const { source, lines: log } = await ready();
    const a = await source.nextTripsAllRoutes('1001');
    expect(a.liveUnavailable).toBe(true);
    expect(a.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled')).toBe(true);
    expect(source.realtime?.problem?.kind).toBe('decode');
    expect(log.join('')).toContain('trip updates unavailable');
    await source.close();
  });

  it('answers "no schedule" (not "loading", issue 30 item 10) once a first import failed: missing file, corrupt zip, zip without stop_times.txt', async () => {
    const { 'stop_times.txt': _, ...withoutStopTimes } = GTFS;
    const broken = [join(dir.path, 'absent.zip'), join(dir.path, 'not-a-zip.zip'), await writeZip(join(dir.path, 'partial.zip'), withoutStopTimes)];
    writeFileSync(broken[1]!, 'PK this is not a zip');
    for (const [i, path] of broken.entries()) {
      const { source } = await fileSource(join(dir.path, `data${i}`), path, feedFile, NOW);
      expect(await source.refreshSchedule()).toBe('failed');
      const error = await source.nextTripsAllRoutes('1001').catch((err: unknown) => err);
      expect(error).toBeInstanceOf(TransitError);
      expect((error as TransitError).kind).toBe('no-schedule');
      await source.close();
    }
  });

  it('keeps answering from the previous import when a new one fails, and skips an unchanged file', async () => {
    const { source } = await ready();
    expect(await source.refreshSchedule()).toBe('unchanged');
    writeFileSync(zip, 'corrupt now');
    expect(await source.refreshSchedule()).toBe('failed');
    expect(lines(await source.nextTripsAllRoutes('1001'))[0]).toBe('10 Night Owl 5 min 00:10 scheduled');
    await source.close();
  });

  it('refuses an unknown stop, a route that does not exist, one that does not stop there', async () => {
    const { source } = await ready();
    await expect(source.nextTripsAllRoutes('9999')).rejects.toMatchObject({ kind: 'unknown-stop' });
    expect((await source.nextTrips('1001', '99')).routes[0]).toMatchObject({ routeNo: '99', problem: { kind: 'unknown-route' } });
    // Route names in any case; both directions (the second only from the added trip).
    expect((await source.nextTrips('1003', 'yellow')).routes.map((r) => [r.routeNo, r.directionId])).toEqual([
      ['Yellow', 0],
      ['Yellow', 1],
    ]);
    expect((await source.nextTrips('1002', 'Yellow')).routes.map((r) => r.routeNo)).toEqual(['Yellow', 'Yellow']);
    await source.close();
  });
});
