import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushes } from '../../src/pushes/start-pushes.js';
import { createBotCore, type BotCore } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { fixedClock } from '../../src/domain/clock.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer, type SimServer } from '../../src/sim/index.js';
import type { OpenedSource } from '../../src/sources/kind.js';
import type { FeedEntry } from '../../src/sources/kinds.js';
import { openFeeds } from '../../src/sources/open.js';
import { capturingLogger, memoryClaims, recordingNotifier, testSettings } from '../pushes/fakes.js';
import { memoryStores, privateChat } from '../core/fakes.js';
import { fixture, tempDir } from '../sources/gtfs/helpers.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

// Three feeds in one bot, each with its own clock: the demo network through the v1.2 API ("oc",
// Ottawa), the same network as GTFS ("og": every stop code clashes with oc's) and Caltrain's
// real feed ("ct", San Francisco, five-digit codes no one else has). The clock is the Caltrain
// capture's instant: Tuesday 7 November 2023, 17:05:34 in San Francisco, 20:05:34 in Ottawa.
const CLOCK = '2023-11-07T17:05:34-08:00';

describe('several feeds in one bot', () => {
  const now = fixedClock(CLOCK);
  const dir = tempDir();
  let sim: SimServer;
  let feeds: OpenedSource;
  let core: BotCore;
  let stores: ReturnType<typeof memoryStores>;
  const entries = (simUrl: string): FeedEntry[] => [
    {
      id: 'oc',
      name: 'OC Transpo',
      source: {
        kind: 'octranspo-v12',
        v12: {
          baseUrl: simUrl,
          appId: DEMO_APP_ID,
          apiKey: DEMO_API_KEY,
          format: 'xml',
          timeoutMs: 5000,
          cacheSeconds: { nextTrips: 30, routeSummary: 3600 },
          stopsFile: DEMO_STOPS_FILE,
        },
      },
    },
    { id: 'og', name: 'OC GTFS', source: { kind: 'gtfs', gtfs: { scheduleUrl: `${simUrl}/gtfs/static.zip`, headers: {}, refreshSeconds: 30 } } },
    {
      id: 'ct',
      name: 'Caltrain',
      attribution: 'Caltrain open data.',
      source: { kind: 'gtfs', gtfs: { scheduleUrl: fixture('caltrain-gtfs.zip'), headers: {}, refreshSeconds: 30 } },
    },
  ];

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: DEMO_API_KEY, appId: DEMO_APP_ID });
    // As the terminal chat opens them: each first import awaited, its progress shown.
    const progress = { write: () => true };
    feeds = await openFeeds(entries(sim.url), {
      dataDir: dir.path,
      now,
      logger: capturingLogger().logger,
      quietRequests: true,
      folders: 'per-feed',
      waitForSchedule: progress,
    });
    stores = memoryStores();
    const repositories = inTodaysFeeds(stores, feeds.source.identifiers);
    core = createBotCore({ transit: feeds.source, ...stores, ...repositories, now, ...(feeds.stops !== undefined ? { stops: feeds.stops } : {}) });
  });
  afterAll(async () => {
    await feeds.close();
    await sim.close();
    dir.remove();
  });

  const text = async (typed: string, chatId = 'rider') => renderPlainText((await core.handleText(typed, privateChat({ chatId })))!);

  it('asks which agency a code two feeds have means, with a button per agency running the same request', async () => {
    const reply = (await core.handleText('/next 3017 95', privateChat({ chatId: 'asker' })))!;
    expect(reply.kind).toBe('answer');
    expect(reply.title).toBe('Stop 3017 is in several networks: which one?');
    const buttons = reply.buttons!.flat();
    expect(buttons.map((b) => b.command)).toEqual([
      { name: 'next', options: { stop: 'oc:3017', route: '95' } },
      { name: 'next', options: { stop: 'og:3017', route: '95' } },
    ]);
    expect(buttons.map((b) => b.label)).toEqual(['OC Transpo: BASELINE STATION', 'OC GTFS: BASELINE']);
    const chosen = await core.run(buttons[0]!.command, privateChat({ chatId: 'asker' }));
    expect(chosen.title).toMatch(/\(OC Transpo 3017\)$/);
  });

  it('says how far each choice is once the chat shared where it is', async () => {
    await core.handleLocation(45.3479, -75.7592, privateChat({ chatId: 'nearby' }));
    const reply = (await core.handleText('/next 3017 95', privateChat({ chatId: 'nearby' })))!;
    expect(reply.blocks[0]!.lines).toHaveLength(2);
    for (const line of reply.blocks[0]!.lines) expect(line).toMatch(/^OC (Transpo|GTFS): BASELINE.* \(\d[\d,]* m away\)$/);
  });

  it('answers a prefixed code at once, however it is typed, and a code one feed has without asking', async () => {
    for (const typed of ['/next og 3017', '/next OG 3017', '/next og:3017', 'og 3017']) {
      expect(await text(typed)).toMatch(/^BASELINE \(OC GTFS 3017\)/);
    }
    expect(await text('/routes 70021')).toMatch(/^Routes at 22nd Street .*\(Caltrain 70021\)/);
  });

  it('finds stops by place and name across agencies, each with its agency, and offers the other agency at a shared stop', async () => {
    const near = await core.handleLocation(45.3479, -75.7592, privateChat({ chatId: 'walker' }));
    const lines = near.blocks.flatMap((b) => b.lines);
    expect(lines.some((l) => l.startsWith('OC Transpo 3017 '))).toBe(true);
    expect(lines.some((l) => l.startsWith('OC GTFS 3017 '))).toBe(true);
    const found = renderPlainText((await core.handleText('/stop baseline', privateChat({ chatId: 'walker' })))!);
    expect(found).toContain('[OC Transpo 3017 ');
    expect(found).toContain('[OC GTFS 3017 ');
    const board = (await core.handleText('/next oc 3017', privateChat({ chatId: 'walker' })))!;
    const across = board.buttons!.flat().filter((b) => b.label.startsWith('↔'));
    expect(across.map((b) => [b.label, b.command])).toEqual([['↔ OC GTFS 3017 BASELINE', { name: 'next', options: { stop: 'og:3017' } }]]);
  });

  it("reads each agency's times on its own clock", async () => {
    const caltrain = await feeds.source.nextTripsAllRoutes('ct:70021');
    const ottawa = await feeds.source.routeSummary('oc:3017');
    expect([caltrain.timeZone, ottawa.timeZone]).toEqual(['America/Los_Angeles', 'America/Toronto']);
    expect(await text('/next 70021')).toContain('Updated at 17:05');
    expect(await text('/next oc 3017')).toContain('Updated at 20:05');
  });

  it('saves a stop of each agency under its feed, and lists them as riders read them', async () => {
    const chatId = 'saver';
    expect(await text('/save 70021', chatId)).toBe('Saved stop Caltrain 70021. /stops lists your saved stops.');
    expect(await text('/save og 3017 home', chatId)).toContain('Saved stop OC GTFS 3017 as "home"');
    const saved = (await core.handleText('/saved', privateChat({ chatId })))!;
    expect(saved.blocks[0]!.lines).toEqual(['Caltrain 70021 22nd Street Caltrain Station', 'home: OC GTFS 3017 BASELINE']);
    expect(saved.buttons!.flat().map((b) => b.command.options.stop)).toEqual(['ct:70021', 'og:3017']);
    expect(await text('/next home', chatId)).toMatch(/^BASELINE \(OC GTFS 3017\)/);
  });

  it("fires each agency's alert at its own wall-clock time, and says the agencies and their licence in /help", async () => {
    const west = privateChat({ chatId: 'west' });
    const east = privateChat({ chatId: 'east' });
    expect((await core.handleText('/subscribe 70021 17:06', west))!.blocks[0]!.lines[0]).toMatch(/Next: today 17:06\.$/);
    expect((await core.handleText('/subscribe oc 3017 20:06', east))!.blocks[0]!.lines[0]).toMatch(/Next: today 20:06\.$/);
    expect((await stores.subscriptions.list(west))[0]).toMatchObject({ stopNo: 'ct:70021', timeZone: 'America/Los_Angeles' });
    expect((await stores.subscriptions.list(east))[0]).toMatchObject({ stopNo: 'oc:3017', timeZone: 'America/Toronto' });

    const notifier = recordingNotifier(now);
    const scheduler = startPushes({
      core,
      store: { subscriptions: stores.subscriptions, claims: memoryClaims(), lifecycle: stores.lifecycle },
      transit: feeds.source,
      notifiers: [notifier],
      chatTypeOf,
      settings: testSettings(),
      clock: now,
      logger: capturingLogger().logger,
      timer: false,
    });
    try {
      now.set('2023-11-08T01:06:00Z');
      await scheduler.tick();
      await scheduler.tick.settled();
    } finally {
      await scheduler.stop();
      now.set(CLOCK);
    }
    const titles = notifier.sent.map((s) => `${s.chatId}: ${s.reply.title ?? ''}`).sort();
    expect(titles).toEqual(['east: ⏰ BASELINE STATION (OC Transpo 3017)', 'west: ⏰ 22nd Street Caltrain Station (Caltrain 70021)']);

    const help = await text('/help', 'helper');
    expect(help).toContain('OC Transpo · OC GTFS · Caltrain');
    expect(help).toContain('Caltrain open data.');
  });
});
