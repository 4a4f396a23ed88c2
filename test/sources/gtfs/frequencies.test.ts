import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatArrivals } from '../../../src/core/format/arrivals.js';
import type { Say } from '../../../src/core/format/text.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { encodeFeed, fileSource, tempDir, writeZip } from './helpers.js';

// Headway-based trips (frequencies.txt), on a made-up metro in Montréal's zone (no capture at
// hand publishes frequencies.txt): exact_times=1 runs are timetable entries, matched to realtime
// updates by their start_time; exact_times=0 runs read "every N min".

const NOW = '2025-03-12T08:12:00-04:00';
const NOW_S = Date.parse(NOW) / 1000;

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nM,Example Metro,https://example.org,America/Montreal\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,100,Alpha,45.5,-73.6\nB,200,Beta,45.6,-73.7\n',
  'routes.txt': 'route_id,route_short_name,route_type\nGREEN,1,1\nBUS,10,3\nORANGE,2,1\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nGREEN,WK,G,Angrignon\nBUS,WK,T1,Downtown\nORANGE,WK,O,Montmorency\n',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    // Patterns: the times count only relative to the first stop.
    'G,00:00:00,00:00:00,A,1',
    'G,00:05:00,00:05:00,B,2',
    'O,05:00:00,05:00:00,A,1',
    'O,05:03:00,05:03:00,B,2',
    'T1,08:30:00,08:30:00,B,1',
  ].join('\n'),
  // Green: every 10 min from 08:00 to 09:00, exactly; Orange: every 6 min, only the headway promised.
  'frequencies.txt': 'trip_id,start_time,end_time,headway_secs,exact_times\nG,08:00:00,09:00:00,600,1\nO,7:00:00,10:00:00,360,0\n',
};

const live = encodeFeed({
  header: { gtfsRealtimeVersion: '2.0', timestamp: NOW_S },
  entity: [
    // The 08:20 run of the green line, two minutes late; the 08:10 run has no update.
    {
      id: 'g',
      tripUpdate: {
        trip: { tripId: 'G', startTime: '08:20:00', startDate: '20250312' },
        stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 120 } }],
      },
    },
  ],
});

const clock = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montreal', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
const lines = (a: StopArrivals) =>
  a.routes.flatMap((r) =>
    r.trips.map(
      (t) => `${r.routeNo} ${clock(t.at!)} ${t.trust !== 'scheduled' ? 'live' : 'scheduled'}${t.headwayMinutes ? ` every ${t.headwayMinutes}` : ''}`,
    ),
  );

describe('frequencies.txt', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  let feed: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    feed = join(dir.path, 'trip-updates.pb');
    writeFileSync(feed, live);
  });
  afterEach(() => dir.remove());

  it('expands exact runs into times, matches an update by its start_time, and gives the headway of the others', async () => {
    const { source } = await fileSource(join(dir.path, 'data'), zip, feed, NOW);
    expect(await source.refreshSchedule()).toBe('imported');
    const arrivals = await source.nextTripsAllRoutes('200');
    expect(lines(arrivals).sort()).toEqual([
      '1 08:15 scheduled',
      '1 08:27 live',
      '1 08:35 scheduled',
      '10 08:30 scheduled',
      '2 08:15 scheduled every 6',
      '2 08:21 scheduled every 6',
      '2 08:27 scheduled every 6',
    ]);
    // The last run of the green line (08:50 from Alpha) is the last train at Beta.
    const { source: later } = await fileSource(join(dir.path, 'later'), zip, undefined, '2025-03-12T08:52:00-04:00');
    expect(await later.refreshSchedule()).toBe('imported');
    expect((await later.nextTrips('200', '1')).routes[0]!.trips.map((t) => [clock(t.at!), t.lastTrip])).toEqual([['08:55', true]]);
    await later.close();

    const t = createTranslator(packageLanguages());
    for (const [locale, every] of [
      ['en', 'every 6 min 🕒'],
      ['fr', 'toutes les 6 min 🕒'],
    ] as const) {
      const say: Say = (id, args) => t(locale, id, args);
      const text = renderPlainText(formatArrivals(arrivals, { now: new Date(NOW), say }));
      expect(text.split('\n').filter((line) => line.includes(every))).toHaveLength(1);
      expect(text).not.toContain('08:21');
    }
    await source.close();
  });
});
