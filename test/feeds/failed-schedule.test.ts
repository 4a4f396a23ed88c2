import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOps } from '../../src/ops/ops.js';
import { startPushes } from '../../src/pushes/start-pushes.js';
import { createBotCore, type BotCore } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { Locale } from '../../src/domain/locale.js';
import type { OpenedSource } from '../../src/sources/kind.js';
import type { FeedEntry } from '../../src/sources/kinds.js';
import { openFeeds } from '../../src/sources/open.js';
import { capturingLogger, memoryClaims, testSettings } from '../pushes/fakes.js';
import { fakeTransit, memoryStores, NOW, privateChat, route, stopArrivals, trip } from '../core/fakes.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { createFeedSet } from '../../src/sources/feed-set.js';
import { fixture as disruptionFixture } from '../disruptions/helpers.js';
import { tempDir, writeZip } from '../sources/gtfs/helpers.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

// Issue 30, items 10 and 11: MiWay's schedule refused (its zip has no stop_times.txt), Auckland's
// fine, both numbering stops with four digits. MiWay's riders are told its schedule could not be
// loaded (not "loading" for ever), an Auckland answer to a code MiWay may have says so beside it,
// stop search says whose stops are missing, MiWay's Service Alerts are still served, and
// /readyz tells the operator why (while /healthz, liveness, stays 200: a restart would not mend it). MiWay's alerts are the real capture of 2025-10-26.

const CLOCK = '2025-10-26T18:50:32-04:00';

const AGENCY = 'agency_id,agency_name,agency_url,agency_timezone\n';
const CALENDAR = 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20261231\n';

/** Auckland: stop 1456 (Victoria Park), route 75, a bus every 20 minutes around the clock (its clock: 11:50 on Monday). */
const AUCKLAND = {
  'agency.txt': `${AGENCY}AT,Auckland Transport,https://at.govt.nz,Pacific/Auckland\n`,
  'stops.txt':
    'stop_id,stop_code,stop_name,stop_lat,stop_lon\nat-1456,1456,Victoria Park,-36.8485,174.7536\nat-1500,1500,Ponsonby Road,-36.85,174.74\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR75,AT,75,Ponsonby,3\n',
  'calendar.txt': CALENDAR,
  'trips.txt': `route_id,service_id,trip_id,trip_headsign\n${Array.from({ length: 72 }, (_, i) => `R75,ALL,T${i},Ponsonby`).join('\n')}\n`,
  'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${Array.from({ length: 72 }, (_, i) => {
    const t = `${String(Math.floor(i / 3)).padStart(2, '0')}:${String((i % 3) * 20).padStart(2, '0')}:00`;
    return `T${i},${t},${t},at-1456,1\nT${i},${t},${t},at-1500,2`;
  }).join('\n')}\n`,
};

/** MiWay as its published capture: no stop_times.txt, so the importer refuses it. */
const MIWAY_WITHOUT_CALLS = {
  'agency.txt': `${AGENCY}MiWay,MiWay,https://www.mississauga.ca/miway-transit/,America/Toronto\n`,
  'stops.txt': 'stop_id,stop_code,stop_name,stop_lat,stop_lon\n1456,1456,City Centre Transit Terminal,43.5933,-79.6434\n',
  'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\n1,MiWay,1,Dundas,3\n',
  'calendar.txt': CALENDAR,
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\n1,ALL,M1,Dundas\n',
};

