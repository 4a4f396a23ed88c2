import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore, type BotCore } from '../../../src/core/index.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import { matchRoutes } from '../../../src/sources/gtfs/static/route-match.js';
import type { GtfsSource } from '../../../src/sources/gtfs/source.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { fileSource, tempDir } from './helpers.js';

// Route names as riders say them (item 20). London Transit's real schedule names its routes
// "01".."09" (test/fixtures/disruptions/ltc-gtfs-no-calls.zip, provenance in its README: one
// stop_times row, trip 1342567 of route 01 at stop 20 "Adelaide at Ada NB" at 08:00 on weekdays
// of autumn 2020), as Auckland names its "007": a rider types "1".
const LTC = new URL('../../fixtures/disruptions/ltc-gtfs-no-calls.zip', import.meta.url).pathname;
// Thursday 29 October 2020, 07:50 in London, Ontario: the 08:00 trip is 10 minutes away.
const AT = '2020-10-29T07:50:00-04:00';

describe("routes as riders name them, on London Transit's schedule", () => {
  const dir = tempDir();
  let source: GtfsSource;
  let core: BotCore;
  let stores: ReturnType<typeof memoryStores>;

  beforeAll(async () => {
    let now;
    ({ source, now } = await fileSource(dir.path, LTC, undefined, AT));
    expect(await source.refreshSchedule()).toBe('imported');
    stores = memoryStores();
    core = createBotCore({ transit: source, ...stores, now, stops: source.stops });
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it.each(['1', '01', '001'])('/next 20 %s finds route 01', async (typed) => {
    const reply = await core.handleText(`/next 20 ${typed}`, privateChat());
    expect(reply?.kind).toBe('answer');
    const text = renderPlainText(reply!);
    expect(text).toContain('01 ');
    expect(text).toContain('10 min (08:00)');
    expect(text).not.toContain('does not exist');
  });

  it('an alert set on "1" is stored as the feed names the route, so its pushes find it', async () => {
    const chat = privateChat({ chatId: 'ltc-rider' });
    const done = renderPlainText((await core.handleText('/subscribe 20 1 07:55 weekdays', chat))!);
    expect(done).toMatch(/^Alert [a-z0-9]{4} set: route 01 at 20 at 07:55, weekdays/);
    expect([...stores.subscriptions.all.values()].map((s) => s.routeNo)).toEqual(['01']);
  });

  it('/where 20 1 reads the route too; a route that is not there still says so', async () => {
    expect(renderPlainText((await core.handleText('/next 20 8', privateChat()))!)).toContain('Route 8 does not exist.');
    const where = renderPlainText((await core.handleText('/where 20 1', privateChat()))!);
    expect(where).not.toMatch(/does not exist|No more/);
  });
});

describe('matchRoutes: the tiers', () => {
  // Rows of the real routes.txt of Caltrain and exo (/work/shared/data/gtfs-rt/), and an Auckland-like "007" beside a "7".
  const routes = [
    { routeId: 'L1', shortName: 'L1', longName: 'Local' },
    { routeId: 'L2', shortName: 'L2', longName: 'Local' },
    { routeId: 'L3', shortName: 'L3', longName: 'LTD 3' },
    { routeId: '1', shortName: 'VH', longName: '11 - Vaudreuil/Hudson' },
    { routeId: '4', shortName: 'SJ', longName: '12 - Saint-Jérôme' },
    { routeId: '007-203', shortName: '007', longName: 'Glen Innes to Pt Chevalier' },
  ];
  const ids = (typed: string) => matchRoutes(typed, routes).map((r) => r.routeId);

  it('short names in any case, route ids, leading zeros aside, then long names without case or accents', () => {
    expect(ids('l1')).toEqual(['L1']);
    expect(ids('vh')).toEqual(['1']);
    expect(ids('7')).toEqual(['007-203']);
    expect(ids('07')).toEqual(['007-203']);
    expect(ids('local')).toEqual(['L1', 'L2']);
    expect(ids('ltd 3')).toEqual(['L3']);
    expect(ids('12 - saint-jerome')).toEqual(['4']);
    expect(ids('8')).toEqual([]);
    expect(ids('  ')).toEqual([]);
  });

  it('an exact name wins over a padded one: "7" is route 7 where both exist', () => {
    expect(matchRoutes('7', [...routes, { routeId: '7', shortName: '7', longName: '' }]).map((r) => r.routeId)).toEqual(['7']);
  });
});
