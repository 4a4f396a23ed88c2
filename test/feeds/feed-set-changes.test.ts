import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDisruptionPushes } from '../../src/pushes/disruptions/disruption-pushes.js';
import type { AlertJob } from '../../src/pushes/delivery/job.js';
import { createBotCore, type BotCore, type BotCoreDeps } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { decodeButton, encodeButton, CALLBACK_DATA_MAX_BYTES } from '../../src/chat/telegram/callback-data.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { Reply } from '../../src/domain/reply.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer, type SimServer } from '../../src/sim/index.js';
import { createFeedSet, type Feed } from '../../src/sources/feed-set.js';
import { openTransitSource } from '../../src/sources/open.js';
import { openStore } from '../../src/store/index.js';
import { capturingLogger, memoryClaims } from '../pushes/fakes.js';
import { memoryStores, privateChat } from '../core/fakes.js';
import { openDemoWithDisruptions } from '../disruptions/helpers.js';
import { tempDir } from '../sources/gtfs/helpers.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

// What a rider keeps and reads when the operator changes FEEDS_FILE, and what a code two feeds
// share asks: the demo network twice through the v1.2 API ("oc" and "ot": every stop code is in
// both), or "oc" alone.

const NOW = '2026-11-24T08:00:00-05:00';
const now = fixedClock(NOW);
let sim: SimServer;
let oc: Feed;
let ot: Feed;

beforeAll(async () => {
  sim = await startSimServer({ now, apiKey: DEMO_API_KEY, appId: DEMO_APP_ID });
  // "oc" with the demo's disruptions (route 95, Laurier 3020), so that its pushes can be watched.
  const withAlerts = await openDemoWithDisruptions(sim.url, now);
  oc = { id: 'oc', name: 'OC Transpo', source: withAlerts.source, ...(withAlerts.stops !== undefined ? { stops: withAlerts.stops } : {}) };
  const twin = await openTransitSource(
    {
      kind: 'octranspo-v12',
      v12: {
        baseUrl: sim.url,
        appId: DEMO_APP_ID,
        apiKey: DEMO_API_KEY,
        format: 'xml',
        timeoutMs: 5000,
        cacheSeconds: { nextTrips: 30, routeSummary: 3600 },
        stopsFile: DEMO_STOPS_FILE,
      },
    },
    { dataDir: '/nonexistent', now, logger: capturingLogger().logger, quietRequests: true },
  );
  ot = { id: 'ot', name: 'OC Twin', source: twin.source, ...(twin.stops !== undefined ? { stops: twin.stops } : {}) };
});
afterAll(() => sim.close());

function botOf<S extends Pick<BotCoreDeps, 'chats' | 'savedStops' | 'subscriptions'>>(feeds: Feed[], stores: S) {
  const set = createFeedSet(feeds);
  const repositories = inTodaysFeeds(stores, set.identifiers);
  const core = createBotCore({ transit: set, ...stores, ...repositories, now, stops: set.stops });
  return { core, stores, repositories, set };
}

const said = async (core: BotCore, typed: string, chatId = 'rider') => renderPlainText((await core.handleText(typed, privateChat({ chatId })))!);

