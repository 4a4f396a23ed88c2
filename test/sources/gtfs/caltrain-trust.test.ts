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

// Caltrain's capture with its VehiclePositions (2023-11-07T17:05:34-08:00): trips 124-127 have a
// train reporting its place; 128 has predictions but no train yet (the feed's vehicle is a
// "schedBasedVehicle"). At the southbound platform 70232 trip 126 is tracked and 128 only predicted:
// riders must read them differently, each with how far it runs from the timetable.

interface JsonEntity {
  tripUpdate: { trip: { tripId: string }; stopTimeUpdate: Array<{ stopId: string; arrival?: { time: string }; departure?: { time: string } }> };
}
const capture = JSON.parse(readFileSync(fixture('caltrain-trip-updates.json'), 'utf8')) as { header: { timestamp: string }; entity: JsonEntity[] };
const NOW_S = Number(capture.header.timestamp);
const STOP = '70232';
const predictedAt = (tripId: string) => {
  const update = capture.entity.find((e) => e.tripUpdate.trip.tripId === tripId)!.tripUpdate.stopTimeUpdate.find((u) => u.stopId === STOP)!;
  return Number((update.arrival ?? update.departure)!.time);
};
const stopTimes = readCsvRecords(
  execFileSync('unzip', ['-p', fixture('caltrain-gtfs.zip'), 'stop_times.txt'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
);
const DAY_START_S = Date.parse('2023-11-07T00:00:00-08:00') / 1000;
const scheduledAt = (tripId: string) => {
  const row = stopTimes.find((r) => r.trip_id === tripId && r.stop_id === STOP)!;
  return DAY_START_S + row.arrival_time!.split(':').reduce((s, part) => s * 60 + Number(part), 0);
};

const t = createTranslator(packageLanguages());

describe('Caltrain at 70232 (southbound), trip updates and vehicle positions', () => {
  const dir = tempDir();
  let source: GtfsSource;
  beforeAll(async () => {
    source = await createGtfsSource({
      schedule: { kind: 'file', path: fixture('caltrain-gtfs.zip') },
      tripUpdates: { kind: 'file', path: fixture('caltrain-trip-updates.pb') },
      vehiclePositions: { kind: 'file', path: fixture('caltrain-vehicle-positions.pb') },
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

  it('the train seen is tracked, the one predicted without a train seen is not; each with its gap to the timetable', async () => {
    const trips = (await source.nextTrips(STOP, 'L1')).routes.flatMap((r) => r.trips);
    const of = (tripId: string) => trips.find((trip) => trip.at!.getTime() === predictedAt(tripId) * 1000)!;
    expect(of('126')).toMatchObject({ trust: 'tracked', delaySeconds: predictedAt('126') - scheduledAt('126') });
    expect(of('126').position).toBeDefined();
    expect(of('128')).toMatchObject({ trust: 'predicted', delaySeconds: predictedAt('128') - scheduledAt('128') });
    expect(of('128').position).toBeUndefined();
  });

  it('reads differently to riders, in both languages: 📡 against 🔮, the legend in words', async () => {
    const arrivals = await source.nextTrips(STOP, 'L1');
    const now = new Date(NOW_S * 1000);
    const minutes = (tripId: string) => Math.round((predictedAt(tripId) - scheduledAt(tripId)) / 60);
    // The capture's own gaps: both trains due early at the end of the line (the words below are chosen so).
    expect([minutes('126'), minutes('128')]).toEqual([-4, -2]);
    const english = renderPlainText(formatArrivals(arrivals, { now, say: sayIn('en'), routeNo: 'L1' }));
    const lines = english.split('\n');
    const line = (tripId: string) => lines.find((l) => l.includes(`(${clock(predictedAt(tripId))})`))!;
    expect(line('126')).toContain(`📡 · ${-minutes('126')} min early`);
    expect(line('128')).toContain(`🔮 · ${-minutes('128')} min early`);
    expect(english).toContain('📡 train tracked · 🔮 predicted, no train seen');
    const french = renderPlainText(formatArrivals(arrivals, { now, say: sayIn('fr'), routeNo: 'L1' }));
    expect(french).toContain(`📡 · ${-minutes('126')} min d'avance`);
    expect(french).toContain(`🔮 · ${-minutes('128')} min d'avance`);
    expect(french).toContain('📡 train localisé · 🔮 prévu, train non localisé');
  });
});

function clock(seconds: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    seconds * 1000,
  );
}
