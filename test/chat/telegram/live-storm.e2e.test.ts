import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import type { ChatType } from '../../../src/domain/chat.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { openStore } from '../../../src/store/index.js';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';
import { trackedBusBoard } from '../tracked-bus.js';
import { virtualTime } from '../virtual-time.js';
import { startHarness } from './harness.js';

// 100 live messages open (50 📍 pins, 50 🔴 Live boards, half of each in groups) while the fake
// Bot API answers every edit with 429 `retry_after: 5` for 75 s, the real Telegram adapter and
// live updater, a real SQLite store, over real HTTP. The bot's clock and its waits are virtual
// (virtual-time.ts): the clock moves only while everything waits, so the 150 s take seconds and
// each call is stamped, as the fake answers it, at the instant the bot sent it.
//
// The pins of stop 3017 see their bus pass during the storm, those of 3018 reach the end of their
// period during it: their stops are refused, and each must be stopped once the storm is over. The
// feed goes down after the storm, and the boards end while it is down: their last edit says they
// stopped, with the last times they showed marked as the last known.

const STORM = { from: 20_000, to: 95_000 };
const FEED_DOWN_AT = 100_000;
const BOARDS_END_AT = 115_000;
const EDITS = new Set(['editMessageLiveLocation', 'editMessageText', 'stopMessageLiveLocation']);

