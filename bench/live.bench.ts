// Live messages at scale: `npm run bench -- live` (or npx tsx bench/live.bench.ts).
// 1,000 📍 pins open at once, in 1,000 private chats, followed by the real live updater (the real
// core, a real SQLite store with its claims, Telegram's edit limits) against the fake Bot API over
// real HTTP on 127.0.0.1. Every bus moves a little every round, so every pin asks for an edit
// every round: what the updater sends is what the limits let through. Printed: edits per second
// (overall and the busiest second as the fake received them, against the budget of 25/s),
// refusals by the fake, rounds and edits put off, then how long stopping all 1,000 takes once
// their period ends.
// Then a storm: 100 pins and boards (half in groups) while the fake answers every edit with 429
// `retry_after: 5` for LIVE_STORM_SECONDS (75 by default), rounds every 3 s, in real time: the
// busiest second at the fake, edits during the storm, the process's CPU during it, how long
// after it the edits are back to pace, and whether every pin was stopped and every board ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createBotCore } from '../src/core/index.js';
import { createEditBudget } from '../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../src/chat/telegram/limits.js';
import type { LiveEditor } from '../src/domain/live-editor.js';
import { createLiveUpdater } from '../src/pushes/live/live-updater.js';
import { telegramLiveEditor } from '../src/chat/telegram/live-location.js';
import { systemClock } from '../src/domain/clock.js';
import { TransitError } from '../src/domain/transit-error.js';
import { openStore } from '../src/store/index.js';
import { createRedactor } from '../src/util/redact.js';
import { Bot } from 'grammy';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../test/core/fakes.js';
import { startFakeBotApi } from '../test/chat/telegram/fake-bot-api.js';

const OPEN = 1_000;
const ROUND_MS = 3_000;
const RUN_MS = 15_000;
const TOKEN = '123456789:AAH-bench_Token-value-not-valid';

const started = Date.now();
// The bus moves 1 m every 100 ms of the run: every round has a new fix for every pin.
const board = () =>
  stopArrivals([
    route('95', [
      trip(4, {
        trust: 'tracked',
        startTime: '07:40',
        position: { lat: 45.4 + (Date.now() - started) / 1e7, lon: -75.7, bearing: 90, fixAt: new Date(), stopsAway: 3 },
      }),
    ]),
  ]);

