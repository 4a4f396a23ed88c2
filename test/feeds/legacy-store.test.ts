import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { fixedClock } from '../../src/domain/clock.js';
import { DEMO_API_KEY, DEMO_APP_ID, startSimServer, type SimServer } from '../../src/sim/index.js';
import { openFeeds, openTransitSource } from '../../src/sources/open.js';
import { openStore } from '../../src/store/index.js';
import { capturingLogger } from '../pushes/fakes.js';
import { privateChat } from '../core/fakes.js';
import { tempDir } from '../sources/gtfs/helpers.js';

// A bot that served OC Transpo alone saved "3017" and subscribed to it, in its SQLite store. The
// same store, opened by a bot serving OC Transpo and a second feed with the same stop codes, reads
// them back as OC Transpo's: nothing is asked, nothing is lost, nothing is rewritten.

const NOW = '2026-11-24T08:00:00-05:00';
const v12 = (url: string) =>
  ({
    kind: 'octranspo-v12',
    v12: {
      baseUrl: url,
      appId: DEMO_APP_ID,
      apiKey: DEMO_API_KEY,
      format: 'xml',
      timeoutMs: 5000,
      cacheSeconds: { nextTrips: 30, routeSummary: 3600 },
    },
  }) as const;

describe('stops stored by a single-feed bot, read by a bot of several feeds', () => {
  const now = fixedClock(NOW);
  const dir = tempDir();
  let sim: SimServer;
  const chat = privateChat({ chatId: 'old-rider' });
  const options = () => ({ dataDir: dir.path, now, logger: capturingLogger().logger, quietRequests: true });

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: DEMO_API_KEY, appId: DEMO_APP_ID });
    // Today's single-source bot writes its store.
    const store = await openStore({ dataDir: dir.path });
    const single = await openTransitSource(v12(sim.url), options());
    const core = createBotCore({ transit: single.source, ...store, now });
    expect(renderPlainText((await core.handleText('/save 3017 home', chat))!)).toContain('Saved stop 3017 as "home"');
    expect(renderPlainText((await core.handleText('/subscribe 3017 95 07:30', chat))!)).toMatch(/^Alert [a-z0-9]{4} set/);
    await store.close();
  });
  afterAll(async () => {
    await sim.close();
    dir.remove();
  });

  it("lists, answers and pushes them as the first feed's", async () => {
    const store = await openStore({ dataDir: dir.path });
    const feeds = await openFeeds(
      [
        { id: 'oc', name: 'OC Transpo', source: v12(sim.url) },
        { id: 'og', name: 'OC GTFS', source: { kind: 'gtfs', gtfs: { scheduleUrl: `${sim.url}/gtfs/static.zip`, headers: {}, refreshSeconds: 30 } } },
      ],
      { ...options(), folders: 'per-feed', waitForSchedule: { write: () => true } },
    );
    try {
      const repositories = inTodaysFeeds(store, feeds.source.identifiers);
      const core = createBotCore({ transit: feeds.source, ...store, ...repositories, now });
      const saved = (await core.handleText('/saved', chat))!;
      expect(saved.blocks[0]!.lines).toEqual(['home: OC Transpo 3017 BASELINE STATION']);
      expect(saved.buttons!.flat().map((b) => b.command.options)).toEqual([{ stop: 'oc:3017' }]);
      // Asked by the name the stop was saved under: OC Transpo's, without a question.
      expect((await core.handleText('/next home', chat))!.title).toBe('BASELINE STATION (OC Transpo 3017)');
      const [sub] = await repositories.subscriptions.list(chat);
      expect(sub).toMatchObject({ stopNo: 'oc:3017', routeNo: '95' });
      const due = await repositories.subscriptions.dueAt(
        sub!.timeZone,
        { date: '2026-11-25', minute: 450, weekday: 3 },
        new Date('2026-11-25T12:30:00Z'),
      );
      expect(due.map((s) => s.stopNo)).toEqual(['oc:3017']);
      expect(renderPlainText((await core.handleText('/subs', chat))!)).toContain('route 95 at OC Transpo 3017 at 07:30');
      // Forgotten by the name riders type, whatever form it was stored in.
      expect(renderPlainText((await core.handleText('/unsave oc 3017', chat))!)).toBe('Removed stop OC Transpo 3017 from your saved stops.');
      expect(await store.savedStops.list(chat)).toEqual([]);
    } finally {
      await feeds.close();
      await store.close();
    }
  });
});
