import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPlainText } from '../../../src/chat/console/render.js';
import { formatArrivals } from '../../../src/core/format/arrivals.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { sourceWords } from '../../../src/core/source-words.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { readCsvRecords } from '../../../src/gtfs-format/csv.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger, fixture, tempDir } from './helpers.js';

// Halifax's capture of 2025-11-06T17:04:14-04:00, a detour: at stop 8310 the feed marks every
// coming trip of routes 4, 10A, 10B and 10C SKIPPED. The 10s' trip updates are numbered against a
// newer schedule (stop 6084 inserted, every later stop_sequence one off). Riders must read those
// trips as skipping the stop, never as a countdown, and still learn when a bus does stop.
// Expectations come from the capture's JSON twin and the zip's own stop_times.txt (unzip), not
// from our decoder or import.

interface JsonEntity {
  tripUpdate: {
    trip: { tripId: string; routeId: string };
    stopTimeUpdate: Array<{ stopSequence?: number; stopId?: string; arrival?: { time: string }; scheduleRelationship?: string }>;
  };
}
const capture = JSON.parse(readFileSync(fixture('halifax-8310-trip-updates.json'), 'utf8')) as {
  header: { timestamp: string };
  entity: JsonEntity[];
};
const NOW_S = Number(capture.header.timestamp);
const skipping = new Set(
  capture.entity
    .filter((e) => e.tripUpdate.stopTimeUpdate.some((u) => u.stopId === '8310' && u.scheduleRelationship === 'SKIPPED'))
    .map((e) => e.tripUpdate.trip.tripId),
);
const unzip = (name: string) =>
  readCsvRecords(execFileSync('unzip', ['-p', fixture('halifax-8310-gtfs.zip'), name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
const routeOf = new Map(unzip('trips.txt').map((r) => [r.trip_id!, r.route_id!]));
/** Midnight of 2025-11-06 in Halifax (AST, UTC-4): what GTFS times count from. */
const DAY_START_S = Date.parse('2025-11-06T00:00:00-04:00') / 1000;
const seconds = (hms: string) => hms.split(':').reduce((t, part) => t * 60 + Number(part), 0);
/** Each trip's scheduled time at 8310, POSIX seconds. */
const at8310 = new Map(
  unzip('stop_times.txt').flatMap((r) => (r.stop_id === '8310' ? [[r.trip_id!, DAY_START_S + seconds(r.arrival_time!)] as const] : [])),
);

const t = createTranslator(packageLanguages());

describe('Halifax at stop 8310 (a detour), 2025-11-06T17:04:14-04:00', () => {
  const dir = tempDir();
  let source: GtfsSource;
  beforeAll(async () => {
    source = await createGtfsSource({
      schedule: { kind: 'file', path: fixture('halifax-8310-gtfs.zip') },
      tripUpdates: { kind: 'file', path: fixture('halifax-8310-trip-updates.pb') },
      vehiclePositions: { kind: 'file', path: fixture('halifax-8310-vehicle-positions.pb') },
      dataDir: dir.path,
      now: fixedClock(NOW_S * 1000),
      logger: capturingLogger().logger,
    });
    expect(await source.refreshSchedule()).toBe('imported');
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });
  /** The core's translator: the source's own words (its vehicles) under every message. */
  const sayIn = (locale: 'en' | 'fr') => (id: string, args?: Record<string, string | number>) =>
    t(locale, id, { ...sourceWords(source.profile()), ...args });

  it('each trip the feed skips here is said to skip, at its scheduled time; every time counted down is a trip that stops', async () => {
    const arrivals = await source.nextTripsAllRoutes('8310');
    expect(arrivals.routes.map((r) => r.routeNo).sort()).toEqual(['10A', '10B', '10C', '4']);
    for (const route of arrivals.routes) {
      // The route's coming calls at 8310, in the schedule's order, and which of them the feed skips.
      const coming = [...at8310].filter(([tripId, s]) => routeOf.get(tripId) === route.routeNo && s >= NOW_S - 30).sort((a, b) => a[1] - b[1]);
      const firstStopping = coming.find(([tripId]) => !skipping.has(tripId))!;
      expect(skipping.has(coming[0]![0]) && skipping.has(coming[1]![0]), route.routeNo).toBe(true);
      // Two skipping trips, then the next one that does stop (the third place kept for it).
      expect(
        route.trips.map((trip) => [trip.skipped === true, trip.at!.getTime() / 1000]),
        route.routeNo,
      ).toEqual([
        [true, coming[0]![1]],
        [true, coming[1]![1]],
        [false, firstStopping[1]],
      ]);
    }
  });

  it('reads as "skips this stop" in both languages, never as "now (17:05) 🕒" (10A) or a countdown', async () => {
    const arrivals = await source.nextTripsAllRoutes('8310');
    const now = new Date(NOW_S * 1000);
    const english = renderPlainText(formatArrivals(arrivals, { now, say: sayIn('en') }));
    expect(english).toContain(`10A DALHOUSIE VIA SPRING GARDEN
  17:05 skips this stop ⏭
  17:29 skips this stop ⏭
  67 min (18:11) 🕒`);
    expect(english).toContain(`4 ST. MARYS AND DALHOUSIE VIA ROBIE
  17:08 skips this stop ⏭
  17:23 skips this stop ⏭
  74 min (18:18) 🕒`);
    expect(english).not.toMatch(/min \((17:05|17:08|17:12|17:21)\)|now \(17:05\)/);
    const french = renderPlainText(formatArrivals(arrivals, { now, say: sayIn('fr') }));
    expect(french).toContain("17:05 ne s'arrête pas ici ⏭");
    expect(french).not.toMatch(/maintenant \(17:05\)/);
  });

  it('the 10s’ updates, one stop_sequence off after the inserted stop, are placed by stop_id: a predicted time at the stop before (8315)', async () => {
    const trips = (await source.nextTrips('8315', '10A')).routes.flatMap((r) => r.trips);
    // 3785600's update at 8315 (its stop_sequence 16, the schedule's 15).
    const update = capture.entity.find((e) => e.tripUpdate.trip.tripId === '3785600')!.tripUpdate.stopTimeUpdate.find((u) => u.stopId === '8315')!;
    expect(update.stopSequence).toBe(16);
    const scheduled = unzip('stop_times.txt').find((r) => r.trip_id === '3785600' && r.stop_id === '8315')!;
    expect(scheduled.stop_sequence).toBe('15');
    const shown = trips.find((trip) => trip.at!.getTime() === Number(update.arrival!.time) * 1000);
    // Its bus (1233) reports no position in the capture: predicted, 11 min behind the timetable.
    expect(shown).toMatchObject({
      trust: 'predicted',
      delaySeconds: Number(update.arrival!.time) - (DAY_START_S + seconds(scheduled.arrival_time!)),
    });
    expect(trips.every((trip) => trip.skipped !== true)).toBe(true);
  });
});