// LIVE_BENCH_ONLY=storm skips the 1,000 pins.
if (process.env.LIVE_BENCH_ONLY !== 'storm') {
  const dir = mkdtempSync(join(tmpdir(), 'live-bench-'));
  const api = await startFakeBotApi({ token: TOKEN });
  const store = await openStore({ dataDir: dir });
  try {
    // Only the Bot API methods are called: no getMe, no polling.
    const bot = new Bot(TOKEN, { client: { apiRoot: api.apiRoot } });
    const transit = fakeTransit({ next: { 'next 3017 95': board } });
    const core = createBotCore({ transit, ...memoryStores(), now: systemClock });
    // Each edit as the fake answered it: the seconds the Bot API received them in.
    const edits: number[] = [];
    api.onCall((call) => void (call.method.includes('LiveLocation') && edits.push(performance.now())));
    const editor: LiveEditor = telegramLiveEditor(bot.api, createRedactor([TOKEN]));
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    for (let i = 0; i < OPEN; i++) {
      const chatId = 100_000 + i;
      api.knowLiveLocation(chatId, i + 1, 45.4, -75.7);
      await store.liveMessages.put({
        id: `telegram.${chatId}.${i + 1}`,
        platform: 'telegram',
        chatId: String(chatId),
        chatType: 'private',
        messageId: String(i + 1),
        request: { name: 'where', options: { stop: '3017', route: '95', trip: '0740' } },
        until,
      });
    }
    const updater = createLiveUpdater({
      core,
      messages: store.liveMessages,
      claims: store.claims,
      editors: [editor],
      budget: createEditBudget(TELEGRAM_EDIT_LIMITS, systemClock),
      clock: systemClock,
      intervalMs: ROUND_MS,
      instanceId: 'bench',
      // Failed edits are counted below (a reset connection is tried again next round).
      logger: pino({ level: 'silent' }),
    });

    const totals = { moved: 0, deferred: 0, failed: 0, rounds: 0, slowest: 0 };
    const runStart = performance.now();
    while (performance.now() - runStart < RUN_MS) {
      const roundStart = performance.now();
      const r = await updater.round();
      totals.moved += r.moved;
      totals.deferred += r.deferred;
      totals.failed += r.failed;
      totals.rounds += 1;
      totals.slowest = Math.max(totals.slowest, performance.now() - roundStart);
      const wait = ROUND_MS - (performance.now() - roundStart);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const runSeconds = (performance.now() - runStart) / 1000;
    const busiest = (times: number[]) => {
      let best = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1000) j++;
        best = Math.max(best, i - j + 1);
      }
      return best;
    };
    const refused = () =>
      api.calls.filter((c) => c.method.includes('LiveLocation') && (c.answer as { ok?: boolean } | undefined)?.ok === false).length;
    console.log(`live pins open: ${OPEN}; rounds every ${ROUND_MS / 1000} s for ${runSeconds.toFixed(1)} s (${totals.rounds} rounds)`);
    console.log(
      `edits sent: ${totals.moved} = ${(totals.moved / runSeconds).toFixed(1)}/s overall; busiest second ${busiest(edits)} (limit ${TELEGRAM_EDIT_LIMITS.perSecond}/s)`,
    );
    console.log(`edits put off to a later round (over the limit): ${totals.deferred}; failed: ${totals.failed}; refused by the fake: ${refused()}`);
    console.log(`slowest round (1,000 claims, look-ups and the edits it sent): ${(totals.slowest / 1000).toFixed(2)} s`);
    console.log(
      `share of the asked-for edits sent: ${((100 * totals.moved) / (totals.moved + totals.deferred)).toFixed(1)}% (a pin waits at most ${Math.ceil(OPEN / TELEGRAM_EDIT_LIMITS.perSecond)} s for its turn)`,
    );

    // The period ends for all of them at once: each is stopped, within the same limits.
    const stopStart = performance.now();
    edits.length = 0;
    for (const m of await store.liveMessages.list('telegram')) await store.liveMessages.put({ ...m, until: new Date().toISOString() });
    let left = OPEN;
    let stopRounds = 0;
    let stopFailed = 0;
    while (left > 0 && stopRounds < 200) {
      await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
      stopFailed += (await updater.round()).failed;
      left = (await store.liveMessages.list('telegram')).length;
      stopRounds += 1;
    }
    const stops = api.callsOf('stopMessageLiveLocation').length;
    console.log(
      `stopping all: ${stops} stopMessageLiveLocation in ${((performance.now() - stopStart) / 1000).toFixed(1)} s (${stopRounds} rounds); busiest second ${busiest(edits)}; failed and tried again: ${stopFailed}; left open: ${left}; refused by the fake: ${refused()}`,
    );
    const moreCalls = api.calls.length;
    await updater.round();
    console.log(`a round after the end: ${api.calls.length - moreCalls} calls`);
  } finally {
    await store.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The storm: 100 pins and boards through LIVE_STORM_SECONDS of 429s, in real time.
const STORM_S = Number(process.env.LIVE_STORM_SECONDS ?? 75);
{
  const STORM_FROM_S = 5;
  const STORM_TO_S = STORM_FROM_S + STORM_S;
  const FEED_DOWN_S = STORM_TO_S + 3;
  const BOARDS_END_S = STORM_TO_S + 8;
  const RUN_S = STORM_TO_S + 20;
  const stormDir = mkdtempSync(join(tmpdir(), 'live-storm-bench-'));
  const stormApi = await startFakeBotApi({ token: TOKEN });
  const stormStore = await openStore({ dataDir: stormDir });
  // Time starts once the records are in (t0 is set below).
  let t0 = Number.POSITIVE_INFINITY;
  const elapsedS = () => Math.max(0, (performance.now() - t0) / 1000);
  try {
    const unavailable = () => new TransitError('unavailable', 'feed down', { reason: 'timeout' });
    const pin = (passesAtS: number) => () => {
      if (elapsedS() >= FEED_DOWN_S) throw unavailable();
      const fix = { lat: 45.4 + elapsedS() / 1e5, lon: -75.7, bearing: 90, fixAt: new Date() };
      return stopArrivals([
        route('95', [
          trip(4, { trust: 'tracked', startTime: '07:40', position: elapsedS() >= passesAtS ? { ...fix, passed: true } : { ...fix, stopsAway: 3 } }),
        ]),
      ]);
    };
    const boardAnswer = () => {
      if (elapsedS() >= FEED_DOWN_S) throw unavailable();
      return stopArrivals([route('95', [trip(Math.max(1, 9 - Math.floor(elapsedS() / 30)), { trust: 'tracked', startTime: '07:40' })])]);
    };
    const transit = fakeTransit({
      next: { 'next 3017 95': pin(STORM_FROM_S + STORM_S / 2), 'next 3018 95': pin(Infinity) },
      all: { 'all 3017': boardAnswer },
    });
    const core = createBotCore({ transit, ...memoryStores(), now: systemClock });
    const bot = new Bot(TOKEN, { client: { apiRoot: stormApi.apiRoot } });
    const calls: Array<{ s: number; method: string; key: string; ok: boolean; code?: number; text: string }> = [];
    const EDIT_METHODS = new Set(['editMessageLiveLocation', 'editMessageText', 'stopMessageLiveLocation']);
    stormApi.onCall((call) => {
      if (!EDIT_METHODS.has(call.method)) return;
      const answer = call.answer as { ok?: boolean; error_code?: number } | undefined;
      calls.push({
        s: elapsedS(),
        method: call.method,
        key: `${String(call.params.chat_id)}:${String(call.params.message_id)}`,
        ok: answer?.ok !== false,
        ...(answer?.ok === false ? { code: answer.error_code } : {}),
        text: typeof call.params.text === 'string' ? call.params.text : '',
      });
    });
    // The boards' messages first (sent before time starts), then the records, timed from t0.
    const chats = Array.from({ length: 50 }, (_, i) => (i < 25 ? 7000 + i : -2_000_000 - i));
    const boardIds: number[] = [];
    for (const chatId of chats) boardIds.push((await bot.api.sendMessage(chatId, 'arrivals')).message_id);
    t0 = performance.now();
    const pins: string[] = [];
    const boards: string[] = [];
    const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
    for (let i = 0; i < 50; i++) {
      const chatId = chats[i]!;
      const chatType = i < 25 ? ('private' as const) : ('group' as const);
      const stop = i % 2 === 0 ? '3017' : '3018';
      stormApi.knowLiveLocation(chatId, 80_000 + i, 45.4, -75.7);
      await stormStore.liveMessages.put({
        id: `telegram.${chatId}.${80_000 + i}`,
        platform: 'telegram',
        chatId: String(chatId),
        chatType,
        messageId: String(80_000 + i),
        request: { name: 'where', options: { stop, route: '95', trip: '0740' } },
        until: at(stop === '3017' ? 3600 : STORM_FROM_S + STORM_S * 0.6),
      });
      pins.push(`${chatId}:${80_000 + i}`);
      const sent = { message_id: boardIds[i]! };
      await stormStore.liveMessages.put({
        id: `telegram.${chatId}.${sent.message_id}`,
        platform: 'telegram',
        kind: 'board',
        chatId: String(chatId),
        chatType,
        messageId: String(sent.message_id),
        request: { name: 'next', options: { stop: '3017' } },
        until: at(BOARDS_END_S),
      });
      // What the press showed, kept as the adapter keeps it (keepBoardLive).
      await stormStore.liveMessages.keepShown(
        { id: `telegram.${chatId}.${sent.message_id}` },
        await core.run({ name: 'next', options: { stop: '3017' } }, { platform: 'telegram', chatId: String(chatId), chatType }),
      );
      boards.push(`${chatId}:${sent.message_id}`);
    }
    const updater = createLiveUpdater({
      core,
      messages: stormStore.liveMessages,
      claims: stormStore.claims,
      editors: [telegramLiveEditor(bot.api, createRedactor([TOKEN]))],
      budget: createEditBudget(TELEGRAM_EDIT_LIMITS, systemClock),
      clock: systemClock,
      intervalMs: ROUND_MS,
      instanceId: 'storm-bench',
      logger: pino({ level: 'silent' }),
    });
    const tooMany = { error_code: 429, description: 'Too Many Requests: retry after 5', retry_after: 5 };
    let cpuAtStart = process.cpuUsage();
    let cpuDuringStorm = 0;
    const stormTimers = [
      setTimeout(
        () => {
          for (const m of EDIT_METHODS) stormApi.failAlways(m, tooMany);
          cpuAtStart = process.cpuUsage();
        },
        STORM_FROM_S * 1000 - (performance.now() - t0),
      ),
      setTimeout(
        () => {
          for (const m of EDIT_METHODS) stormApi.failAlways(m, undefined);
          const used = process.cpuUsage(cpuAtStart);
          cpuDuringStorm = (used.user + used.system) / 1000 / (STORM_S * 1000);
        },
        STORM_TO_S * 1000 - (performance.now() - t0),
      ),
    ];
    const t0Rounds = performance.now();
    // On until every pin is stopped and every board ended (on a loaded machine a round of 100 takes longer).
    let clearedS = Number.NaN;
    while (elapsedS() < RUN_S + 120) {
      const roundStart = performance.now();
      await updater.round();
      if (elapsedS() >= BOARDS_END_S && (await stormStore.liveMessages.list('telegram')).length === 0) {
        if (Number.isNaN(clearedS)) clearedS = elapsedS() - STORM_TO_S;
        if (elapsedS() >= RUN_S) break;
      }
      const wait = ROUND_MS - (performance.now() - roundStart);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    stormTimers.forEach(clearTimeout);
    const busiestIn = (list: Array<{ s: number }>) => {
      let best = 0;
      for (let i = 0, j = 0; i < list.length; i++) {
        while (list[i]!.s - list[j]!.s >= 1) j++;
        best = Math.max(best, i - j + 1);
      }
      return best;
    };
    const during = calls.filter((c) => c.s >= STORM_FROM_S && c.s < STORM_TO_S);
    const after = calls.filter((c) => c.s >= STORM_TO_S);
    // Back to pace: the first second after the storm with 20 edits or more.
    let backS = Number.NaN;
    for (let i = 0, j = 0; i < after.length; i++) {
      while (after[i]!.s - after[j]!.s >= 1) j++;
      if (i - j + 1 >= 20) {
        backS = after[i]!.s - STORM_TO_S;
        break;
      }
    }
    const stoppedPins = pins.filter((k) => calls.some((c) => c.method === 'stopMessageLiveLocation' && c.key === k && c.ok)).length;
    const lastEdits = boards.map((k) => calls.filter((c) => c.method === 'editMessageText' && c.key === k && c.ok).at(-1)?.text ?? '');
    const stoppedBoards = lastEdits.filter((text) => text.includes('Live updates stopped')).length;
    const endedBoards = lastEdits.filter(
      (text) => text.includes('Live updates stopped') && text.includes('these are the last times received'),
    ).length;
    const left = (await stormStore.liveMessages.list('telegram')).length;
    console.log(
      `storm: 100 live messages (50 pins, 50 boards), rounds every ${ROUND_MS / 1000} s, 429 retry_after 5 for ${STORM_S} s (${((performance.now() - t0Rounds) / 1000).toFixed(0)} s run)`,
    );
    console.log(
      `  busiest second at the Bot API: ${busiestIn(calls)} (budget ${TELEGRAM_EDIT_LIMITS.perSecond}/s); edits during the storm: ${during.length} (${during.filter((c) => c.code === 429).length} answered 429) = ${(during.length / STORM_S).toFixed(2)}/s`,
    );
    console.log(
      `  CPU during the storm: ${(cpuDuringStorm * 100).toFixed(1)}% of a core; back to 20 edits/s ${Number.isNaN(backS) ? 'never' : `${backS.toFixed(1)} s`} after it; busiest second after it ${busiestIn(after)}`,
    );
    console.log(
      `  pins stopped: ${stoppedPins}/50; boards ended saying they stopped: ${stoppedBoards}/50, with the last times marked: ${endedBoards}/50; records left: ${left} (all gone ${Number.isNaN(clearedS) ? 'never' : `${clearedS.toFixed(0)} s after the storm`})`,
    );
  } finally {
    await stormStore.close();
    await stormApi.close();
    rmSync(stormDir, { recursive: true, force: true });
  }
}
