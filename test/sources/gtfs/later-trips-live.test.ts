import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import type { LaterTrips } from '../../../src/domain/later-trips.js';
import type { GtfsSource } from '../../../src/sources/gtfs/source.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { encodeFeed, fileSource, tempDir, writeZip } from './helpers.js';

// A later board today, read against the live trip updates: a trip the feed already cancels, or
// has skip the rider's stop, stays on the board and is said so; a DELETED one is left out; a
// cancellation of another day's run, or of a trip the board does not show, changes nothing.
// Now is Wednesday 2025-03-12 10:00 in Toronto; the board asks for today from 13:00.

const NOW = '2025-03-12T10:00:00-04:00';
const NOW_S = Date.parse(NOW) / 1000;
const TODAY = '20250312';
const TOMORROW = '20250313';

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Toronto\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,BASELINE,45.35,-75.75\nB,3018,MERIVALE,45.36,-75.74\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR95,95,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,1,1,20250101,20251231\n',
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'R95,WK,T1,Trim,0', // 13:00: cancelled today
    'R95,WK,T2,Trim,0', // 14:00: skips BASELINE today
    'R95,WK,T3,Trim,0', // 15:00: as scheduled (the feed has it, on time)
    'R95,WK,T4,Trim,0', // 16:00: cancelled tomorrow only
    'R95,WK,T5,Trim,0', // 16:30: deleted today
    'R95,WK,T6,Trim,0', // 17:00: the feed says nothing of it
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'T1,13:00:00,13:00:00,A,1',
    'T1,13:10:00,13:10:00,B,2',
    'T2,14:00:00,14:00:00,A,1',
    'T2,14:10:00,14:10:00,B,2',
    'T3,15:00:00,15:00:00,A,1',
    'T3,15:10:00,15:10:00,B,2',
    'T4,16:00:00,16:00:00,A,1',
    'T4,16:10:00,16:10:00,B,2',
    'T5,16:30:00,16:30:00,A,1',
    'T5,16:40:00,16:40:00,B,2',
    'T6,17:00:00,17:00:00,A,1',
    'T6,17:10:00,17:10:00,B,2',
  ].join('\n'),
};

const SCHEDULED = 0;
const SKIPPED = 1;
const CANCELED = 3;
const DELETED = 7;

function liveFeed() {
  const trip = (tripId: string, startDate: string, relationship: number, updates: unknown[] = []) => ({
    id: `${tripId}-${startDate}`,
    tripUpdate: { trip: { tripId, startDate, scheduleRelationship: relationship }, stopTimeUpdate: updates },
  });
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: NOW_S },
    entity: [
      trip('T1', TODAY, CANCELED),
      trip('T2', TODAY, SCHEDULED, [
        { stopSequence: 1, stopId: 'A', scheduleRelationship: SKIPPED },
        { stopSequence: 2, stopId: 'B', arrival: { delay: 0 } },
      ]),
      trip('T3', TODAY, SCHEDULED, [{ stopSequence: 1, stopId: 'A', departure: { delay: 0 } }]),
      trip('T4', TOMORROW, CANCELED),
      trip('T5', TODAY, DELETED),
    ],
  });
}

const lines = (later: LaterTrips, withDay = false) =>
  later.arrivals.routes.flatMap((r) =>
    r.trips.map((t) => {
      const clock = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Toronto',
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
        ...(withDay ? { weekday: 'short' as const } : {}),
      }).format(t.at);
      return `${clock} ${t.cancelled === true ? 'cancelled' : t.skipped === true ? 'skips' : t.trust}`;
    }),
  );

describe('a later board with the live trip updates (GTFS)', () => {
  const dir = tempDir();
  let source: GtfsSource;
  let now: Awaited<ReturnType<typeof fileSource>>['now'];

  beforeAll(async () => {
    const zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    const feedFile = join(dir.path, 'trip-updates.pb');
    writeFileSync(feedFile, liveFeed());
    ({ source, now } = await fileSource(join(dir.path, 'data'), zip, feedFile, NOW));
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('today from 13:00: the cancelled trip and the one skipping the stop marked, the deleted one left out, the others scheduled', async () => {
    const later = (await source.laterTrips!('3017', '95', { day: 'today', at: 13 * 60 }))!;
    expect(later.serviceDate).toBe('2025-03-12');
    // The two that will not stop stay, and the next that will takes a place: four buses to catch.
    expect(lines(later)).toEqual(['13:00 cancelled', '14:00 skips', '15:00 scheduled', '16:00 scheduled', '17:00 scheduled']);
    const next = (await source.laterTrips!('3017', '95', { day: 'today', at: 15 * 60 + 30 }))!;
    // 16:30 (deleted) left out; the next day's runs of the trips cancelled or skipping today are not.
    expect(lines(next, true)).toEqual(['Wed 16:00 scheduled', 'Wed 17:00 scheduled', 'Thu 13:00 scheduled', 'Thu 14:00 scheduled']);
  });

  it("tomorrow: the run cancelled tomorrow is marked, today's cancellations are not", async () => {
    const later = (await source.laterTrips!('3017', '95', { day: 'tomorrow' }))!;
    expect(later.serviceDate).toBe('2025-03-13');
    expect(lines(later)).toEqual(['13:00 scheduled', '14:00 scheduled', '15:00 scheduled', '16:00 cancelled', '16:30 scheduled']);
  });

  it("last: the day's last trips, the deleted one left out, those that will not stop beside the ones that will", async () => {
    const later = (await source.laterTrips!('3017', '95', { end: 'last' }))!;
    expect(lines(later)).toEqual(['13:00 cancelled', '14:00 skips', '15:00 scheduled', '16:00 scheduled', '17:00 scheduled']);
  });

  it('the board says so in the chat language, and keeps the 🕒 of the trips that run', async () => {
    const core = createBotCore({ transit: source, ...memoryStores(), now, stops: source.stops });
    const en = renderPlainText((await core.handleText('/next 3017 95 at 13:00', privateChat()))!);
    expect(en).toContain('13:00 cancelled ✖');
    expect(en).toContain('14:00 skips this stop ⏭');
    expect(en).toContain('15:00 🕒');
    expect(en).not.toContain('13:00 🕒');
    const fr = renderPlainText((await core.handleText('/prochain 3017 95 à 13h', privateChat({ chatId: 'fr', languageCode: 'fr' })))!);
    expect(fr).toContain('13:00 annulé ✖');
    expect(fr).toContain("14:00 ne s'arrête pas ici ⏭");
    expect(fr).toContain('15:00 🕒');
  });
});
