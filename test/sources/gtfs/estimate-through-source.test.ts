import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatArrivals } from '../../../src/core/format/arrivals.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import { fixedClock } from '../../../src/domain/clock.js';
import type { Locale } from '../../../src/domain/locale.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, encodeFeed, tempDir, writeZip } from './helpers.js';

// Our own estimate where the feed has none: route 10's 08:00 trip (T1) runs S 08:00, A 08:05,
// B 08:10, C 08:20; its bus is seen, the feed predicts nothing for it at C (a feed of positions
// only, or trip updates gone stale, or none reaching C). The delay where the bus is, carried on to
// C, gives its time there, said "estimated from the bus's position"; T2's bus is not seen: the
// schedule's.

const NOW = '2025-03-12T08:07:00-07:00';
const NOW_S = Date.parse(NOW) / 1000;
const DAY = '20250312';
const at = (hhmmss: string) => Date.parse(`2025-03-12T${hhmmss}-07:00`) / 1000;

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
  'stops.txt':
    'stop_id,stop_code,stop_name,stop_lat,stop_lon\nS,1000,Start,49.0,-123.0\nA,1001,Main St,49.1,-123.1\nB,1002,Oak St,49.2,-123.2\nC,1003,Pine St,49.3,-123.3\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\nR1,WK,T1,Downtown,0\nR1,WK,T2,Downtown,0\n',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'T1,08:00:00,08:00:00,S,1',
    'T1,08:05:00,08:05:00,A,2',
    'T1,08:10:00,08:10:00,B,3',
    'T1,08:20:00,08:20:00,C,4',
    'T2,08:30:00,08:30:00,S,1',
    'T2,08:35:00,08:35:00,A,2',
    'T2,08:40:00,08:40:00,B,3',
    'T2,08:50:00,08:50:00,C,4',
  ].join('\n'),
};

/** 0 INCOMING_AT, 1 STOPPED_AT, 2 IN_TRANSIT_TO. */
type Status = 0 | 1 | 2;
const positions = (vehicles: Array<{ tripId: string; sequence: number; status: Status; fixS: number }>, headerS = NOW_S) =>
  encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: headerS },
    entity: vehicles.map((v) => ({
      id: v.tripId,
      vehicle: {
        trip: { tripId: v.tripId, startDate: DAY },
        position: { latitude: 49.15, longitude: -123.15 },
        currentStopSequence: v.sequence,
        stopId: ['S', 'A', 'B', 'C'][v.sequence - 1],
        currentStatus: v.status,
        timestamp: v.fixS,
      },
    })),
  });

const tripUpdates = (headerS: number, updates: Array<{ tripId: string; stopTimeUpdate: unknown[] }>) =>
  encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: headerS },
    entity: updates.map((u) => ({ id: u.tripId, tripUpdate: { trip: { tripId: u.tripId, startDate: DAY }, stopTimeUpdate: u.stopTimeUpdate } })),
  });

const t = createTranslator(packageLanguages());
const sayIn = (locale: Locale) => (id: string, args?: Record<string, string | number>) => t(locale, id, { vehicles: 'bus', ...args });

