import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore, type BotCore } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { createEditBudget } from '../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../src/pushes/live/live-updater.js';
import { fixedClock } from '../../src/domain/clock.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer, type SimServer } from '../../src/sim/index.js';
import { createFeedSet, type Feed } from '../../src/sources/feed-set.js';
import { openTransitSource } from '../../src/sources/open.js';
import { openStore, type Store } from '../../src/store/index.js';
import { buttonsIn, type RecordedCall } from '../chat/telegram/fake-bot-api.js';
import { ALICE, startHarness, type Harness } from '../chat/telegram/harness.js';

// A rider's path on Telegram (grammY over real HTTP to the fake Bot API, the real core, a SQLite
// store) in a bot serving the demo network twice ("oc" and "ot": every code in both): the "which
// network?" buttons of /subscribe keep the whole request, and what a one-feed bot left in the
// chat (a Refresh button, a 🔴 Live board) is read as the first feed's, never asked about again.

const clock = fixedClock('2026-11-24T08:00:00-05:00');
let sim: SimServer;
let dir: string;
let store: Store;
let h: Harness;
let repositories: Store;
let core: BotCore;

async function v12Feed(id: string, name: string): Promise<Feed> {
  const opened = await openTransitSource(
    {
      kind: 'octranspo-v12',
      v12: {
        baseUrl: sim.url,
        appId: DEMO_APP_ID,
        apiKey: DEMO_API_KEY,
        format: 'xml',
        timeoutMs: 5000,
        cacheSeconds: { nextTrips: 0, routeSummary: 0 },
        stopsFile: DEMO_STOPS_FILE,
      },
    },
    { dataDir: '/nonexistent', now: clock, logger: pino({ level: 'silent' }), quietRequests: true },
  );
  return { id, name, source: opened.source, ...(opened.stops !== undefined ? { stops: opened.stops } : {}) };
}

beforeAll(async () => {
  sim = await startSimServer({ now: clock, apiKey: DEMO_API_KEY, appId: DEMO_APP_ID });
  dir = mkdtempSync(join(tmpdir(), 'feed-changes-'));
  store = await openStore({ dataDir: dir });
  const set = createFeedSet([await v12Feed('oc', 'OC Transpo'), await v12Feed('ot', 'OC Twin')]);
  repositories = inTodaysFeeds(store, set.identifiers);
  core = createBotCore({ transit: set, ...repositories, now: clock, stops: set.stops });
  h = await startHarness({ core, clock, liveMessages: repositories.liveMessages, stops: set.stops });
});
afterAll(async () => {
  await h.close();
  await store.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first call of `method` made after the action `act` and matching `match`. */
async function after(act: () => unknown, method: string, match: (call: RecordedCall) => boolean): Promise<RecordedCall> {
  const from = h.api.calls.length;
  act();
  return h.api.waitForCall(method, (c) => h.api.calls.indexOf(c) >= from && match(c), 15_000);
}
const says = (words: string) => (call: RecordedCall) => String(call.params.text).includes(words);
const messageOf = (call: RecordedCall) => ({ chatId: Number(call.params.chat_id), messageId: (call.answer as { message_id: number }).message_id });

describe('which network? on Telegram', () => {
  it.each([
    ['when 5 07:00-09:00 mon,wed,fri', { kind: 'near', withinMinutes: 5, from: 420, until: 540, days: [1, 3, 5] }],
    ['07:30 mon,wed,fri', { kind: 'at', minute: 450, days: [1, 3, 5] }],
  ])('/subscribe 3017 95 %s: each button carries the whole request', async (schedule, expected) => {
    const before = new Set((await store.subscriptions.list({ platform: 'telegram', chatId: String(ALICE.id) })).map((s) => s.id));
    const asked = await after(() => h.text(`/subscribe 3017 95 ${schedule}`), 'sendMessage', says('several networks'));
    const buttons = buttonsIn(asked.params.reply_markup);
    expect(buttons.map((b) => b.text)).toEqual(['OC Transpo: BASELINE STATION', 'OC Twin: BASELINE STATION']);
    if (expected.kind === 'near') {
      // Route 95 leaves 3017 two ways: which one is asked next, its buttons carrying the rest.
      const way = await after(() => h.press(buttons[1]!.callback_data, messageOf(asked)), 'sendMessage', says('more than one way'));
      await after(() => h.press(buttonsIn(way.params.reply_markup)[0]!.callback_data, messageOf(way)), 'sendMessage', says('Alert '));
    } else {
      await after(() => h.press(buttons[1]!.callback_data, messageOf(asked)), 'sendMessage', says('Alert '));
    }
    const subs = await store.subscriptions.list({ platform: 'telegram', chatId: String(ALICE.id) });
    const added = subs.filter((s) => !before.has(s.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ stopNo: 'ot:3017', routeNo: '95', schedule: expected });
  });
});

describe('what a one-feed bot left in the chat', () => {
  it("a Refresh under an old message and a stored 🔴 Live board are redrawn as the first feed's", async () => {
    const board = await after(() => h.text('/next oc 3017 95'), 'sendMessage', says('(OC Transpo 3017)'));
    const at = messageOf(board);
    const edits = () => h.api.callsOf('editMessageText').filter((c) => c.params.message_id === at.messageId);

    // The Refresh button the one-feed bot sent: its stop a bare code.
    const refreshed = await after(
      () => h.press('2:u:next:3017:95', at),
      'editMessageText',
      (c) => c.params.message_id === at.messageId,
    );
    expect(String(refreshed.params.text)).toContain('(OC Transpo 3017)');

    // The 🔴 Live board it stored, as it stored it.
    await store.liveMessages.put({
      id: `telegram.${ALICE.id}.${at.messageId}`,
      platform: 'telegram',
      chatId: String(ALICE.id),
      chatType: 'private',
      messageId: String(at.messageId),
      kind: 'board',
      languageCode: 'en',
      request: { name: 'next', options: { stop: '3017' } },
      until: new Date(clock().getTime() + 10 * 60_000).toISOString(),
    });
    const updater = createLiveUpdater({
      core,
      messages: repositories.liveMessages,
      claims: store.claims,
      editors: [h.telegram.liveEditor],
      budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
      clock,
      intervalMs: 30_000,
      instanceId: 'feed-changes',
      logger: pino({ level: 'silent' }),
    });
    const round = await updater.round();
    expect(round).toMatchObject({ moved: 1, failed: 0 });
    const redrawn = edits().at(-1)!;
    expect(String(redrawn.params.text)).toContain('(OC Transpo 3017)');
    expect(String(redrawn.params.text)).not.toContain('several networks');
  });
});
