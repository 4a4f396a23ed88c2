// Disruptions pushed end to end: the demo server's Service Alerts over real HTTP, read by the
// v1.2 source as `npm start` opens it; saved stops and subscriptions made through the real core
// in SQLite (a temp DATA_DIR) or Redis; the scheduler; the Telegram notifier against the fake Bot
// API. A chat gets each disruption touching its stops once, a changed one once more; nothing twice
// across ticks, restarts and two instances; nothing once it said /disruptions off, and what is
// active at the next tick once it says /disruptions on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Pushes } from '../../../src/pushes/start-pushes.js';
import { drivenPushes } from '../driven-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { createTelegramBot } from '../../../src/chat/telegram/index.js';
import { fixedClock } from '../../../src/domain/clock.js';
import type { TransitSource } from '../../../src/domain/transit-source.js';
import { DEMO_DISRUPTIONS, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { startFakeBotApi, type FakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { describeCluster, useLocalCluster } from '../../support/redis-cluster.js';
import { capturingLogger } from '../fakes.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';

const TOKEN = '123456789:AAH-disruption_pushes-test';
// Wednesday 18 Nov 2026, 08:00 in Ottawa: no alert of these chats is due around it.
const START = '2026-11-18T13:00:00Z';
const root = mkdtempSync(join(tmpdir(), 'arrivals-disruption-pushes-'));
let dirs = 0;

let sim: SimServer;
let api: FakeBotApi;
const clock = fixedClock(START);
beforeAll(async () => {
  sim = await startSimServer({ now: clock });
  api = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await api.close();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  sim.setDisruptions(DEMO_DISRUPTIONS);
  clock.set(START);
});

const private42 = { platform: 'telegram' as const, chatId: '42', chatType: 'private' as const };
const private43 = { platform: 'telegram' as const, chatId: '43', chatType: 'private' as const };
const private44 = { platform: 'telegram' as const, chatId: '44', chatType: 'private' as const };
const private45 = { platform: 'telegram' as const, chatId: '45', chatType: 'private' as const };
const sentTo = (chatId: string) => api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === chatId);
const texts = (chatId: string) => sentTo(chatId).map((c) => String(c.params.text));

async function openSource(): Promise<TransitSource> {
  const opened = await openDemoWithDisruptions(sim.url, clock);
  return opened.source;
}

/** One process: its own source, store, core, Telegram notifier and scheduler. */
async function instance(storeOptions: { dataDir: string; redisUrl?: string; namespace?: string }) {
  const transit = await openSource();
  const store: Store = await openStore(storeOptions);
  const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
  const log = capturingLogger();
  // Never started: only its notifier is used, which needs no getMe.
  const telegram = createTelegramBot({ token: TOKEN, apiRoot: api.apiRoot, logger: log.logger, core, lifecycle: store.lifecycle });
  const scheduler: Pushes = drivenPushes(
    { core, store, transit, notifiers: [telegram.notifier], clock, logger: log.logger, tuning: { backoffMs: 5 } },
    storeOptions,
  );
  return {
    core,
    store,
    transit,
    log,
    /** Waits until this instance's feed reads what the demo server now serves (the poll refreshes in the background). */
    async fresh(expected: (ids: string[]) => boolean): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const reading = await transit.disruptions!({});
        const ids = reading.status === 'ok' ? reading.disruptions.map((d) => `${d.id}:${d.version}`).sort() : [];
        if (reading.status === 'ok' && expected(ids)) return ids.join();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the feed never refreshed');
    },
    async tick() {
      await scheduler.tick();
      await scheduler.tick.settled();
    },
    async stop() {
      await scheduler.stop();
      await store.close();
    },
  };
}

type Instance = Awaited<ReturnType<typeof instance>>;

