// Live messages at scale: `npm run bench -- live` (or npx tsx bench/live.bench.ts).
// 1,000 📍 pins open at once, in 1,000 private chats, followed by the real live updater (the real
// core, a real SQLite store with its claims, Telegram's edit limits) against the fake Bot API over
// real HTTP on 127.0.0.1. Every bus moves a little every round, so every pin asks for an edit
// every round: what the updater sends is what the limits let through. Printed: edits per second
// (overall and the busiest second, against Telegram's ~30/s), refusals by the fake, rounds and
// edits put off, then how long stopping all 1,000 takes once their period ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createBotCore } from '../src/bot/index.js';
import { createEditBudget, TELEGRAM_EDIT_LIMITS } from '../src/chat/edit-budget.js';
import { createLiveUpdater, type LiveEditor } from '../src/chat/live-updater.js';
import { telegramLiveEditor } from '../src/chat/telegram/live-location.js';
import { systemClock } from '../src/domain/clock.js';
import { openStore } from '../src/store/index.js';
import { createRedactor } from '../src/util/redact.js';
import { Bot } from 'grammy';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../test/bot/fakes.js';
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
        live: true,
        startTime: '07:40',
        position: { lat: 45.4 + (Date.now() - started) / 1e7, lon: -75.7, bearing: 90, fixAt: new Date(), stopsAway: 3 },
      }),
    ]),
  ]);

const dir = mkdtempSync(join(tmpdir(), 'live-bench-'));
const api = await startFakeBotApi({ token: TOKEN });
const store = await openStore({ dataDir: dir });
try {
  // Only the Bot API methods are called: no getMe, no polling.
  const bot = new Bot(TOKEN, { client: { apiRoot: api.apiRoot } });
  const transit = fakeTransit({ next: { 'next 3017 95': board } });
  const core = createBotCore({ transit, ...memoryStores(), now: systemClock });
  const edits: number[] = [];
  const inner = telegramLiveEditor(bot.api, createRedactor([TOKEN]));
  // The same editor, its calls timed: the seconds the fake received them in.
  const editor: LiveEditor = {
    platform: 'telegram',
    redraw: (m, r) => inner.redraw(m, r),
    move: async (m, l, r) => {
      edits.push(performance.now());
      return inner.move(m, l, r);
    },
    stop: async (m, r) => {
      edits.push(performance.now());
      return inner.stop(m, r);
    },
  };
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
  const refused = () => api.calls.filter((c) => c.method.includes('LiveLocation') && (c.answer as { ok?: boolean } | undefined)?.ok === false).length;
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
