import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { fixedClock } from '../../../src/domain/clock.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';
import { trackedBusBoard } from '../tracked-bus.js';
import { buttonsIn, type RecordedCall } from './fake-bot-api.js';
import { ALICE, BENOIT, startHarness, TOKEN, type Harness } from './harness.js';

// The 📍 button end to end: grammY -> real HTTP -> the fake Bot API, the real core and a real
// SQLite store. The pin is sent as a live location, later feed snapshots move it, it stops once
// the bus has passed the stop, and a restarted bot goes on editing the same pin without a second.

const clock = fixedClock('2026-11-21T13:05:00Z');
// Route 95 at 3017: the bus of 07:40, tracked, coming closer snapshot after snapshot.
let board: StopArrivals | TransitError;
const snapshot = (lat: number, stopsAway: number, passed = false) => trackedBusBoard(clock, lat, stopsAway, passed);

const dirs: string[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dir: string, logs: string[] = []): Promise<{ h: Harness; store: Store; updater: ReturnType<typeof createLiveUpdater> }> {
  const store = await openStore({ dataDir: dir });
  // The board, or the feed's failure when the test sets one.
  const answer = () => {
    if (board instanceof TransitError) throw board;
    return board;
  };
  const transit = fakeTransit({ next: { 'next 3017 95': answer }, all: { 'all 3017': answer } });
  const core = createBotCore({ transit, ...memoryStores(), now: clock });
  const h = await startHarness({ core, clock, liveMessages: store.liveMessages });
  opened.push(store, h);
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [h.telegram.liveEditor],
    budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
    clock,
    // A wait for the edit budget moves the test's clock: the budget refills as it would have.
    sleep: (ms) => Promise.resolve(clock.advance(ms)),
    intervalMs: 30_000,
    instanceId: `test-${opened.length}`,
    logger: pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) }),
  });
  return { h, store, updater };
}

const located = (call: RecordedCall) => [Number(call.params.latitude), Number(call.params.longitude)];