/** 42 saved 3017 (route 95's detour), 43 (French) has an alert on 95 at Laurier (the detour and the stop moved), 44 saved 3017 and said off, 45 saved a stop neither touches. */
async function riders(first: Instance) {
  const say = async (chat: typeof private42, text: string) => {
    const reply = await first.core.handleText(text, chat);
    expect(reply?.kind).not.toBe('failure');
    return reply;
  };
  await say(private42, '/save 3017');
  await say(private43, '/lang fr');
  await say(private43, '/subscribe 3020 95 06:00');
  await say(private44, '/save 3017');
  const off = await say(private44, '/disruptions off');
  expect(off?.blocks[0]?.lines[0]).toMatch(/no longer be pushed/);
  await say(private45, '/save 7687');
}

const detourSaying = (text: string) =>
  DEMO_DISRUPTIONS.map((e) => (e.id === 'detour95' ? { ...e, alert: { ...e.alert, headerText: { translation: [{ text, language: 'en' }] } } } : e));

describe('disruptions pushed to the chats they touch (Telegram, SQLite)', () => {
  it('each once; the same snapshot again, and a restart, push nothing; a changed one once more; off: nothing', async () => {
    const dataDir = join(root, `data-${++dirs}`);
    const first = await instance({ dataDir });
    await riders(first);
    const demo = await first.fresh((ids) => ids.length === 2);
    await first.tick();

    expect(texts('42')).toHaveLength(1);
    expect(texts('42')[0]).toContain('Disruption at your stop 3017');
    expect(texts('42')[0]).toContain('Detour: Route 95 detoured around Albert St');
    expect(texts('42')[0]).not.toContain('Laurier');
    // In the chat's language, both disruptions touching its alert's stop and route.
    const french = texts('43').join('\n');
    expect(french).toContain('Perturbation du circuit 95 à votre arrêt 3020');
    expect(french).toContain('Ligne 95 détournée autour de la rue Albert');
    expect(french).toContain('Laurier 1A : arrêt déplacé de 50 m vers l’est');
    expect(french).not.toContain('retirée');
    expect(sentTo('44')).toEqual([]);
    expect(sentTo('45')).toEqual([]);

    // A later tick reads the same snapshot: nothing.
    clock.set('2026-11-18T13:01:00Z');
    await first.tick();
    clock.set('2026-11-18T13:02:30Z');
    await first.fresh(() => true);
    await first.tick();
    expect(texts('42')).toHaveLength(1);
    const toFrench = sentTo('43').length;
    await first.stop();

    // A restart on the same DATA_DIR: nothing again.
    const second = await instance({ dataDir });
    await second.fresh((ids) => ids.length === 2);
    await second.tick();
    expect(texts('42')).toHaveLength(1);
    expect(sentTo('43')).toHaveLength(toFrench);

    // The detour's text changes: pushed once more, to those it touches; ticks after push nothing.
    sim.setDisruptions(detourSaying('Route 95 detoured around Albert St and Kent St'));
    clock.set('2026-11-18T13:05:00Z');
    const changed = await second.fresh((ids) => ids.length === 2 && ids.join() !== demo);
    await second.tick();
    clock.set('2026-11-18T13:06:00Z');
    await second.tick();
    expect(texts('42')).toHaveLength(2);
    expect(texts('42')[1]).toContain('Route 95 detoured around Albert St and Kent St');
    expect(sentTo('43').length).toBe(toFrench + 1);
    expect(sentTo('44')).toEqual([]);
    expect(sentTo('45')).toEqual([]);

    // Turned back on: the next tick offers it what is active, though the feed did not change; once.
    await second.core.handleText('/disruptions on', private44);
    clock.set('2026-11-18T13:07:00Z');
    await second.tick();
    expect(texts('44')).toHaveLength(1);
    expect(texts('44')[0]).toContain('Route 95 detoured around Albert St and Kent St');
    clock.set('2026-11-18T13:08:00Z');
    await second.tick();
    expect(texts('44')).toHaveLength(1);
    expect(texts('42')).toHaveLength(2);
    // The next change reaches it as it reaches every chat.
    sim.setDisruptions(detourSaying('Route 95 back on Albert St from Monday'));
    clock.set('2026-11-18T13:10:00Z');
    await second.fresh((ids) => ids.length === 2 && ids.join() !== changed);
    await second.tick();
    expect(texts('44')).toHaveLength(2);
    expect(texts('44')[1]).toContain('Route 95 back on Albert St from Monday');
    await second.stop();
  });
});

