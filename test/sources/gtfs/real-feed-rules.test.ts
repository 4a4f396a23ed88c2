import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { wallClock } from '../../../src/domain/time-zone.js';
import { encodeFeed, fileSource, fixture, tempDir, writeZip } from './helpers.js';

// What real feeds do that the specification does not foresee, each case built from the Caltrain
// capture (its schedule and its trip updates, changed only where the case needs it):
// - stop_sequences that name other stops than the schedule's (Halifax: a feed built against a
//   newer schedule, a stop inserted at sequence 8);
// - a trip of Friday's service starting at 24:10, dated Saturday (WMATA);
// - DUPLICATED trips; ADDED trips without a direction_id.

interface JsonUpdate {
  stopSequence?: number;
  stopId: string;
  arrival?: { time: string };
  departure?: { time: string };
  scheduleRelationship?: string;
}
interface JsonEntity {
  id: string;
  tripUpdate: {
    trip: { tripId: string; routeId?: string; directionId?: number; startTime?: string; startDate?: string; scheduleRelationship?: string };
    tripProperties?: { tripId?: string; startDate?: string; startTime?: string };
    stopTimeUpdate: JsonUpdate[];
  };
}

const capture = JSON.parse(readFileSync(fixture('caltrain-trip-updates.json'), 'utf8')) as { header: { timestamp: string }; entity: JsonEntity[] };
const NOW_S = Number(capture.header.timestamp);
const entities = (): JsonEntity[] => structuredClone(capture.entity);
const entityOf = (tripId: string) => entities().find((e) => e.tripUpdate.trip.tripId === tripId)!;
const timeAt = (e: JsonEntity, stopId: string) => {
  const u = e.tripUpdate.stopTimeUpdate.find((x) => x.stopId === stopId)!;
  return Number((u.arrival ?? u.departure)!.time);
};
/** Every time of an entity moved by `seconds`. */
function shiftTimes(e: JsonEntity, seconds: number): JsonEntity {
  for (const u of e.tripUpdate.stopTimeUpdate) {
    for (const event of [u.arrival, u.departure]) if (event) event.time = String(Number(event.time) + seconds);
  }
  return e;
}

const PLATFORMS = [
  '70011',
  '70012',
  '70021',
  '70022',
  '70061',
  '70062',
  '70171',
  '70172',
  '70231',
  '70232',
  '70262',
  '70271',
  '70272',
  '22nd_street',
];
const pacific = (d: Date) => {
  const w = wallClock(d.getTime(), 'America/Los_Angeles');
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};
/** "L1/1 Tamien 17:16 live" per trip shown. */
const shown = (a: StopArrivals) =>
  a.routes.flatMap((r) =>
    r.trips.map((t) => `${r.routeNo}/${r.directionId ?? '-'} ${t.destination} ${pacific(t.at!)} ${t.trust !== 'scheduled' ? 'live' : 'scheduled'}`),
  );

/** unzip(1) reads the capture's schedule, so that a case can change a file and zip it again. */
const scheduleFiles = (): Record<string, string> =>
  Object.fromEntries(
    ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt'].map((name) => [
      name,
      execFileSync('unzip', ['-p', fixture('caltrain-gtfs.zip'), name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    ]),
  );

