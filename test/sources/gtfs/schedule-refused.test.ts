import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import { isTransitError } from '../../../src/domain/transit-error.js';
import { zipGtfs } from '../../../src/sim/gtfs-zip.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { fileSource, tempDir, writeZip } from './helpers.js';

// Issue 30, item 10: a schedule the import refuses (here, a zip without stop_times.txt) with no
// earlier one to answer from is said as it is, to riders (in both languages) and to the operator,
// after a restart too (the refused file is not tried again until it changes); never "loading".

const NOW = '2025-03-12T08:00:00-04:00';

const GTFS: Record<string, string> = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nX,Example Transit,https://example.org,America/Toronto\n',
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nA,3017,BASELINE,45.1,-75.1\nB,3018,OAK,45.2,-75.2\n',
  'routes.txt': 'route_id,route_short_name,route_type\nR1,95,3\n',
  'calendar.txt': 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20250101,20251231\n',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,Downtown\n',
  'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:10:00,08:10:00,A,1\nT1,08:20:00,08:20:00,B,2\n',
};
const { 'stop_times.txt': _calls, ...WITHOUT_CALLS } = GTFS;

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (err: unknown) => (isTransitError(err) ? err.kind : 'not a TransitError'),
  );

describe('a schedule refused with none before it', () => {
  let dir: ReturnType<typeof tempDir>;
  let zip: string;
  beforeEach(async () => {
    dir = tempDir();
    zip = await writeZip(join(dir.path, 'gtfs.zip'), WITHOUT_CALLS);
  });
  afterEach(() => dir.remove());

  it('answers "no schedule" (not "loading") everywhere, says why in its status, and says it again after a restart', async () => {
    const data = join(dir.path, 'data');
    const first = await fileSource(data, zip, undefined, NOW);
    expect(first.source.status!()[0]!.schedule).toBe('loading');
    expect(await first.source.refreshSchedule()).toBe('failed');
    for (const asked of [
      first.source.nextTripsAllRoutes('3017'),
      first.source.nextTrips('3017', '95'),
      first.source.routeSummary('3017'),
      first.source.stopDetails('3017'),
      first.source.places.stop('3017'),
      first.source.places.route('95'),
    ])
      expect(await kindOf(asked)).toBe('no-schedule');
    expect(first.source.status!()[0]).toMatchObject({
      schedule: 'failed',
      scheduleProblem: { kind: 'refused', message: 'the feed lacks stop_times.txt' },
    });
    expect(first.lines.filter((l) => l.includes('no schedule to answer from'))).toHaveLength(1);
    await first.source.close();

    const again = await fileSource(data, zip, undefined, NOW);
    expect(again.source.status!()[0]).toMatchObject({ schedule: 'failed', scheduleProblem: { kind: 'refused' } });
    expect(again.lines.join('')).toContain('schedule file refused earlier and unchanged');
    expect(await again.source.refreshSchedule()).toBe('unchanged');
    expect(await kindOf(again.source.nextTripsAllRoutes('3017'))).toBe('no-schedule');

    // The operator fixes the file: it is imported, and the problem is gone.
    writeFileSync(zip, await zipGtfs(GTFS));
    expect(await again.source.refreshSchedule()).toBe('imported');
    expect(again.source.status!()[0]).toEqual(expect.not.objectContaining({ scheduleProblem: expect.anything() as unknown }));
    expect(again.source.status!()[0]!.schedule).toBe('ready');
    await again.source.close();
  });

  it('a file that cannot be had at all (no earlier import) is no schedule too, with why', async () => {
    const { source } = await fileSource(join(dir.path, 'data'), join(dir.path, 'no-such.zip'), undefined, NOW);
    expect(await source.refreshSchedule()).toBe('failed');
    expect(source.status!()[0]).toMatchObject({ schedule: 'failed', scheduleProblem: { kind: 'unavailable' } });
    expect(await kindOf(source.nextTripsAllRoutes('3017'))).toBe('no-schedule');
    await source.close();
  });

  it('tells riders in both languages, and /stop by name or place does not claim that nothing matches', async () => {
    const { source } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    await source.refreshSchedule();
    const core = createBotCore({ transit: source, ...memoryStores(), now: () => new Date(NOW), stops: source.stops });
    const say = async (typed: string, languageCode: string) => renderPlainText((await core.handleText(typed, privateChat({ languageCode })))!);
    expect(await say('/next 3017', 'en')).toBe(
      "This network's schedule could not be loaded, so I have no times for its stops. The bot's operator can see why in its log; trying again in a minute will not help.",
    );
    expect(await say('/next 3017', 'fr')).toContain("Les horaires de ce réseau n'ont pas pu être chargés");
    const search = await say('/stop baseline', 'en');
    expect(search).toBe(
      "This network's stops can't be looked up by name or place: its schedule could not be loaded (the bot's operator can see why).",
    );
    expect(await say('/stop baseline', 'fr')).toContain('Les arrêts de ce réseau ne peuvent pas être cherchés');
    const near = await core.handleLocation(45.1, -75.1, privateChat());
    expect(near.kind).toBe('failure');
    expect(renderPlainText(near)).not.toContain('No stop within');
    await source.close();
  });

  it('while a first import is under way, says "loading", and the stops "still loading"', async () => {
    const { source } = await fileSource(join(dir.path, 'data'), zip, undefined, NOW);
    const core = createBotCore({ transit: source, ...memoryStores(), now: () => new Date(NOW), stops: source.stops });
    const reply = renderPlainText((await core.handleText('/stop baseline', privateChat()))!);
    expect(reply).toContain('its schedule is still loading');
    expect(await kindOf(source.nextTripsAllRoutes('3017'))).toBe('loading');
    await source.close();
  });
});
