// End to end on the demo network, whose buses move with the clock: a rider asks /notify 3017 95 in
// Telegram (grammY -> real HTTP -> the fake Bot API), is asked which way, presses "to Orléans",
// and the scheduler, minute by minute, pushes once: for the Orléans bus, with the notice asked
// (the buses towards Barrhaven, however near, are not the rider's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';
import { DEMO_API_KEY, DEMO_APP_ID, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { createTransitClient } from '../../../src/sources/octranspo-v12/index.js';
import { startPushes } from '../../../src/pushes/start-pushes.js';
import { openStore } from '../../../src/store/index.js';
import { buttonsOf } from '../../chat/telegram/fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from '../../chat/telegram/harness.js';
import { capturingLogger, testSettings } from '../fakes.js';

// Wednesday 18 Nov 2026, 08:00 in Ottawa.
const clock = fixedClock('2026-11-18T13:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'arrivals-near-direction-'));
let sim: SimServer;
let h: Harness;

beforeAll(async () => {
  sim = await startSimServer({ now: clock });
});
afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

interface Minute {
  at: string;
  orleans: number[];
  barrhaven: number[];
}

/**
 * From `start`: `from` types `typed`, presses "to Orléans" (in its language) among the ways offered,
 * then the scheduler ticks each minute for an hour. The confirmation, each minute's 95s at 3017
 * by way, and the pushes with the minute they came.
 */
async function riderAsks(start: string, from: typeof ALICE, typed: string, towards: string) {
  clock.set(start);
  // A store of its own: the minutes one rider's hour marked done are another's to do.
  const store = await openStore({ dataDir: join(root, `${from.first_name}-${typed.length}`) });
  const transit = createTransitClient({
    baseUrl: sim.url,
    appId: DEMO_APP_ID,
    apiKey: DEMO_API_KEY,
    now: clock,
    cacheTtlMs: { nextTrips: 0, routeSummary: 0 },
  });
  const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
  h = await startHarness({ core, clock });
  const scheduler = startPushes({
    core,
    store,
    transit,
    notifiers: [h.telegram.notifier],
    chatTypeOf,
    settings: testSettings(),
    clock,
    logger: capturingLogger().logger,
    timer: false,
  });
  const toChat = () => h.api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === String(from.id));
  // A button's data ("2:n:notify:3017:95", a 🔔 sent before directions) is pressed; anything else typed.
  if (typed.startsWith('2:')) h.press(typed, { chatId: from.id, messageId: 1 }, from);
  else h.text(typed, from);
  const asked = await h.api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === String(from.id));
  const way = buttonsOf(asked).find((b) => b.text === towards)!;
  h.press(way.callback_data, { chatId: from.id, messageId: (asked.answer as { message_id: number }).message_id }, from);
  const done = await h.api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === String(from.id) && c !== asked);
  const minutes: Minute[] = [];
  const pushes: Array<Minute & { text: string }> = [];
  for (let minute = 0; minute < 60; minute++) {
    clock.set(Date.parse(start) + minute * 60_000);
    const board = await transit.nextTrips('3017', '95');
    const away = (heading: string) => board.routes.filter((r) => r.heading === heading).flatMap((r) => r.trips.map((t) => t.minutesAway));
    const seen = { at: clock().toISOString(), orleans: away('Orléans'), barrhaven: away('Barrhaven Centre') };
    minutes.push(seen);
    const before = toChat().length;
    await scheduler.tick();
    await scheduler.tick.settled();
    for (const call of toChat().slice(before)) pushes.push({ ...seen, text: String(call.params.text) });
  }
  await scheduler.stop();
  await h.close();
  await store.close();
  return { asked, done: String(done.params.text), minutes, pushes };
}

describe('a near alert to Orléans on the demo network', () => {
  it('is asked by button, and fires once, for the Orléans bus, with at least the notice asked', async () => {
    // 08:01: the next bus each way is 6 min away.
    const { asked, done, minutes, pushes } = await riderAsks('2026-11-18T13:01:00Z', ALICE, '/notify 3017 95', 'to Orléans');
    expect(String(asked.params.text)).toContain('Route 95 goes more than one way at 3017');
    expect(buttonsOf(asked).map((b) => b.text)).toEqual(['to Orléans', 'to Barrhaven Centre']);
    expect(done).toMatch(/set: when 95 to Orléans is 5 min from 3017, 08:01-09:01, .*\. Next: today until 09:01\./);
    expect(minutes[0]).toMatchObject({ orleans: [6, 13, 17], barrhaven: [6, 9, 16] });

    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push!.text).toMatch(/^🚌 Route 95 to Orléans is 5 min from BASELINE STATION \(3017\), at 08:07 /);
    expect(push!.at).toBe('2026-11-18T13:02:00.000Z');
    // The Barrhaven bus was as near that minute, and nearer later: never pushed.
    expect(push!.barrhaven[0]).toBe(5);
  }, 30_000);

  it('a 🔔 sent before directions (a toast, no direction) asks which way in a message, with its buttons', async () => {
    const { asked, pushes } = await riderAsks('2026-11-18T13:01:00Z', ALICE, '2:n:notify:3017:95', 'to Orléans');
    expect(String(asked.params.text)).toContain('Route 95 goes more than one way at 3017');
    expect(pushes.map((p) => p.text)).toEqual([expect.stringMatching(/^🚌 Route 95 to Orléans is 5 min from/)]);
  }, 30_000);

  it('set when the Orléans bus is already closer than asked: says so with the one after (French)', async () => {
    // 08:00: an Orléans bus is due now, the next in 7 min.
    const { pushes } = await riderAsks('2026-11-18T13:00:00Z', BENOIT, '/notify 3017 95', 'vers Orléans');
    expect(pushes.map((p) => [p.at, p.text])).toEqual([
      ['2026-11-18T13:00:00.000Z', '🚌 Le prochain 95 vers Orléans arrive maintenant à BASELINE STATION (3017); le suivant passe dans 7 min.'],
    ]);
  }, 30_000);
});