describe('a chat that says off between two changes (Telegram, SQLite)', () => {
  it('is sent nothing of the next change, though the scan took its setting as read', async () => {
    const one = await instance({ dataDir: join(root, `data-${++dirs}`) });
    const rider = { ...private42, chatId: '60' };
    await one.core.handleText('/save 3017', rider);
    const demo = await one.fresh((ids) => ids.length === 2);
    await one.tick();
    expect(sentTo('60')).toHaveLength(1);

    await one.core.handleText('/disruptions off', rider);
    sim.setDisruptions(detourSaying('Route 95 detoured around Albert St until Friday'));
    clock.set('2026-11-18T13:05:00Z');
    await one.fresh((ids) => ids.length === 2 && ids.join() !== demo);
    await one.tick();
    expect(sentTo('60')).toHaveLength(1);
    await one.stop();
  });
});

describe('a chat its platform refuses (Telegram, SQLite)', () => {
  it('is pushed nothing more until it uses the bot again, like its alerts', async () => {
    const one = await instance({ dataDir: join(root, `data-${++dirs}`) });
    const blocked = { ...private42, chatId: '50' };
    await one.core.handleText('/save 3017', blocked);
    await one.core.handleText('/subscribe 3017 95 06:00', blocked);
    const demo = await one.fresh((ids) => ids.length === 2);
    api.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await one.tick();
    expect(sentTo('50')).toHaveLength(1);

    // A change while it refuses: not tried.
    sim.setDisruptions(detourSaying('Route 95 detoured around Albert St until Friday'));
    clock.set('2026-11-18T13:05:00Z');
    const friday = await one.fresh((ids) => ids.length === 2 && ids.join() !== demo);
    await one.tick();
    expect(sentTo('50')).toHaveLength(1);

    // Back (unblocked): its alerts resume, and so do its disruption pushes.
    await one.store.lifecycle.returned({ platform: 'telegram', chatId: '50' });
    sim.setDisruptions(detourSaying('Route 95 detoured around Albert St until Saturday'));
    clock.set('2026-11-18T13:10:00Z');
    await one.fresh((ids) => ids.length === 2 && ids.join() !== friday);
    await one.tick();
    expect(sentTo('50')).toHaveLength(2);
    expect(String(sentTo('50')[1]!.params.text)).toContain('until Saturday');
    await one.stop();
  });
});

/** Two instances on one store: each chat gets each disruption once. */
function twoInstances(redisUrl: () => string, namespace: string, chatId: string) {
  it('each chat gets each disruption once', async () => {
    const options = { dataDir: join(root, 'unused'), redisUrl: redisUrl(), namespace };
    const [a, b] = [await instance(options), await instance(options)];
    const start = api.callsOf('sendMessage').length;
    await a.core.handleText('/save 3017', { ...private42, chatId });
    await a.fresh((ids) => ids.length === 2);
    await b.fresh((ids) => ids.length === 2);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    // The job may have been taken by either instance's worker: wait for the one send.
    for (let i = 0; i < 100 && sentTo(chatId).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(chatId)).toHaveLength(1);
    expect(api.callsOf('sendMessage').length - start).toBe(1);
    await a.stop();
    await b.stop();
  });
}

describeRedis('disruptions pushed by two instances on one Redis', () => {
  const namespace = freshNamespace('disruption-pushes');
  afterAll(() => deleteNamespace(namespace));
  twoInstances(() => REDIS_URL, namespace, '142');
});

// The store's scans and marks and BullMQ's queue on a Redis Cluster (hash-tagged: one slot each).
describeCluster('disruptions pushed by two instances on a Redis Cluster', () => {
  const cluster = useLocalCluster();
  twoInstances(() => cluster.get().url, freshNamespace('disruption-pushes'), '143');
});