describe('our own estimate from the bus’s position, through the GTFS source', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
  });
  afterEach(() => dir.remove());

  async function board(vehiclePositions: Uint8Array, trips?: Uint8Array) {
    const vehiclePath = join(dir.path, 'vehicles.pb');
    writeFileSync(vehiclePath, vehiclePositions);
    const tripPath = join(dir.path, 'trips.pb');
    if (trips !== undefined) writeFileSync(tripPath, trips);
    const source = await createGtfsSource({
      schedule: { kind: 'file', path: zip },
      vehiclePositions: { kind: 'file', path: vehiclePath },
      ...(trips !== undefined ? { tripUpdates: { kind: 'file', path: tripPath } } : {}),
      dataDir: join(dir.path, 'data'),
      now: fixedClock(NOW),
      logger: capturingLogger().logger,
    });
    await source.refreshSchedule();
    const answer = await source.nextTrips('1003', '10');
    await source.close();
    return answer;
  }

  it('a feed of positions only: the bus stopped at A 90 s after its time there is 90 s late at C; the unseen trip is the schedule’s', async () => {
    const answer = await board(positions([{ tripId: 'T1', sequence: 2, status: 1, fixS: at('08:06:30') }]));
    const [first, second] = answer.routes[0]!.trips;
    expect(first).toMatchObject({ trust: 'estimated', at: new Date(at('08:21:30') * 1000), delaySeconds: 90 });
    expect(second).toMatchObject({ trust: 'scheduled', at: new Date(at('08:50:00') * 1000) });
    expect(second!.delaySeconds).toBeUndefined();

    const now = new Date(NOW_S * 1000);
    const en = renderPlainText(formatArrivals(answer, { now, say: sayIn('en') }));
    expect(en).toContain('14 min (08:21) 🧭 · 2 min late');
    expect(en).toContain("🧭 estimated from the bus's position");
    expect(renderPlainText(formatArrivals(answer, { now, say: sayIn('fr') }))).toContain("🧭 estimé d'après sa position");
    expect(renderPlainText(formatArrivals(answer, { now, say: sayIn('es') }))).toContain('🧭 estimado por su posición');
  });

  it('a bus on its way from A to B is placed half way between their times; one coming into C is there now, never earlier', async () => {
    // Half way between 08:05 and 08:10 is 08:07:30: at 08:07:00 it runs 30 s early, and stays so.
    const between = await board(positions([{ tripId: 'T1', sequence: 3, status: 2, fixS: at('08:07:00') }]));
    expect(between.routes[0]!.trips[0]).toMatchObject({ trust: 'estimated', at: new Date(at('08:19:30') * 1000), delaySeconds: -30 });
    const arriving = await board(positions([{ tripId: 'T1', sequence: 4, status: 0, fixS: at('08:06:40') }]));
    expect(arriving.routes[0]!.trips[0]).toMatchObject({ trust: 'estimated', at: new Date(NOW_S * 1000) });
  });

  it('a bus waiting at its first stop leaves no earlier than its time: the schedule’s time, estimated', async () => {
    const answer = await board(positions([{ tripId: 'T2', sequence: 1, status: 1, fixS: at('08:06:50') }]));
    expect(answer.routes[0]!.trips[1]).toMatchObject({ trust: 'estimated', at: new Date(at('08:50:00') * 1000), delaySeconds: 0 });
  });

  it('an old fix estimates nothing', async () => {
    const old = await board(positions([{ tripId: 'T1', sequence: 2, status: 1, fixS: at('08:03:30') }]));
    expect(old.routes[0]!.trips[0]).toMatchObject({ trust: 'scheduled', at: new Date(at('08:20:00') * 1000) });
  });

  it('trip updates gone stale: the seen bus is estimated; a live update reaching C is the feed’s, never ours', async () => {
    const vehicles = positions([{ tripId: 'T1', sequence: 2, status: 1, fixS: at('08:06:30') }]);
    const update = { tripId: 'T1', stopTimeUpdate: [{ stopSequence: 4, arrival: { time: at('08:24:00') } }] };
    const stale = await board(vehicles, tripUpdates(NOW_S - 15 * 60, [update]));
    expect(stale.staleFeed).toBe(true);
    expect(stale.routes[0]!.trips[0]).toMatchObject({ trust: 'estimated', at: new Date(at('08:21:30') * 1000) });
    const note = (locale: Locale) => renderPlainText(formatArrivals(stale, { now: new Date(NOW_S * 1000), say: sayIn(locale) }));
    expect(note('en')).toContain('⚠️ Live data is 15 min old: these are scheduled times except those marked 🧭.');
    expect(note('fr')).toContain('voici les heures prévues, sauf celles marquées 🧭.');
    const live = await board(vehicles, tripUpdates(NOW_S - 20, [update]));
    expect(live.routes[0]!.trips[0]).toMatchObject({ trust: 'tracked', at: new Date(at('08:24:00') * 1000) });
  });

  it('a trip the feed follows with no data for the rest of its stops is estimated from its bus', async () => {
    const noData = { tripId: 'T1', stopTimeUpdate: [{ stopSequence: 3, scheduleRelationship: 2 }] };
    const answer = await board(positions([{ tripId: 'T1', sequence: 2, status: 1, fixS: at('08:06:30') }]), tripUpdates(NOW_S - 20, [noData]));
    expect(answer.routes[0]!.trips[0]).toMatchObject({ trust: 'estimated', at: new Date(at('08:21:30') * 1000) });
  });
});