/** The buttons of a reply as Telegram carries them: encoded within 64 bytes, decoded on the press. */
function telegramPresses(reply: Reply) {
  return reply.buttons!.flat().map((button) => {
    const data = encodeButton(button);
    expect(data, button.label).toBeDefined();
    expect(Buffer.byteLength(data!)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
    return decodeButton(data)!.command;
  });
}

describe('a code two feeds share', () => {
  it("/stop asks which network, as /routes does, and each choice gives that agency's place and routes", async () => {
    const { core } = botOf([oc, ot], memoryStores());
    const asked = (await core.handleText('/stop 3017', privateChat({ chatId: 'looker' })))!;
    expect(asked.title).toBe('Stop 3017 is in several networks: which one?');
    const choices = telegramPresses(asked);
    expect(choices).toEqual([
      { name: 'stop', options: { query: 'oc:3017' } },
      { name: 'stop', options: { query: 'ot:3017' } },
    ]);
    const chosen = await core.run(choices[1]!, privateChat({ chatId: 'looker' }));
    const text = renderPlainText(chosen);
    expect(chosen.title).toMatch(/\(OC Twin 3017\)$/);
    expect(text).not.toContain("couldn't get the routes");
    // Its Save button names the agency, so saving asks nothing again.
    expect(chosen.buttons!.flat().find((b) => b.command.name === 'save')!.command.options).toEqual({ stop: 'ot:3017' });
  });

  const cases = [
    {
      typed: '/subscribe 3017 95 when 5 07:00-09:00 mon,wed,fri',
      schedule: { kind: 'near', withinMinutes: 5, from: 420, until: 540, days: [1, 3, 5] },
    },
    { typed: '/subscribe 3017 95 07:30 mon,wed,fri', schedule: { kind: 'at', minute: 450, days: [1, 3, 5] } },
    { typed: '/subscribe 3017 95 when 10 min 16:00-18:30', schedule: { kind: 'near', withinMinutes: 10, from: 960, until: 1110 } },
  ];

  it.each(cases)('the "which network?" buttons of $typed carry the whole request on Telegram', async ({ typed, schedule }) => {
    const { core, stores } = botOf([oc, ot], memoryStores());
    const chat = privateChat({ chatId: `tg-${typed}` });
    const asked = (await core.handleText(typed, chat))!;
    expect(asked.title).toBe('Stop 3017 is in several networks: which one?');
    const [first] = telegramPresses(asked);
    let reply = await core.run(first!, chat);
    // A near alert at a stop the route leaves two ways asks which, its buttons carrying the rest.
    if (schedule.kind === 'near') {
      expect(renderPlainText(reply)).toMatch(/goes more than one way/);
      reply = await core.run(telegramPresses(reply)[0]!, chat);
    }
    expect(renderPlainText(reply)).toMatch(/^Alert [a-z0-9]{4} set/);
    const [sub] = await stores.subscriptions.list(chat);
    expect(sub).toMatchObject({ stopNo: 'oc:3017', routeNo: '95', schedule: expect.objectContaining(schedule) as unknown });
  });

  it('a near alert with its way typed ("to Orléans") is set by the network’s button at once, its way kept', async () => {
    const { core, stores } = botOf([oc, ot], memoryStores());
    const chat = privateChat({ chatId: 'tg-typed-way' });
    const asked = (await core.handleText('/subscribe 3017 95 when 5 07:00-09:00 to Orléans', chat))!;
    expect(asked.title).toBe('Stop 3017 is in several networks: which one?');
    expect(renderPlainText(await core.run(telegramPresses(asked)[0]!, chat))).toMatch(/^Alert [a-z0-9]{4} set.*Orléans/s);
    expect((await stores.subscriptions.list(chat)).map((s) => s.stopNo)).toEqual(['oc:3017']);
  });

  it.each(cases)('every hint the terminal prints for $typed can be typed back as it is', async ({ typed, schedule }) => {
    const { core, stores } = botOf([oc, ot], memoryStores());
    const chat = privateChat({ chatId: `term-${typed}` });
    const asked = renderPlainText((await core.handleText(typed, chat))!);
    const hints = [...asked.matchAll(/^ {2}\[[^\]]+\] (\/.+)$/gm)].map((m) => m[1]!);
    expect(hints).toHaveLength(2);
    expect(hints[0]).toMatch(/^\/subscribe oc:3017 95 /);
    for (const hint of hints) {
      let answer = await said(core, hint, chat.chatId);
      // A near alert asks which way next, its hints typed back the same way.
      if (schedule.kind === 'near') answer = await said(core, /^ {2}\[[^\]]+\] (\/.+)$/m.exec(answer)![1]!, chat.chatId);
      expect(answer).toMatch(/^Alert [a-z0-9]{4} set/);
    }
    const subs = await stores.subscriptions.list(chat);
    expect(subs.map((s) => s.stopNo)).toEqual(['oc:3017', 'ot:3017']);
    for (const sub of subs) expect(sub.schedule).toMatchObject(schedule);
  });
});