describe('📍 on Telegram: a live location that follows the bus', () => {
  it('sends a live pin with its heading, moves it as fixes come, stops it once the bus has passed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-location-'));
    dirs.push(dir);
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open(dir);
    h.text('3017');
    const arrivals = await h.api.waitForCall('sendMessage');
    const where = buttonsIn(arrivals.params.reply_markup).find((b) => b.callback_data.includes('where'))!;
    expect(where.text).toBe('📍 95 · 4 min');
    h.press(where.callback_data, { chatId: ALICE.id, messageId: (arrivals.answer as { message_id: number }).message_id });
    const pin = await h.api.waitForCall('sendLocation');
    expect(pin.params).toMatchObject({ chat_id: ALICE.id, live_period: 900, heading: 90 });
    expect(located(pin)).toEqual([45.4, -75.735]);
    const facts = await h.api.waitForCall('sendMessage', (c) => String(c.params.text).includes('📍 95 to Orléans'));
    expect(String(facts.params.text)).toContain('3 stops away');
    expect(String(facts.params.text)).toContain('Few seats available');
    await vi.waitFor(async () => expect(await store.liveMessages.list('telegram')).toHaveLength(1));

    // The same fix a round later: nothing to edit.
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1, stopped: 0 });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 0, unchanged: 1 });

    // A new snapshot: the pin moves.
    board = snapshot(45.41, 1);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    const edits = h.api.callsOf('editMessageLiveLocation');
    expect(edits.at(-1)!.params).toMatchObject({ chat_id: String(ALICE.id), message_id: (pin.answer as { message_id: number }).message_id });
    expect(located(edits.at(-1)!)).toEqual([45.41, -75.735]);
    expect(edits.every((e) => (e.answer as { ok?: boolean } | undefined)?.ok !== false)).toBe(true);

    // The bus has passed the stop: the pin stops, and is followed no more.
    board = snapshot(45.42, 0, true);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ stopped: 1 });
    expect(h.api.callsOf('stopMessageLiveLocation')).toHaveLength(1);
    // The facts beside the pin say it is followed no more, and why, in place.
    const card = h.api.callsOf('editMessageText').filter((c) => c.params.message_id === (facts.answer as { message_id: number }).message_id);
    expect(card).toHaveLength(1);
    expect(String(card[0]!.params.text)).toContain('This bus has passed your stop.');
    expect(String(card[0]!.params.text)).toContain('📍 No longer updated: the bus has passed your stop.');
    expect(await store.liveMessages.list('telegram')).toEqual([]);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 0, stopped: 0 });
    expect(h.api.callsOf('sendLocation')).toHaveLength(1);
  });

  it('an edit that fails (the connection drops) is tried again next round, and logged without the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-location-'));
    dirs.push(dir);
    board = snapshot(45.4, 3);
    const logs: string[] = [];
    const { h, store, updater } = await open(dir, logs);
    h.text('3017');
    const arrivals = await h.api.waitForCall('sendMessage');
    const where = buttonsIn(arrivals.params.reply_markup).find((b) => b.callback_data.includes('where'))!;
    h.press(where.callback_data, { chatId: ALICE.id, messageId: (arrivals.answer as { message_id: number }).message_id });
    await vi.waitFor(async () => expect(await store.liveMessages.list('telegram')).toHaveLength(1));
    board = snapshot(45.41, 2);
    h.api.failAlways('editMessageLiveLocation', { error_code: 500, description: 'Internal Server Error' });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ failed: 1, moved: 0 });
    expect(logs.join('\n')).toContain('live message not edited this round');
    expect(logs.join('\n')).not.toContain(TOKEN);
    expect(logs.join('\n')).not.toContain(TOKEN.split(':')[1]!);
    h.api.failAlways('editMessageLiveLocation', undefined);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
  });

  it('a stop refused (a 500, a 429) keeps the pin; the next rounds stop it, even with the feed down by then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-location-'));
    dirs.push(dir);
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open(dir);
    h.text('3017');
    const arrivals = await h.api.waitForCall('sendMessage');
    const where = buttonsIn(arrivals.params.reply_markup).find((b) => b.callback_data.includes('where'))!;
    h.press(where.callback_data, { chatId: ALICE.id, messageId: (arrivals.answer as { message_id: number }).message_id });
    await vi.waitFor(async () => expect(await store.liveMessages.list('telegram')).toHaveLength(1));
    board = snapshot(45.42, 0, true);
    h.api.failNext('stopMessageLiveLocation', { error_code: 500, description: 'Internal Server Error' });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ failed: 1, stopped: 0 });
    expect(await store.liveMessages.list('telegram')).toHaveLength(1);
    // A 429 holds it to the end of the round: still kept.
    h.api.failNext('stopMessageLiveLocation', { error_code: 429, description: 'Too Many Requests: retry after 40', retry_after: 40 });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ rateLimited: 1, deferred: 1, stopped: 0 });
    expect(await store.liveMessages.list('telegram')).toHaveLength(1);
    // The feed is down now: the pin is stopped all the same.
    board = new TransitError('unavailable', 'feed down', { reason: 'timeout' });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ stopped: 1 });
    expect(h.api.callsOf('stopMessageLiveLocation').map((c) => (c.answer as { ok?: boolean }).ok !== false)).toEqual([false, false, true]);
    expect(await store.liveMessages.list('telegram')).toEqual([]);
  });

  it('a restarted bot goes on editing the same pin; two instances edit it once per round; the period ending stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-location-'));
    dirs.push(dir);
    board = snapshot(45.4, 5);
    const first = await open(dir);
    first.h.text('3017');
    const arrivals = await first.h.api.waitForCall('sendMessage');
    const where = buttonsIn(arrivals.params.reply_markup).find((b) => b.callback_data.includes('where'))!;
    first.h.press(where.callback_data, { chatId: ALICE.id, messageId: (arrivals.answer as { message_id: number }).message_id });
    const pin = await first.h.api.waitForCall('sendLocation');
    await vi.waitFor(async () => expect(await first.store.liveMessages.list('telegram')).toHaveLength(1));
    // The bot stops (its updater never ran) and starts again on the same store.
    await first.h.close();
    await first.store.close();
    opened.length = 0;

    const again = await open(dir);
    const twin = await open(dir);
    // Telegram keeps the pin across the bot's restart (each instance here talks to a fake of its own).
    const pinId = (pin.answer as { message_id: number }).message_id;
    for (const api of [again.h.api, twin.h.api]) api.knowLiveLocation(ALICE.id, pinId, 45.4, -75.735);
    board = snapshot(45.41, 4);
    clock.advance(30_000);
    const rounds = await Promise.all([again.updater.round(), twin.updater.round()]);
    expect(rounds.map((r) => r.moved).reduce((a, b) => a + b)).toBe(1);
    expect(rounds.map((r) => r.elsewhere).reduce((a, b) => a + b)).toBe(1);
    expect([...again.h.api.callsOf('sendLocation'), ...twin.h.api.callsOf('sendLocation')]).toEqual([]);
    const edited = [...again.h.api.callsOf('editMessageLiveLocation'), ...twin.h.api.callsOf('editMessageLiveLocation')];
    expect(edited).toHaveLength(1);
    expect(Number(edited[0]!.params.message_id)).toBe(pinId);

    // 15 minutes on, the period is over: stopped by the bot, whatever the bus does.
    clock.advance(15 * 60_000);
    const last = await Promise.all([again.updater.round(), twin.updater.round()]);
    expect(last.map((r) => r.stopped).reduce((a, b) => a + b)).toBe(1);
    expect(await again.store.liveMessages.list('telegram')).toEqual([]);
  });
});

