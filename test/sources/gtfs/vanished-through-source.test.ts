import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatArrivals } from '../../../src/core/format/arrivals.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import type { Locale } from '../../../src/domain/locale.js';
import { encodeFeed, fileSource, tempDir, writeZip } from './helpers.js';

// Two consecutive TripUpdates snapshots through the GTFS source: route 10's 08:10 trip, predicted
// at 08:06 at Main St, drops out of the second; the board keeps it for 08:06 as vanished at the
// second snapshot's time and names the next trip the feed still predicts. A second "snapshot"
// with the same header time (a feed kept through a failure) makes nothing vanish.

const NOW = '2025-03-12T08:02:00-07:00';
const NOW_S = Date.parse(NOW) / 1000;
const DAY = '20250312';

const GTFS = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Vancouver\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nS,1000,Start,49.0,-123.0\nA,1001,Main St,49.1,-123.1\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,10,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt':
    'route_id,service_id,trip_id,trip_headsign,direction_id\nR1,WK,T1,Downtown,0\nR1,WK,T2,Downtown,0\nR1,WK,T3,Downtown,0\nR1,WK,T4,Downtown,0\n',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'T1,07:55:00,07:55:00,S,1',
    'T1,08:10:00,08:10:00,A,2',
    'T2,08:05:00,08:05:00,S,1',
    'T2,08:20:00,08:20:00,A,2',
    'T3,08:15:00,08:15:00,S,1',
    'T3,08:30:00,08:30:00,A,2',
    'T4,08:25:00,08:25:00,S,1',
    'T4,08:40:00,08:40:00,A,2',
  ].join('\n'),
};

function snapshot(timestamp: number, tripIds: string[]) {
  const at = { T1: NOW_S + 4 * 60, T2: NOW_S + 19 * 60, T4: NOW_S + 40 * 60 } as Record<string, number>;
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp },
    entity: tripIds.map((tripId) => ({
      id: tripId,
      tripUpdate: { trip: { tripId, startDate: DAY }, stopTimeUpdate: [{ stopSequence: 2, stopId: 'A', arrival: { time: at[tripId] } }] },
    })),
  });
}

const t = createTranslator(packageLanguages());
const sayIn = (locale: Locale) => (id: string, args?: Record<string, string | number>) => t(locale, id, { vehicles: 'bus', ...args });

describe('a trip that vanishes between two polls, through the GTFS source', () => {
  let dir: ReturnType<typeof tempDir>;
  let feedPath: string;
  let zip: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), GTFS);
    feedPath = join(dir.path, 'trip-updates.pb');
  });
  afterEach(() => dir.remove());

  async function twoPolls(secondTimestamp: number, before = ['T1', 'T2'], after = ['T2']) {
    writeFileSync(feedPath, snapshot(NOW_S, before));
    const { source, now } = await fileSource(join(dir.path, 'data'), zip, feedPath, NOW);
    await source.refreshSchedule();
    const first = await source.nextTrips('1001', '10');
    writeFileSync(feedPath, snapshot(secondTimestamp, after));
    now.advance(30_000);
    const second = await source.nextTrips('1001', '10');
    await source.close();
    return { first, second };
  }

  it('is kept for its predicted time, vanished at the second snapshot, and the board names the next trip', async () => {
    const { first, second } = await twoPolls(NOW_S + 30);
    expect(first.routes[0]!.trips.map((trip) => [trip.trust, trip.vanishedAt])).toEqual([
      ['predicted', undefined],
      ['predicted', undefined],
      ['scheduled', undefined],
    ]);
    const [gone, next] = second.routes[0]!.trips;
    expect(gone).toMatchObject({ trust: 'scheduled', vanishedAt: new Date((NOW_S + 30) * 1000), at: new Date((NOW_S + 4 * 60) * 1000) });
    expect(next).toMatchObject({ trust: 'predicted', at: new Date((NOW_S + 19 * 60) * 1000) });
    expect(next!.vanishedAt).toBeUndefined();

    const board = (locale: Locale) => renderPlainText(formatArrivals(second, { now: new Date((NOW_S + 30) * 1000), say: sayIn(locale) }));
    expect(board('en')).toContain('  08:06 👻 vanished from tracking at 08:02 · Next: 08:21 🔮\n');
    expect(board('en')).toContain('👻 vanished from tracking, may not come');
    expect(board('fr')).toContain('  08:06 👻 disparu du suivi à 08:02 · Suivant : 08:21 🔮\n');
    expect(board('fr')).toContain('👻 disparu du suivi, peut ne pas passer');
  });

  it('is caught by the half-minute realtime round when no rider asks between the two snapshots', async () => {
    writeFileSync(feedPath, snapshot(NOW_S, ['T1', 'T2']));
    const { source, now } = await fileSource(join(dir.path, 'data'), zip, feedPath, NOW);
    await source.refreshSchedule();
    await source.refreshRealtime!();
    writeFileSync(feedPath, snapshot(NOW_S + 30, ['T2']));
    now.advance(30_000);
    await source.refreshRealtime!();
    // Later snapshots lack the trip too: only a comparison made at each poll could have seen it go.
    writeFileSync(feedPath, snapshot(NOW_S + 60, ['T2']));
    now.advance(30_000);
    const asked = await source.nextTrips('1001', '10');
    await source.close();
    expect(asked.routes[0]!.trips[0]).toMatchObject({ vanishedAt: new Date((NOW_S + 30) * 1000) });
  });

  it('a snapshot no newer than the last (the feed kept through a failure) makes nothing vanish', async () => {
    const { second } = await twoPolls(NOW_S);
    expect(second.routes[0]!.trips.some((trip) => trip.vanishedAt !== undefined)).toBe(false);
  });

  it('when the next three hold no trip the feed follows, the last place goes to the next one it does', async () => {
    const { second } = await twoPolls(NOW_S + 30, ['T1', 'T4'], ['T4']);
    expect(second.routes[0]!.trips.map((trip) => [trip.startTime, trip.trust, trip.vanishedAt !== undefined])).toEqual([
      ['07:55', 'scheduled', true],
      ['08:05', 'scheduled', false],
      ['08:25', 'predicted', false],
    ]);
    const board = renderPlainText(formatArrivals(second, { now: new Date((NOW_S + 30) * 1000), say: sayIn('en') }));
    expect(board).toContain('  08:06 👻 vanished from tracking at 08:02 · Next: 08:42 🔮\n');
  });
});