describe('a feed whose schedule was refused, beside one that works', () => {
  const now = fixedClock(CLOCK);
  const dir = tempDir();
  const log = capturingLogger();
  let feeds: OpenedSource;
  let core: BotCore;

  beforeAll(async () => {
    const entries: FeedEntry[] = [
      {
        id: 'mi',
        name: 'MiWay',
        source: {
          kind: 'gtfs',
          gtfs: {
            scheduleUrl: await writeZip(join(dir.path, 'miway.zip'), MIWAY_WITHOUT_CALLS),
            alertsUrl: disruptionFixture('miway-alerts.pb'),
            headers: {},
            refreshSeconds: 30,
          },
        },
      },
      {
        id: 'at',
        name: 'Auckland Transport',
        source: { kind: 'gtfs', gtfs: { scheduleUrl: await writeZip(join(dir.path, 'auckland.zip'), AUCKLAND), headers: {}, refreshSeconds: 30 } },
      },
    ];
    // As the terminal chat opens them: each first import awaited.
    feeds = await openFeeds(entries, {
      dataDir: join(dir.path, 'data'),
      now,
      logger: log.logger,
      quietRequests: true,
      folders: 'per-feed',
      waitForSchedule: { write: () => true },
    });
    const stores = memoryStores();
    core = createBotCore({ transit: feeds.source, ...stores, ...inTodaysFeeds(stores, feeds.source.identifiers), now, stops: feeds.stops! });
  }, 30_000);
  afterAll(async () => {
    await feeds.close();
    dir.remove();
  });

  const ask = async (typed: string, language: Locale = 'en') => {
    const chat = privateChat({ chatId: `rider-${language}`, languageCode: language });
    return (await core.handleText(typed, chat))!;
  };
  const text = async (typed: string, language: Locale = 'en') => renderPlainText(await ask(typed, language));

  it("tells MiWay's riders that its schedule could not be loaded, not that it is loading, in English and French", async () => {
    const en = await ask('/next mi 1456');
    expect(en.kind).toBe('failure');
    expect(renderPlainText(en)).toContain("This network's schedule could not be loaded, so I have no times for its stops.");
    expect(renderPlainText(en)).not.toMatch(/loading/i);
    expect(await text('/next mi 1456', 'fr')).toContain("Les horaires de ce réseau n'ont pas pu être chargés");
    expect(await text('/routes mi 1456')).toContain('could not be loaded');
  });

  it("says beside Auckland's 1456 that MiWay's 1456 could not be checked, in English and French", async () => {
    const next = await text('/next 1456');
    expect(next).toMatch(/^Victoria Park \(Auckland Transport 1456\)/);
    expect(next).toContain('⚠️ MiWay may also have a stop 1456, but its schedule could not be loaded: this is Auckland Transport 1456.');
    expect(next).toMatch(/75/);
    expect(await text('/next 1456', 'fr')).toContain(
      '⚠️ MiWay a peut-être aussi un arrêt 1456, mais ses horaires n’ont pas pu être chargés : ceci est Auckland Transport 1456.'.replace('’', "'"),
    );
    for (const typed of ['/routes 1456', '/stop 1456', '/next 1456 75']) expect(await text(typed)).toContain('MiWay may also have a stop 1456');
    // A stop MiWay's grammar cannot read, or one named outright, needs no such word.
    expect(await text('/next at 1456')).not.toContain('MiWay');
  });

  it("says whose stops a search by name or place could not look at, and finds the others'", async () => {
    const found = await text('/stop victoria');
    expect(found).toContain('Victoria Park');
    expect(found).toContain("The stops of MiWay can't be looked up by name or place: its schedule could not be loaded");
    const none = await text('/stop terminal');
    expect(none).toContain('No stop matches "terminal"');
    expect(none).toContain('The stops of MiWay');
    const near = renderPlainText(await core.handleLocation(43.5933, -79.6434, privateChat({ chatId: 'walker', languageCode: 'fr' })));
    expect(near).toContain('Les arrêts de MiWay ne peuvent pas être cherchés par nom ni par position');
  });

  it("still serves MiWay's Service Alerts for the whole network", async () => {
    const all = await feeds.source.disruptions!({});
    expect(all.status).toBe('ok');
    expect(all.status === 'ok' && all.disruptions.filter((d) => d.id.startsWith('mi:')).length).toBeGreaterThan(10);
    // Only MiWay publishes disruptions, and without its schedule it cannot say which route is "75".
    expect(await feeds.source.disruptions!({ route: '75' })).toEqual({ status: 'unavailable' });
    expect(await text('/disruptions')).toMatch(/^Disruptions now/);
  });

  it('tells the operator why in the log and in /readyz, which is no longer "ok"; /healthz, liveness, still is', async () => {
    const lines = log.lines.filter((l) => String(l.msg).startsWith('schedule import failed'));
    expect(lines).toEqual([
      expect.objectContaining({
        feed: 'mi',
        msg: 'schedule import failed; no schedule to answer from',
        problem: expect.stringContaining('stop_times.txt') as unknown,
      }),
    ]);
    const ops = createOps({ clock: now, feeds: () => feeds.source.status?.() ?? [] });
    const scheduler = startPushes({
      core,
      store: { ...memoryStores(), claims: memoryClaims() },
      transit: feeds.source,
      notifiers: [],
      chatTypeOf,
      settings: testSettings(),
      clock: now,
      logger: capturingLogger().logger,
      metrics: ops.metrics,
      timer: false,
    });
    const server = await ops.serve({ port: 0, logger: capturingLogger().logger });
    try {
      await scheduler.tick();
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      expect(response.status).toBe(503);
      const health = (await response.json()) as { ok: boolean; feeds: unknown[] };
      expect(health.ok).toBe(false);
      expect(health.feeds).toMatchObject([
        {
          feed: 'mi',
          name: 'MiWay',
          schedule: 'failed',
          scheduleProblem: { kind: 'refused', message: expect.stringContaining('stop_times.txt') as unknown },
        },
        { feed: 'at', name: 'Auckland Transport', schedule: 'ready' },
      ]);
      const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      expect(metrics).toContain('transit_feed_schedule_failed{feed="mi"} 1');
      expect(metrics).toContain('transit_feed_schedule_failed{feed="at"} 0');
    } finally {
      await scheduler.stop();
      await server.close();
    }
  });
});

describe('an answer from one agency beside one that is down', () => {
  it('names the agency that did not answer, and none when every agency that may have the code said', async () => {
    const down = fakeTransit({ details: { 'details 3017': new TransitError('unavailable', 'HTTP 503', { reason: 'http', code: 503 }) } });
    const up = fakeTransit({
      all: { 'all 3017': stopArrivals([route('95', [trip(4)])], '3017', 'BASELINE') },
      details: { 'details 3017': { stopNo: '3017', name: 'BASELINE' } },
    });
    const sure = fakeTransit({});
    const core = (other: TransitSource) => {
      const set = createFeedSet([
        { id: 'sto', name: 'STO', source: other },
        { id: 'oc', name: 'OC Transpo', source: up },
      ]);
      return createBotCore({ transit: set, ...memoryStores(), now: () => NOW });
    };
    const said = renderPlainText((await core(down).handleText('/next 3017', privateChat({ languageCode: 'fr' })))!);
    expect(said).toContain('⚠️ STO a peut-être aussi un arrêt 3017, mais il ne répond pas en ce moment : ceci est OC Transpo 3017.');
    const english = renderPlainText((await core(down).handleText('/next 3017', privateChat()))!);
    expect(english).toContain('⚠️ STO may also have a stop 3017, but it is not answering right now: this is OC Transpo 3017.');
    // STO answered that it has no stop 3017: nothing to say.
    expect(renderPlainText((await core(sure).handleText('/next 3017', privateChat()))!)).not.toContain('STO');
  });
});
