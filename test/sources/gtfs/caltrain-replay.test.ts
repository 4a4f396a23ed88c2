import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsvRecords } from '../../../src/gtfs-format/csv.js';
import type { GtfsSource } from '../../../src/sources/gtfs/source.js';
import { wallClock } from '../../../src/domain/time-zone.js';
import { fileSource, fixture, tempDir } from './helpers.js';

// The Caltrain capture replayed at its header timestamp: every time the source calls live must be
// the one the feed implies for that platform, in minutes and on Pacific clocks, computed here from
// the capture's own JSON decoding and the zip's stop_times.txt (not from our decoder or import):
// the platform's own update, else the delay of the trip's last earlier update carried forward.

interface JsonUpdate {
  stopSequence: number;
  stopId: string;
  arrival?: { time: string };
  departure?: { time: string };
}
interface JsonEntity {
  tripUpdate: { trip: { tripId: string; routeId: string; directionId: number }; stopTimeUpdate: JsonUpdate[] };
}

const feed = JSON.parse(readFileSync(fixture('caltrain-trip-updates.json'), 'utf8')) as { header: { timestamp: string }; entity: JsonEntity[] };
const NOW_S = Number(feed.header.timestamp);
const pacific = (seconds: number) => {
  const w = wallClock(seconds * 1000, 'America/Los_Angeles');
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

// unzip(1) reads the zip here, so the expectations share no code with the import.
const stopTimes = readCsvRecords(
  execFileSync('unzip', ['-p', fixture('caltrain-gtfs.zip'), 'stop_times.txt'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
);
/** 2023-11-07 00:00 Pacific (no clock change that day): what GTFS times count from. */
const DAY_START_S = Date.parse('2023-11-07T00:00:00-08:00') / 1000;
const seconds = (hms: string) => hms.split(':').reduce((t, part) => t * 60 + Number(part), 0);
const scheduled = (tripId: string, sequence: number) => stopTimes.find((r) => r.trip_id === tripId && Number(r.stop_sequence) === sequence);

function predictedAt(e: JsonEntity, stopId: string): number | undefined {
  const updates = e.tripUpdate.stopTimeUpdate;
  const here = updates.find((u) => u.stopId === stopId);
  if (here !== undefined) return Number((here.arrival ?? here.departure)!.time);
  const call = stopTimes.find((r) => r.trip_id === e.tripUpdate.trip.tripId && r.stop_id === stopId);
  if (call === undefined) return undefined;
  const before = updates.filter((u) => u.stopSequence < Number(call.stop_sequence)).at(-1);
  if (before === undefined) return undefined;
  const planned = scheduled(e.tripUpdate.trip.tripId, before.stopSequence)!;
  const delay = before.departure
    ? Number(before.departure.time) - (DAY_START_S + seconds(planned.departure_time!))
    : Number(before.arrival!.time) - (DAY_START_S + seconds(planned.arrival_time!));
  return DAY_START_S + seconds(call.arrival_time!) + delay;
}

/** The feed's predictions at one platform still ahead: trip, minutes away, Pacific clock. */
function expectedAt(stopId: string) {
  return feed.entity
    .map((e) => ({ trip: e.tripUpdate.trip, time: predictedAt(e, stopId) }))
    .filter((p): p is { trip: JsonEntity['tripUpdate']['trip']; time: number } => p.time !== undefined && p.time >= NOW_S - 30)
    .sort((a, b) => a.time - b.time)
    .map((p) => ({
      routeNo: p.trip.routeId,
      directionId: p.trip.directionId,
      minutes: Math.max(0, Math.floor((p.time - NOW_S) / 60)),
      clock: pacific(p.time),
    }));
}

describe('Caltrain capture replayed at 2023-11-07T17:05:34-08:00', () => {
  const dir = tempDir();
  let source: GtfsSource;
  beforeAll(async () => {
    ({ source } = await fileSource(dir.path, fixture('caltrain-gtfs.zip'), fixture('caltrain-trip-updates.pb'), NOW_S * 1000));
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  const platforms = ['70011', '70012', '70021', '70022', '70061', '70062', '70171', '70172', '70231', '70262', '70271', '70272'];
  it.each(platforms)('stop %s: the live times are the feed’s, in minutes and Pacific clock time', async (stopNo) => {
    const arrivals = await source.nextTripsAllRoutes(stopNo);
    expect(arrivals.timeZone).toBe('America/Los_Angeles');
    expect(arrivals.liveUnavailable).toBeUndefined();
    expect(arrivals.staleFeed).toBeUndefined();
    const shown = arrivals.routes.flatMap((r) =>
      r.trips
        .filter((t) => t.trust !== 'scheduled')
        .map((t) => ({ routeNo: r.routeNo, directionId: r.directionId, minutes: t.minutesAway, clock: pacific(t.at!.getTime() / 1000) })),
    );
    const expected = expectedAt(stopNo);
    // Every live time shown is a prediction of the feed for this platform...
    for (const trip of shown) expect(expected).toContainEqual(trip);
    // ...and the soonest prediction of each direction is shown.
    for (const direction of [0, 1]) {
      const soonest = expected.find((p) => p.directionId === direction);
      if (soonest !== undefined) expect(shown).toContainEqual(soonest);
    }
  });

  it('shows the soonest trains at 22nd Street (station 22nd_street, both platforms) as the feed has them', async () => {
    const arrivals = await source.nextTripsAllRoutes('22nd_street');
    expect(arrivals.stopName).toBe('22nd Street');
    const live = arrivals.routes.flatMap((r) =>
      r.trips
        .filter((t) => t.trust !== 'scheduled')
        .map((t) => `${r.routeNo}/${r.directionId} ${t.minutesAway} min ${pacific(t.at!.getTime() / 1000)}`),
    );
    const expected = [...expectedAt('70021'), ...expectedAt('70022')].map((p) => `${p.routeNo}/${p.directionId} ${p.minutes} min ${p.clock}`);
    expect(live.length).toBeGreaterThan(0);
    for (const line of live) expect(expected).toContain(line);
  });

  it('finds stops by name and answers route summaries in the agency’s words', async () => {
    expect(source.stops.search('palo alto').map((s) => s.code)).toContain('70171');
    const summary = await source.routeSummary('70021');
    expect(summary.routes.map((r) => r.routeNo)).toEqual(expect.arrayContaining(['L1']));
    expect(await source.stopDetails('70021')).toStrictEqual({
      stopNo: '70021',
      name: '22nd Street Caltrain Station',
      position: { lat: 37.757599, lon: -122.39188 },
    });
    expect(await source.nextTrips('70021', 'l1')).toMatchObject({ stopNo: '70021', routes: [expect.objectContaining({ routeNo: 'L1' })] });
  });
});