describe('from one feed to FEEDS_FILE: what the one-feed bot stored and sent', () => {
  it('one stop, one saved entry, whatever spelling stored it', async () => {
    const { core, stores } = botOf([oc, ot], memoryStores());
    const chat = privateChat({ chatId: 'saver' });
    // As the one-feed bot saved it: the bare code.
    await stores.savedStops.add(chat, { stopNo: '3017', name: 'BASELINE STATION', label: 'home' }, 20);
    expect(await said(core, '/save oc:3017', 'saver')).toBe('Stop OC Transpo 3017 is already saved. /stops lists your saved stops.');
    expect(await said(core, '/save oc 3017 work', 'saver')).toContain('already saved');
    const saved = (await core.handleText('/saved', chat))!;
    expect(saved.blocks[0]!.lines).toEqual(['home: OC Transpo 3017 BASELINE STATION']);
    // Stored twice before one stop was one entry: listed once, and /unsave removes every copy.
    await stores.savedStops.add(chat, { stopNo: 'oc:3017', name: 'BASELINE STATION' }, 20);
    expect((await core.handleText('/saved', chat))!.blocks[0]!.lines).toEqual(['home: OC Transpo 3017 BASELINE STATION']);
    expect(await said(core, '/unsave oc:3017', 'saver')).toBe('Removed stop OC Transpo 3017 from your saved stops.');
    expect(await stores.savedStops.list(chat)).toEqual([]);
    expect(await said(core, '/saved', 'saver')).toMatch(/^No saved stops yet/);
  });

  it("reads the buttons under its messages as the first feed's, never asking which network", async () => {
    const { core } = botOf([oc, ot], memoryStores());
    const { requestInTodaysFeeds } = await import('../../src/core/todays-feeds.js');
    for (const data of ['2:u:next:3017', '2:u:next:3017:95', 'r:3017:95', 'n:3017', '2:r:routes:3017']) {
      const press = decodeButton(data)!;
      const reply = await core.run(requestInTodaysFeeds(core.identifiers, press.command), privateChat({ chatId: 'old-buttons' }));
      expect(reply.title, data).toMatch(/\(OC Transpo 3017\)$/);
    }
  });
});

describe('FEEDS_FILE cut from two feeds to one', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const chat = privateChat({ chatId: 'kept-rider' });

  it('keeps every saved stop and alert of the kept feed, its disruption pushes included', async () => {
    // The two-feed bot's store.
    const before = await openStore({ dataDir: dir.path });
    try {
      const { core } = botOf([oc, ot], { ...memoryStores(), ...before });
      expect(await said(core, '/save oc 3020 work', chat.chatId)).toContain('Saved stop OC Transpo 3020 as "work"');
      expect(await said(core, '/subscribe oc 3017 95 07:30', chat.chatId)).toMatch(/^Alert [a-z0-9]{4} set/);
      expect((await before.savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['oc:3020']);
    } finally {
      await before.close();
    }

    const store = await openStore({ dataDir: dir.path });
    try {
      const { core, repositories } = botOf([oc], { ...memoryStores(), ...store });
      expect((await core.handleText('/next work', chat))!.title).toMatch(/^LAURIER.*\(3020\)$/);
      expect((await core.handleText('/saved', chat))!.blocks[0]!.lines).toEqual([expect.stringMatching(/^work: 3020 /)]);
      expect(await said(core, '/subs', chat.chatId)).toContain('route 95 at 3017 at 07:30');
      // Typed as riders of the two-feed bot learnt it: its own code.
      for (const typed of ['/next oc:3017 95', '/next oc 3017 95', 'oc 3017'])
        expect((await core.handleText(typed, chat))!.title).toMatch(/\(3017\)$/);
      expect(await said(core, '/save oc:3020', chat.chatId)).toContain('already saved');
      const [sub] = await repositories.subscriptions.dueAt(
        'America/Toronto',
        { date: '2026-11-25', minute: 450, weekday: 3 },
        new Date('2026-11-25T12:30:00Z'),
      );
      expect(sub?.stopNo).toBe('3017');

      const pushes = createDisruptionPushes({
        transit: createFeedSet([oc]),
        savedStops: repositories.savedStops,
        subscriptions: repositories.subscriptions,
        chats: store.chats,
        claims: memoryClaims(),
        core,
        platforms: new Set(['telegram']),
        chatTypeOf,
        clock: now,
        logger: capturingLogger().logger,
        instance: 'test',
      });
      const jobs: AlertJob[] = [];
      const { handled } = await pushes((batch) => {
        jobs.push(...batch);
        return Promise.resolve(batch.map(() => ({ state: 'queued' as const, handled: Promise.resolve() })));
      });
      await handled;
      const titles = jobs.filter((job) => job.chat.chatId === chat.chatId).flatMap((job) => job.parts.map((part) => part.reply.title));
      expect(titles.sort()).toEqual(['⚠️ Disruption at your stop 3020', '⚠️ Disruption for route 95 at your stop 3017']);
    } finally {
      await store.close();
    }
  });
});
