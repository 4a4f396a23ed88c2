import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeTripUpdates } from '../../../../src/sources/gtfs/realtime/decode.js';
import { createVanishWatch } from '../../../../src/sources/gtfs/realtime/vanished-trips.js';
import { encodeFeed, fileSource, tempDir, writeZip } from '../helpers.js';

// A feed whose stop updates carry a delay alone (no absolute time): the call's time is its
// schedule's plus the delay, which a board's look-up knows. Such a trip, due within 10 minutes
// in one snapshot and gone from the next, vanishes as a timed one does; one due later does not.

const T0 = 1_800_000_000;
const DATE = '20270115';

const delayOnly = (timestamp: number, trips: Array<{ id: string; delay: number }>) =>
  encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp },
    entity: trips.map(({ id, delay }) => ({
      id,
      tripUpdate: { trip: { tripId: id, startDate: DATE }, stopTimeUpdate: [{ stopSequence: 2, stopId: 'A', arrival: { delay } }] },
    })),
  });

describe('vanished trips of a feed of delays alone', () => {
  it('is timed by the call’s schedule plus the delay: due within the window, it vanished; due later, or unscheduled, it did not', () => {
    const watch = createVanishWatch();
    watch.observe(decodeTripUpdates(delayOnly(T0, [{ id: 'T1', delay: 120 }])), undefined);
    watch.observe(decodeTripUpdates(delayOnly(T0 + 30, [])), undefined);
    const at = (scheduledS?: number) =>
      watch.vanished('T1', DATE, { stopId: 'A', stopSequence: 2, ...(scheduledS !== undefined ? { scheduledS } : {}) });
    expect(at(T0 + 5 * 60)).toEqual({ atSeconds: T0 + 7 * 60, vanishedAt: new Date((T0 + 30) * 1000) });
    // 20 min ahead of the last snapshot: not due within its 10 minutes.
    expect(at(T0 + 18 * 60)).toBeUndefined();
    // Already due before it vanished.
    expect(at(T0 - 5 * 60)).toBeUndefined();
    expect(at()).toBeUndefined();
  });
});

describe('through the GTFS source', () => {
  const NOW = '2025-03-12T08:02:00-07:00';
  const NOW_S = Date.parse(NOW) / 1000;
  const GTFS = {
    'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
    'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nS,1000,Start,49.0,-123.0\nA,1001,Main St,49.1,-123.1\n',
    'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\n',
    'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
    'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\nR1,WK,T1,Downtown,0\nR1,WK,T2,Downtown,0\n',
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'T1,07:55:00,07:55:00,S,1',
      'T1,08:06:00,08:06:00,A,2',
      'T2,08:05:00,08:05:00,S,1',
      'T2,08:20:00,08:20:00,A,2',
    ].join('\n'),
  };
  const feed = (timestamp: number, tripIds: string[]) =>
    encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp },
      entity: tripIds.map((tripId) => ({
        id: tripId,
        tripUpdate: { trip: { tripId, startDate: '20250312' }, stopTimeUpdate: [{ stopSequence: 2, stopId: 'A', arrival: { delay: 60 } }] },
      })),
    });
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => void (dir = tempDir()));
  afterEach(() => dir.remove());

  it('the 08:06 trip, 1 min late by its delay and gone from the next snapshot, is kept for 08:07 as vanished', async () => {
    const zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    const feedPath = join(dir.path, 'trip-updates.pb');
    writeFileSync(feedPath, feed(NOW_S, ['T1', 'T2']));
    const { source, now } = await fileSource(join(dir.path, 'data'), zip, feedPath, NOW);
    await source.refreshSchedule();
    expect((await source.nextTrips('1001', '10')).routes[0]!.trips[0]).toMatchObject({ trust: 'predicted', at: new Date((NOW_S + 5 * 60) * 1000) });
    writeFileSync(feedPath, feed(NOW_S + 30, ['T2']));
    now.advance(30_000);
    const [gone] = (await source.nextTrips('1001', '10')).routes[0]!.trips;
    await source.close();
    expect(gone).toMatchObject({ trust: 'scheduled', at: new Date((NOW_S + 5 * 60) * 1000), vanishedAt: new Date((NOW_S + 30) * 1000) });
  });
});