const dirs: string[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('100 live messages through 75 s of 429s (retry_after: 5)', () => {
  it('keeps every second at the Bot API within 25 edits, holds all edits for each wait, stops every pin after, and ends boards with the feed down saying so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-storm-'));
    dirs.push(dir);
    const time = virtualTime('2026-11-21T13:05:00Z');
    opened.push({ close: () => Promise.resolve(time.stop()) });
    const clock = time.clock;
    const at = (ms: number) => clock().getTime() - time.elapsed() + ms;
    const feedDown = () => time.elapsed() >= FEED_DOWN_AT;
    const unavailable = () => new TransitError('unavailable', 'feed down', { reason: 'timeout' });
    // The bus moves every round; at 3017 it passes the stop 45 s in, during the storm.
    const pin = (passesAt: number) => () => {
      if (feedDown()) throw unavailable();
      const t = time.elapsed();
      return trackedBusBoard(clock, 45.4 + t / 1e6, 3, t >= passesAt);
    };
    const boardAnswer = () => {
      if (feedDown()) throw unavailable();
      return stopArrivals([
        route('95', [trip(Math.max(1, 9 - Math.floor(time.elapsed() / 30_000)), { trust: 'tracked', startTime: '07:40', destination: 'Orléans' })]),
      ]);
    };
    const transit = fakeTransit({
      next: { 'next 3017 95': pin(45_000), 'next 3018 95': pin(Infinity) },
      all: { 'all 3017': boardAnswer },
    });
    const core = createBotCore({ transit, ...memoryStores(), now: clock });
    const store = await openStore({ dataDir: dir });
    opened.push(store);
    const h = await startHarness({ core, clock, liveMessages: store.liveMessages, start: false });
    opened.push(h);
    const calls: Array<{ t: number; method: string; chatId: string; messageId: string; ok: boolean; code?: number; text: string }> = [];
    h.api.onCall((call) => {
      if (!EDITS.has(call.method)) return;
      const answer = call.answer as { ok?: boolean; error_code?: number } | undefined;
      calls.push({
        t: time.elapsed(),
        method: call.method,
        chatId: String(call.params.chat_id),
        messageId: String(call.params.message_id),
        ok: answer?.ok !== false,
        ...(answer?.ok === false ? { code: answer.error_code } : {}),
        text: typeof call.params.text === 'string' ? call.params.text : '',
      });
    });

    // 25 private and 25 group chats, each with a pin and a board.
    const pins: Array<{ chatId: string; messageId: string; stop: string }> = [];
    const boards: Array<{ chatId: string; messageId: string; french: boolean }> = [];
    for (let i = 0; i < 50; i++) {
      const chatId = i < 25 ? 5000 + i : -1_000_000 - i;
      const chatType: ChatType = i < 25 ? 'private' : 'group';
      const stop = i % 2 === 0 ? '3017' : '3018';
      const pinId = 90_000 + i;
      h.api.knowLiveLocation(chatId, pinId, 45.4, -75.735);
      await store.liveMessages.put({
        id: `telegram.${chatId}.${pinId}`,
        platform: 'telegram',
        chatId: String(chatId),
        chatType,
        messageId: String(pinId),
        request: { name: 'where', options: { stop, route: '95', trip: '0740' } },
        // 3018's pins reach the end of their period during the storm.
        until: new Date(at(stop === '3017' ? 15 * 60_000 : 60_000)).toISOString(),
      });
      pins.push({ chatId: String(chatId), messageId: String(pinId), stop });
      const sent = await h.telegram.bot.api.sendMessage(chatId, 'arrivals at 3017');
      const french = i % 5 === 0;
      await store.liveMessages.put({
        id: `telegram.${chatId}.${sent.message_id}`,
        platform: 'telegram',
        kind: 'board',
        chatId: String(chatId),
        chatType,
        messageId: String(sent.message_id),
        ...(french ? { languageCode: 'fr' } : {}),
        request: { name: 'next', options: { stop: '3017' } },
        until: new Date(at(BOARDS_END_AT)).toISOString(),
      });
      boards.push({ chatId: String(chatId), messageId: String(sent.message_id), french });
    }

    const updater = createLiveUpdater({
      core,
      messages: store.liveMessages,
      claims: store.claims,
      editors: [time.counting(h.telegram.liveEditor)],
      budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
      clock,
      sleep: time.sleep,
      intervalMs: 30_000,
      instanceId: 'storm',
      logger: pino({ level: 'silent' }),
    });
    const tooMany = { error_code: 429, description: 'Too Many Requests: retry after 5', retry_after: 5 };
    const waitUntil = (ms: number) => time.until(ms);
    const storm = (async () => {
      await waitUntil(STORM.from);
      for (const method of EDITS) h.api.failAlways(method, tooMany);
      await waitUntil(STORM.to);
      for (const method of EDITS) h.api.failAlways(method, undefined);
    })();
    let keptThroughStorm = -1;
    const afterStorm = (async () => {
      await waitUntil(STORM.to + 500);
      keptThroughStorm = (await store.liveMessages.list('telegram')).length;
    })();
    for (const round of [0, 30_000, 60_000, 90_000, 120_000, 150_000]) {
      await waitUntil(round);
      await time.busy(updater.round());
    }
    await Promise.all([storm, afterStorm]);

    // No second, measured at the fake as it answered, over the budget of 25.
    let busiest = 0;
    for (let i = 0, j = 0; i < calls.length; i++) {
      while (calls[i]!.t - calls[j]!.t >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(TELEGRAM_EDIT_LIMITS.perSecond);

    // During the storm: a probe now and then, none while a 429's wait is running (beyond those
    // already on their way when it came).
    const refused = calls.filter((c) => c.code === 429);
    const duringStorm = calls.filter((c) => c.t >= STORM.from && c.t < STORM.to);
    expect(refused.length).toBeGreaterThan(0);
    expect(duringStorm.length).toBeLessThanOrEqual(30);
    for (const r of refused) {
      const within = calls.filter((c) => c.t > r.t + 200 && c.t < r.t + 4_900);
      expect(within, `edits within the wait of the 429 at ${Math.round(r.t)} ms`).toEqual([]);
    }

    // Every record outlived the storm (none stopped, none refused for good), then every pin was stopped.
    expect(keptThroughStorm).toBe(100);
    for (const p of pins) {
      const stopped = calls.filter((c) => c.method === 'stopMessageLiveLocation' && c.chatId === p.chatId && c.messageId === p.messageId && c.ok);
      expect(stopped, `pin ${p.chatId}.${p.messageId} (${p.stop}) stopped once`).toHaveLength(1);
    }

    // Each board's last edit says it stopped, with the times it last showed marked as the last known.
    for (const b of boards) {
      const edits = calls.filter((c) => c.method === 'editMessageText' && c.chatId === b.chatId && c.messageId === b.messageId && c.ok);
      const [good, last] = [edits.at(-2)!, edits.at(-1)!];
      expect(last.t).toBeGreaterThanOrEqual(BOARDS_END_AT);
      // The times of the last good edit ("6 min (08:12)"), and when they were had ("Updated at 08:06").
      const times = /\d+ min \(\d\d:\d\d\)/.exec(good.text)![0];
      expect(good.text).not.toMatch(/stopped|arrêtées/);
      expect(last.text).toContain(times);
      if (b.french) {
        expect(last.text).toContain('voici les dernières heures reçues');
        expect(last.text).toContain('Mises à jour en direct arrêtées');
      } else {
        expect(last.text).toContain('these are the last times received');
        expect(last.text).toContain('Live updates stopped');
      }
    }
    expect(await store.liveMessages.list('telegram')).toEqual([]);
    console.log(
      `live storm: ${calls.length} edit calls; busiest second ${busiest}; during the 75 s storm ${duringStorm.length} (${refused.length} answered 429)`,
    );
  }, 60_000);
});
