// A subscription made with /subscribe, kept in SQLite, and the whole alert side (store, core,
// scheduler, Telegram notifier against the fake Bot API) restarted on the same DATA_DIR: the
// alert arrives once, on time; a minute missed while down is made up once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushes } from '../../../src/pushes/start-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { createTelegramBot } from '../../../src/chat/telegram/index.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { openStore } from '../../../src/store/index.js';
import { fakeTransit, route, stopArrivals, trip } from '../../core/fakes.js';
import { startFakeBotApi, type FakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { capturingLogger, testSettings } from '../fakes.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';

const TOKEN = '123456789:AAH-alerts_restart-test';
const root = mkdtempSync(join(tmpdir(), 'arrivals-alerts-e2e-'));
const dataDir = join(root, 'data');
let api: FakeBotApi;
beforeAll(async () => (api = await startFakeBotApi({ token: TOKEN })));
afterAll(async () => {
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

const transit = fakeTransit({
  summary: { 'summary 3017': stopArrivals([route('95', [])], '3017', 'BASELINE') },
  all: { 'all 3017': stopArrivals([route('95', [trip(4), trip(19)])], '3017', 'BASELINE') },
});
const sentTo42 = () => api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === '42');

/** One process's alert side, started at `at`; `stop` is its shutdown. */
async function processAt(at: string) {
  const clock = fixedClock(at);
  const store = await openStore({ dataDir });
  const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
  const log = capturingLogger();
  // Never started: only its notifier is used, which needs no getMe.
  const telegram = createTelegramBot({ token: TOKEN, apiRoot: api.apiRoot, logger: log.logger, core, lifecycle: store.lifecycle });
  const scheduler = startPushes({
    core,
    store,
    transit,
    notifiers: [telegram.notifier],
    chatTypeOf,
    settings: testSettings(),
    clock,
    logger: log.logger,
    timer: false,
  });
  return {
    clock,
    core,
    async tickAt(instant: string) {
      clock.set(instant);
      await scheduler.tick();
      await scheduler.tick.settled();
    },
    async stop() {
      await scheduler.stop();
      await store.close();
    },
  };
}

describe('alerts across restarts on one SQLite DATA_DIR', () => {
  it('arrives once, on time, after a restart before its minute; a missed minute is made up once', async () => {
    // Monday 23 Nov 2026, 07:29 in Ottawa (12:29Z).
    const first = await processAt('2026-11-23T12:29:00Z');
    const done = await first.core.handleText('/subscribe 3017 95 07:30 weekdays', { platform: 'telegram', chatId: '42', chatType: 'private' });
    expect(done?.blocks[0]?.lines[0]).toMatch(/^Alert [a-z0-9]{4} set/);
    await first.core.handleText('/subscribe 3017 95 07:40', { platform: 'telegram', chatId: '42', chatType: 'private' });
    await first.tickAt('2026-11-23T12:29:30Z');
    await first.stop();
    expect(sentTo42()).toEqual([]);

    const second = await processAt('2026-11-23T12:30:00Z');
    await second.tickAt('2026-11-23T12:30:00Z');
    expect(sentTo42()).toHaveLength(1);
    expect(String(sentTo42()[0]!.params.text)).toContain('BASELINE (3017)');
    await second.tickAt('2026-11-23T12:31:00Z');
    await second.stop();

    // Down from 07:32 to 07:42: the 07:40 alert is made up at start, once; 07:30 is not sent again.
    const third = await processAt('2026-11-23T12:42:10Z');
    await third.tickAt('2026-11-23T12:42:10Z');
    await third.tickAt('2026-11-23T12:43:00Z');
    await third.stop();
    const fourth = await processAt('2026-11-23T12:44:00Z');
    await fourth.tickAt('2026-11-23T12:44:00Z');
    await fourth.stop();
    expect(sentTo42()).toHaveLength(2);
  });
});
