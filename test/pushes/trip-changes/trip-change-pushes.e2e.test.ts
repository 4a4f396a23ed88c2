// Trip changes pushed end to end: the simulator's demo network as a GTFS zip and its GTFS-RT trip
// updates over real HTTP (a trip cancelled, then another dropped from the feed: the ghost bus),
// read by the GTFS source; subscriptions made through the real core in SQLite (a temp DATA_DIR) or
// Redis; the scheduler's realtime rounds; the Telegram notifier and live editor against the fake
// Bot API. A chat whose alert's hour covers the trip gets one message when it is cancelled and one
// when another vanishes, in its language; a chat holding a 🔴 board or a 📍 of the trip too; none
// twice across rounds, a restart and two instances; the board and the 📍 say the trip vanished.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Pushes } from '../../../src/pushes/start-pushes.js';
import { drivenPushes } from '../driven-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { createTelegramBot } from '../../../src/chat/telegram/index.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { startFakeBotApi, type FakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { capturingLogger } from '../fakes.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { CAUTIOUS_EDIT_LIMITS, createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { LIVE_ROUND_MS } from '../../../src/pushes/timer.js';

const TOKEN = '123456789:AAH-trip_changes-test';
const KEY = 'trip-changes-e2e-key';
// Wednesday 18 Nov 2026, 08:00 in Ottawa: route 95 leaves 3017 (its first stop eastbound) every 6 minutes.
const START = '2026-11-18T13:00:00Z';
/** Tracked trips of the demo network at 3017: 08:06 (due 08:07, within the vanish watch's 10 minutes) and 08:12. */
const VANISHING = '95-eastbound-weekday-0806';
const CANCELLED = '95-eastbound-weekday-0812';
const root = mkdtempSync(join(tmpdir(), 'arrivals-trip-changes-'));
let dirs = 0;

let sim: SimServer;
let api: FakeBotApi;
const clock = fixedClock(START);
beforeAll(async () => {
  sim = await startSimServer({ now: clock, apiKey: KEY });
  api = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await api.close();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  sim.setTripChanges({});
  clock.set(START);
});

const chat = (chatId: string) => ({ platform: 'telegram' as const, chatId, chatType: 'private' as const });
const sentTo = (chatId: string) => api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === chatId);
const texts = (chatId: string) => sentTo(chatId).map((c) => String(c.params.text));
const editsOf = (chatId: string) =>
  api
    .callsOf('editMessageText')
    .filter((c) => String(c.params.chat_id) === chatId)
    .map((c) => String(c.params.text));

/** One process: its own GTFS source (and vanish watch), store, core, Telegram notifier and scheduler. */
async function instance(storeOptions: { dataDir: string; redisUrl?: string; namespace?: string }) {
  const log = capturingLogger();
  const transit = await createGtfsSource({
    schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
    tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
    headers: { 'Ocp-Apim-Subscription-Key': KEY },
    refreshSeconds: 30,
    dataDir: join(root, `feed-${++dirs}`),
    now: clock,
    logger: log.logger,
  });
  expect(await transit.refreshSchedule()).toBe('imported');
  const store: Store = await openStore(storeOptions);
  const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
  const telegram = createTelegramBot({ token: TOKEN, apiRoot: api.apiRoot, logger: log.logger, core, lifecycle: store.lifecycle });
  const pushes: Pushes = drivenPushes(
    { core, store, transit, notifiers: [telegram.notifier], clock, logger: log.logger, tuning: { backoffMs: 5 } },
    storeOptions,
  );
  return {
    core,
    store,
    telegram,
    log,
    /** One half-minute round as the timer runs it: the feeds read, the trip changes queued; then what was queued delivered. */
    async round() {
      const round = await pushes.realtime!();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return round;
    },
    // The live messages' round as the pushes run it, its waits for the edit budget moving the test's clock.
    live: () =>
      createLiveUpdater({
        core,
        messages: store.liveMessages,
        claims: store.claims,
        editors: [telegram.liveEditor],
        budget: createEditBudget(CAUTIOUS_EDIT_LIMITS, clock),
        clock,
        intervalMs: LIVE_ROUND_MS,
        instanceId: 'test',
        logger: log.logger,
        sleep: (ms) => Promise.resolve(void clock.advance(ms)),
      }).round(),
    async stop() {
      await pushes.stop();
      await store.close();
      await transit.close();
    },
  };
}

type Instance = Awaited<ReturnType<typeof instance>>;

/** Waits until every chat named has had `n` messages (delivery is queued), or a few seconds. */
async function delivered(counts: Record<string, number>): Promise<void> {
  for (let i = 0; i < 100 && Object.entries(counts).some(([id, n]) => sentTo(id).length < n); i++) await new Promise((r) => setTimeout(r, 30));
}

async function subscribe(first: Instance, chatId: string, text: string, lang?: string) {
  if (lang !== undefined) await first.core.handleText(`/lang ${lang}`, chat(chatId));
  const reply = await first.core.handleText(text, chat(chatId));
  expect(reply?.kind).toBe('answer');
}

/** The feed moves on: a new snapshot half a minute later, with these trips changed. */
async function feedSays(changes: Parameters<SimServer['setTripChanges']>[0], ...instances: Instance[]) {
  sim.setTripChanges(changes);
  clock.advance(31_000);
  return Promise.all(instances.map((i) => i.round()));
}

