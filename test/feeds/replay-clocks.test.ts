import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import type { OpenedSource } from '../../src/sources/kind.js';
import { openFeeds } from '../../src/sources/open.js';
import { capturingLogger, fixture, tempDir } from '../sources/gtfs/helpers.js';

// Captures of two agencies taken two years apart (Caltrain on 2023-11-07, MiWay on 2025-10-26),
// replayed together in one bot: each feed runs on its own clock (FEEDS_FILE's clockStart), so
// both read their trip updates as live. On one clock, at most one of them could.

const CALTRAIN_AT = '2023-11-07T17:05:34-08:00';
const MIWAY_AT = '2025-10-26T18:50:32-04:00';

describe('several captures replayed together, each feed on its own clock', () => {
  const dir = tempDir();
  let feeds: OpenedSource;
  beforeAll(async () => {
    const gtfs = (zip: string, tripUpdates: string) => ({
      kind: 'gtfs' as const,
      gtfs: { scheduleUrl: fixture(zip), tripUpdatesUrl: fixture(tripUpdates), headers: {}, refreshSeconds: 30 },
    });
    feeds = await openFeeds(
      [
        { id: 'ct', name: 'Caltrain', clockStart: new Date(CALTRAIN_AT), source: gtfs('caltrain-gtfs.zip', 'caltrain-trip-updates.pb') },
        { id: 'mi', name: 'MiWay', clockStart: new Date(MIWAY_AT), source: gtfs('miway-vehicles-gtfs.zip', 'miway-trip-updates-vehicles.pb') },
      ],
      // The bot's own clock is neither day.
      {
        dataDir: dir.path,
        now: fixedClock('2026-06-01T12:00:00Z'),
        logger: capturingLogger().logger,
        quietRequests: true,
        folders: 'per-feed',
        waitForSchedule: { write: () => true },
      },
    );
  });
  afterAll(async () => {
    await feeds.close();
    dir.remove();
  });

  it.each([
    ['ct:70021', CALTRAIN_AT],
    ['mi:0477', MIWAY_AT],
  ])('%s answers with live times, due in the hours after its own capture', async (stop, at) => {
    const arrivals = await feeds.source.nextTripsAllRoutes(stop);
    const trips = arrivals.routes.flatMap((r) => r.trips);
    expect(trips.filter((t) => t.trust !== 'scheduled').length).toBeGreaterThan(0);
    expect(arrivals.liveUnavailable ?? false).toBe(false);
    expect(arrivals.staleFeed ?? false).toBe(false);
    for (const trip of trips.filter((t) => t.at !== undefined)) {
      expect(trip.at!.getTime() - Date.parse(at)).toBeGreaterThan(-5 * 60_000);
      expect(trip.at!.getTime() - Date.parse(at)).toBeLessThan(6 * 3600_000);
    }
  });
});