describe('real feeds read right (cases built from the Caltrain capture)', () => {
  let dir: ReturnType<typeof tempDir>;
  let opened: Array<{ close(): Promise<void> }>;
  beforeEach(() => {
    dir = tempDir();
    opened = [];
  });
  afterEach(async () => {
    for (const source of opened) await source.close();
    dir.remove();
  });

  let count = 0;
  async function sourceOf(feed: JsonEntity[], atS: number, schedule = fixture('caltrain-gtfs.zip')) {
    count += 1;
    const file = join(dir.path, `trip-updates-${count}.pb`);
    writeFileSync(file, encodeFeed({ header: { gtfsRealtimeVersion: '2.0', timestamp: atS }, entity: feed }));
    const { source, lines } = await fileSource(join(dir.path, `data-${count}`), schedule, file, atS * 1000);
    opened.push(source);
    expect(await source.refreshSchedule()).toBe('imported');
    return { source, lines };
  }

  it('stop_sequences one off after a stop the schedule lacks (Halifax): matched by stop_id, the same answers as the right numbering, a skipped stop left out', async () => {
    // Trip 126 skips Palo Alto (70172): in both feeds, so that the answers can be compared whole.
    const skipping = (feed: JsonEntity[]) => {
      const u = feed.find((e) => e.tripUpdate.trip.tripId === '126')!.tripUpdate.stopTimeUpdate.find((x) => x.stopId === '70172')!;
      delete u.arrival;
      delete u.departure;
      u.scheduleRelationship = 'SKIPPED';
      return feed;
    };
    const right = await sourceOf(skipping(entities()), NOW_S);
    const newer = skipping(entities());
    for (const e of newer) for (const u of e.tripUpdate.stopTimeUpdate) if (u.stopSequence! >= 8) u.stopSequence! += 1;
    const off = await sourceOf(newer, NOW_S);

    for (const stop of PLATFORMS) {
      expect(shown(await off.source.nextTripsAllRoutes(stop)), stop).toEqual(shown(await right.source.nextTripsAllRoutes(stop)));
    }
    const paloAlto = shown(await off.source.nextTrips('70172', 'L1'));
    expect(paloAlto.some((line) => line.includes(' live'))).toBe(true);
    expect(paloAlto).not.toContain(`L1/1 Tamien ${pacific(new Date(timeAt(entityOf('126'), '70172') * 1000))} live`);
    expect(off.lines.join('\n')).toMatch(/"matchedByStopId":\d+.*name other stops than the schedule/);
  });

  it('a stop_id that is not in the trip: the trip’s prediction dropped, its scheduled times shown as such, the drop logged', async () => {
    const wrong = entities();
    // Trip 126 (southbound) names the northbound platform at San Mateo (70091 for 70092).
    const update = wrong.find((e) => e.tripUpdate.trip.tripId === '126')!.tripUpdate.stopTimeUpdate.find((u) => u.stopId === '70092')!;
    update.stopId = '70091';
    const bad = await sourceOf(wrong, NOW_S);
    const without = await sourceOf(
      entities().filter((e) => e.tripUpdate.trip.tripId !== '126'),
      NOW_S,
    );
    for (const stop of ['70172', '70232', '70262', '70272']) {
      expect(shown(await bad.source.nextTripsAllRoutes(stop)), stop).toEqual(shown(await without.source.nextTripsAllRoutes(stop)));
    }
    expect(shown(await bad.source.nextTrips('70262', 'L1'))).toContain('L1/1 Tamien 18:19 scheduled'); // 126's time there in the schedule
    expect(bad.lines.join('\n')).toMatch(/"predictionsDropped":1.*"trip":"126"/);
  });

  it('a trip of Friday’s service that starts at 24:10, dated Saturday by the feed: its updates are taken', async () => {
    // Trip 124 moved in the schedule to start at 24:10 on weekdays; the capture's update moved to that Friday night.
    const files = scheduleFiles();
    const move = 8 * 3600 + 33 * 60; // 15:37 -> 24:10
    const clock = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    const seconds = (t: string) => t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
    files['stop_times.txt'] = files['stop_times.txt']!.split('\n')
      .map((line) => {
        const [trip, arrival, departure, ...rest] = line.split(',');
        return trip === '124' ? [trip, clock(seconds(arrival!) + move), clock(seconds(departure!) + move), ...rest].join(',') : line;
      })
      .join('\n');
    const zip = await writeZip(join(dir.path, 'night.zip'), files);
    const shift = 3 * 86_400 + move; // Tuesday 15:37 -> Friday 24:10 (Saturday 00:10)
    const night = shiftTimes(entityOf('124'), shift);
    Object.assign(night.tripUpdate.trip, { startDate: '20231111', startTime: '24:10:00' });
    const { source } = await sourceOf([night], NOW_S + shift, zip);
    const expected = new Date(timeAt(night, '70262') * 1000);
    expect(shown(await source.nextTrips('70262', 'L1'))).toContain(`L1/1 Tamien ${pacific(expected)} live`);
  });

  it('DUPLICATED trips: a copy of trip 124 two hours later, live from its updates; one without updates at its shifted scheduled times; one with a garbled time left out', async () => {
    const later = 2 * 3600;
    const copy = shiftTimes(entityOf('124'), later);
    copy.id = 'copy-1';
    copy.tripUpdate.trip = { tripId: '124', scheduleRelationship: 'DUPLICATED' };
    copy.tripUpdate.tripProperties = { tripId: '124-1737', startDate: '20231107', startTime: '17:37:00' };
    const quiet: JsonEntity = {
      id: 'copy-2',
      tripUpdate: {
        trip: { tripId: '124', scheduleRelationship: 'DUPLICATED' },
        tripProperties: { tripId: '124-1752', startDate: '20231107', startTime: '17:52:00' },
        stopTimeUpdate: [],
      },
    };
    // One whose time is not a time is left out, not a failure.
    const garbled = structuredClone(quiet);
    garbled.id = 'copy-3';
    garbled.tripUpdate.tripProperties!.startTime = 'soon';
    const { source } = await sourceOf([copy, quiet, garbled], NOW_S + later);
    const l1 = shown(await source.nextTrips('70262', 'L1'));
    expect(l1).toContain(`L1/1 Tamien ${pacific(new Date(timeAt(copy, '70262') * 1000))} live`);
    expect(l1).toContain('L1/1 Tamien 19:31 scheduled'); // 124 reaches 70262 at 17:16; 17:52 is 2 h 15 min after 15:37
  });

  it('an ADDED trip without a direction_id joins its route’s block heading to the same last stop', async () => {
    const added = entityOf('124');
    added.id = 'extra';
    added.tripUpdate.trip = { tripId: 'EXTRA-1', routeId: 'L1', scheduleRelationship: 'ADDED' };
    const { source } = await sourceOf([added], NOW_S);
    const arrivals = await source.nextTrips('70262', 'L1');
    expect(arrivals.routes.map((r) => [r.routeNo, r.directionId])).toEqual([['L1', 1]]);
    // Its destination is its last stop's name (an added trip has no headsign).
    expect(shown(arrivals)).toContain(`L1/1 Tamien Caltrain Station ${pacific(new Date(timeAt(added, '70262') * 1000))} live`);
  });
});