describe('🔴 Live on Telegram: arrivals that keep themselves up to date', () => {
  it('refreshes the board every round for 10 minutes, then says it stopped; one live board per chat; pressing again extends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-board-'));
    dirs.push(dir);
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open(dir);
    h.text('3017');
    const first = await h.api.waitForCall('sendMessage');
    const firstId = (first.answer as { message_id: number }).message_id;
    const liveButton = buttonsIn(first.params.reply_markup).find((b) => b.text === '🔴 Live')!;
    expect(liveButton.callback_data).toBe('2:u:live:3017');
    h.press(liveButton.callback_data, { chatId: ALICE.id, messageId: firstId });
    const pressed = await h.api.waitForCall('editMessageText');
    expect(String(pressed.params.text)).toContain('🔴 Live: updated every 30 s for 10 more min');
    await vi.waitFor(async () => expect(await store.liveMessages.list('telegram')).toHaveLength(1));
    // What it shows is kept for its last edit, should the feed be down then; without the line each round writes anew.
    const kept = await store.liveMessages.lastShown((await store.liveMessages.list('telegram'))[0]!);
    expect(kept?.blocks.flatMap((b) => b.lines).join('\n')).toContain('4 min');
    expect(kept?.footer?.join('\n')).not.toContain('🔴 Live');

    // Each round redraws it with the bus's new time and the minutes left.
    board = stopArrivals([route('95', [trip(3, { trust: 'tracked', startTime: '07:40', destination: 'Orléans' })])]);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    const redrawn = h.api.callsOf('editMessageText').at(-1)!;
    expect(redrawn.params).toMatchObject({ chat_id: String(ALICE.id), message_id: firstId });
    expect(String(redrawn.params.text)).toContain('3 min');
    expect(String(redrawn.params.text)).toContain('for 10 more min');

    // A second board in the chat: the first ends at the next round, saying so; the second goes on.
    h.text('3017');
    const second = await h.api.waitForCall('sendMessage', (c) => c !== first && String(c.params.text).includes('3017'));
    const secondId = (second.answer as { message_id: number }).message_id;
    h.press(liveButton.callback_data, { chatId: ALICE.id, messageId: secondId });
    await vi.waitFor(async () => expect((await store.liveMessages.list('telegram')).find((m) => m.messageId === String(secondId))).toBeDefined());
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1, stopped: 1 });
    const ended = h.api.callsOf('editMessageText').find((c) => Number(c.params.message_id) === firstId && String(c.params.text).includes('stopped'));
    expect(String(ended!.params.text)).toContain('Live updates stopped. Press 🔴 Live for 10 more minutes.');

    // Five minutes on, a press on the second extends it: ten minutes from the press.
    const rounds = async (n: number) => {
      for (let i = 0; i < n; i++) {
        clock.advance(30_000);
        await updater.round();
      }
    };
    await rounds(10);
    const before = (await store.liveMessages.list('telegram'))[0]!.until;
    h.press(liveButton.callback_data, { chatId: ALICE.id, messageId: secondId });
    await vi.waitFor(async () => expect((await store.liveMessages.list('telegram'))[0]!.until > before).toBe(true));
    await rounds(12);
    expect(await store.liveMessages.list('telegram')).toHaveLength(1);
    // Ten minutes after that press, it stops; nothing is edited after that.
    for (let i = 0; i < 10; i++) {
      clock.advance(30_000);
      await updater.round();
    }
    const lastEdit = h.api.callsOf('editMessageText').at(-1)!;
    expect(Number(lastEdit.params.message_id)).toBe(secondId);
    expect(String(lastEdit.params.text)).toContain('Live updates stopped.');
    expect(await store.liveMessages.list('telegram')).toEqual([]);
    const edits = h.api.callsOf('editMessageText').length;
    clock.advance(30_000);
    await updater.round();
    expect(h.api.callsOf('editMessageText')).toHaveLength(edits);
  });

  it("a typed /live is kept up to date as the button's board is, since it says it will be (French)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-board-'));
    dirs.push(dir);
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open(dir);
    h.text('/live 3017 95', BENOIT);
    const sent = await h.api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain('🔴 En direct : mis à jour toutes les 30 s pendant encore 10 min');
    await vi.waitFor(async () => expect(await store.liveMessages.list('telegram')).toHaveLength(1));
    board = stopArrivals([route('95', [trip(3, { trust: 'tracked', startTime: '07:40', destination: 'Orléans' })])]);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    const redrawn = h.api.callsOf('editMessageText').at(-1)!;
    expect(redrawn.params).toMatchObject({ chat_id: String(BENOIT.id), message_id: (sent.answer as { message_id: number }).message_id });
    expect(String(redrawn.params.text)).toContain('3 min');
  });
});