describe('on SQLite, across a restart', () => {
  it('a chat waiting for the trip gets one message when it is cancelled and one when another vanishes, never twice', async () => {
    const dataDir = join(root, 'sqlite');
    let bot = await instance({ dataDir });
    // 42: an alert at 07:45 (its hour covers 08:06 and 08:12); 46 the same in French; 45 an alert at 10:00.
    await subscribe(bot, '42', '/subscribe 3017 95 07:45');
    await subscribe(bot, '46', '/subscribe 3017 95 07:45', 'fr');
    await subscribe(bot, '45', '/subscribe 3017 95 10:00');
    const before = { 42: sentTo('42').length, 45: sentTo('45').length, 46: sentTo('46').length };
    // 43 keeps a 🔴 board of 3017 95; 44 follows the 08:06 with a 📍 (its facts card beside it).
    await bot.telegram.notifier.send('43', { kind: 'answer', blocks: [{ lines: ['board'] }] });
    const boardId = String((sentTo('43').at(-1)!.answer as { message_id: number }).message_id);
    await bot.telegram.notifier.send('44', { kind: 'answer', blocks: [{ lines: ['card'] }] });
    const cardId = String((sentTo('44').at(-1)!.answer as { message_id: number }).message_id);
    api.knowLiveLocation(44, 9_001, 45.35, -75.76);
    const until = new Date(Date.parse(START) + 15 * 60_000).toISOString();
    await bot.store.liveMessages.put({
      ...{ id: `telegram.43.${boardId}`, platform: 'telegram', chatId: '43', chatType: 'private', messageId: boardId, kind: 'board' },
      request: { name: 'next', options: { stop: '3017', route: '95' } },
      until,
    });
    await bot.store.liveMessages.put({
      ...{ id: 'telegram.44.9001', platform: 'telegram', chatId: '44', chatType: 'private', messageId: '9001', cardId },
      request: { name: 'where', options: { stop: '3017', route: '95', trip: '0806' } },
      until,
    });
    const base = { 43: sentTo('43').length, 44: sentTo('44').length };

    // As planned: nothing to say (the vanish watch learns the 08:06 is due at 08:07).
    expect((await bot.round()).jobs).toBe(0);
    await feedSays({ cancelled: [CANCELLED] }, bot);
    await delivered({ 42: before[42] + 1, 43: base[43] + 1, 46: before[46] + 1 });
    const cancelled42 = texts('42').slice(before[42]);
    expect(cancelled42).toHaveLength(1);
    expect(cancelled42[0]).toMatch(/The 95 due at 08:12 at 3017 is cancelled\. Next: 08:1[89] \((tracked|predicted, no bus seen|scheduled only)\)/);
    expect(texts('46').slice(before[46])[0]).toMatch(/Le 95 prévu à 08:12 à l'arrêt 3017 est annulé\. Suivant : 08:1\d/);
    expect(texts('43').slice(base[43])[0]).toMatch(/is cancelled/);
    // The 📍 follows another trip: told nothing of this one.
    expect(sentTo('44')).toHaveLength(base[44]);

    await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, bot);
    await delivered({ 42: before[42] + 2, 44: base[44] + 1 });
    const vanished42 = texts('42').slice(before[42] + 1);
    expect(vanished42).toHaveLength(1);
    expect(vanished42[0]).toMatch(/The 95 due at 08:0[78] at 3017 vanished from tracking at 08:01: it may not come\. Next: 08:1[89]/);
    expect(texts('44').slice(base[44])).toEqual([expect.stringMatching(/vanished from tracking/)]);
    // The live round: the board shows the vanished trip, the 📍 ends saying why.
    await bot.live();
    expect(editsOf('43').at(-1)).toMatch(/👻 vanished from tracking at 08:01/);
    expect(editsOf('44').at(-1)).toMatch(/No longer updated: this bus vanished from tracking/);

    // More rounds, then a restart on the same store: the feed still says both, nothing goes twice.
    await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, bot);
    await bot.stop();
    bot = await instance({ dataDir });
    await bot.round();
    await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, bot);
    await new Promise((r) => setTimeout(r, 300));
    expect(texts('42').slice(before[42])).toHaveLength(2);
    expect(texts('46').slice(before[46])).toHaveLength(2);
    // Outside its alert's hour: told nothing.
    expect(sentTo('45')).toHaveLength(before[45]);
    await bot.stop();
  }, 60_000);
});

describeRedis('two instances on one Redis', () => {
  const namespace = freshNamespace('trip-changes');
  afterAll(() => deleteNamespace(namespace));

  it('both follow the feed; the chat hears of the cancelled trip and the vanished one once each', async () => {
    const options = { dataDir: join(root, `redis-${++dirs}`), redisUrl: REDIS_URL, namespace };
    const a = await instance(options);
    const b = await instance(options);
    await subscribe(a, '52', '/subscribe 3017 95 07:45');
    const before = sentTo('52').length;
    await Promise.all([a.round(), b.round()]);
    await feedSays({ cancelled: [CANCELLED] }, a, b);
    await delivered({ 52: before + 1 });
    await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, a, b);
    await delivered({ 52: before + 2 });
    await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, a, b);
    await new Promise((r) => setTimeout(r, 500));
    const told = texts('52').slice(before);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatch(/is cancelled/);
    expect(told[1]).toMatch(/vanished from tracking/);
    await Promise.all([a.stop(), b.stop()]);
  }, 60_000);
});
