// 🚌 Track and 🛎 get off, end to end on the demo network (its buses move with the clock): the
// simulator's GTFS zip, trip updates and vehicle positions over real HTTP, read by the GTFS source;
// the real core and a SQLite store; grammY against the fake Bot API; the live rounds as the pushes
// run them, every half-minute. A tracked trip's one message follows the bus (its pin beside it, for
// as long as the track lasts) and ends when the bus passes the stop, offering the next one; a
// rider who said where they get off hears once that their stop is next (when the bus leaves the
// stop before it) and once that they are there, in their language, across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { LIVE_ROUND_MS } from '../../../src/pushes/timer.js';
import { buttonsOf, type RecordedCall } from '../../chat/telegram/fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from '../../chat/telegram/harness.js';
import { capturingLogger } from '../fakes.js';

const KEY = 'track-e2e-key';
// Wednesday 18 Nov 2026, 08:00 in Ottawa.
const START = '2026-11-18T13:00:00Z';
const clock = fixedClock(START);
const root = mkdtempSync(join(tmpdir(), 'arrivals-track-'));
let sim: SimServer;
let transit: GtfsSource;

beforeAll(async () => {
  sim = await startSimServer({ now: clock, apiKey: KEY });
  transit = await createGtfsSource({
    schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
    tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
    vehiclePositions: { kind: 'url', url: `${sim.url}/gtfs-rt/vehicle-positions` },
    headers: { 'Ocp-Apim-Subscription-Key': KEY },
    refreshSeconds: 30,
    dataDir: join(root, 'feed'),
    now: clock,
    logger: capturingLogger().logger,
  });
  expect(await transit.refreshSchedule()).toBe('imported');
});
afterAll(async () => {
  await transit.close();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

/** The bot's pushes on a store: the core and the live rounds (the adapter's editor and notifier). */
function pushesOn(store: Store, h: Harness) {
  const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [h.telegram.liveEditor],
    budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
    notifiers: [h.telegram.notifier],
    clock,
    intervalMs: LIVE_ROUND_MS,
    instanceId: 'test',
    logger: capturingLogger().logger,
    sleep: (ms) => Promise.resolve(void clock.advance(ms)),
  });
  return { core, updater };
}

const to = (user: typeof ALICE) => (c: RecordedCall) => String(c.params.chat_id) === String(user.id);
const messageId = (call: RecordedCall) => (call.answer as { message_id: number }).message_id;

describe('🚌 on Telegram, on the demo network', () => {
  let h: Harness;
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ dataDir: join(root, 'store') });
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    h = await startHarness({ core, clock, liveMessages: store.liveMessages });
  });
  afterAll(async () => {
    await h.close();
    await store.close().catch(() => undefined);
  });

  it('one message follows the trip with its pin until it passes the stop; 🛎 says the stop is next once, then that the rider is there; a restart keeps both', async () => {
    let pushes = pushesOn(store, h);
    // Alice: the route's next bus at 3017 (07:35 to Barrhaven, a stop away: its last stop here).
    h.text('/track 3017 95', ALICE);
    const aliceCard = await h.api.waitForCall('sendMessage', to(ALICE));
    const aliceText = String(aliceCard.params.text);
    expect(aliceText).toContain('🚌 95 to Barrhaven Centre');
    expect(aliceText).toMatch(/6 min \(08:06\) to BASELINE \(3017\) 📡/);
    expect(aliceText).toContain('1 stop away');
    expect(aliceText).toMatch(/https:\/\/www\.openstreetmap\.org\/\?mlat=45\.\d+&amp;mlon=-75\.\d+/);
    expect(buttonsOf(aliceCard).map((b) => b.text)).toEqual(['🛎 Get off at…']);
    const alicePin = await h.api.waitForCall('sendLocation', to(ALICE));
    expect(alicePin.params.live_period).toBe(0x7fffffff);

    // The same trip again: no second message, the rider pointed to the one kept.
    h.text('/track 3017 95', ALICE);
    const again = await h.api.waitForCall('sendMessage', (c) => to(ALICE)(c) && c !== aliceCard);
    expect(String(again.params.text)).toBe('🚌 You already follow this 95: the message above is kept up to date.');
    expect(again.params.reply_parameters).toMatchObject({ message_id: messageId(aliceCard) });

    // Benoît (French): the 08:06 towards Orléans (Trim), waiting at 3017, its first stop; then 🛎 and LAURIER.
    h.text('/suivre 3017 95 0806', BENOIT);
    const card = await h.api.waitForCall('sendMessage', to(BENOIT));
    expect(String(card.params.text)).toMatch(/🚌 95 vers Trim<\/b>\n+7 min \(08:07\) jusqu'à BASELINE \(3017\) 📡/);
    h.press(buttonsOf(card).find((b) => b.text === '🛎 Descendre à…')!.callback_data, { chatId: BENOIT.id, messageId: messageId(card) }, BENOIT);
    const choices = await h.api.waitForCall('sendMessage', (c) => to(BENOIT)(c) && c !== card);
    expect(String(choices.params.text)).toBe('🛎 Où descendez-vous du 95 ?');
    const stops = buttonsOf(choices).map((b) => b.text);
    // The stops after 3017 on the trip's way, in order (towards Orléans, never Barrhaven's).
    expect(stops.slice(0, 3)).toEqual(['🛎 LINCOLN FIELDS 1A (3014)', '🛎 WESTBORO 1A (3012)', "🛎 TUNNEY'S PASTURE 1A (3011)"]);
    h.press(
      buttonsOf(choices).find((b) => b.text === '🛎 LAURIER 1A (3020)')!.callback_data,
      { chatId: BENOIT.id, messageId: messageId(choices) },
      BENOIT,
    );
    const set = await h.api.waitForCall('sendMessage', (c) => to(BENOIT)(c) && c !== card && c !== choices);
    expect(String(set.params.text)).toContain('🛎 Descente à LAURIER');
    expect(set.params.reply_parameters).toMatchObject({ message_id: messageId(card) });
    const before = { alice: h.api.callsOf('sendMessage').filter(to(ALICE)).length, benoit: h.api.callsOf('sendMessage').filter(to(BENOIT)).length };

    // Half-minute rounds for 35 minutes; the pushes restart on the same store after 15.
    const edits = (user: typeof ALICE, id: number) =>
      h.api
        .callsOf('editMessageText')
        .filter((c) => to(user)(c) && Number(c.params.message_id) === id)
        .map((c) => String(c.params.text));
    // Each round: whether Benoît's 08:06 is still to come at MACKENZIE KING (3000), the stop before LAURIER.
    const beforeLaurier: boolean[] = [];
    const noticesAt: number[] = [];
    for (let round = 0; round < 70; round++) {
      clock.advance(LIVE_ROUND_MS);
      const board = await transit.nextTrips('3000', '95');
      beforeLaurier.push(board.routes.some((r) => r.trips.some((t) => t.startTime === '08:06')));
      if (round === 30) {
        await store.close();
        store = await openStore({ dataDir: join(root, 'store') });
        pushes = pushesOn(store, h);
      }
      const sent = h.api.callsOf('sendMessage').filter(to(BENOIT)).length;
      await pushes.updater.round();
      for (let n = h.api.callsOf('sendMessage').filter(to(BENOIT)).length; n > sent; n--) noticesAt.push(round);
    }

    // Alice's message followed the bus, then ended once it passed, offering the next one; its pin stopped.
    const aliceEdits = edits(ALICE, messageId(aliceCard));
    expect(aliceEdits.length).toBeGreaterThan(2);
    expect(aliceEdits.some((t) => /[1-5] min \(08:0\d\) to BASELINE/.test(t))).toBe(true);
    expect(aliceEdits.at(-1)).toBe('🚌 No longer followed: the 95 has passed your stop (3017).');
    const lastAlice = h.api
      .callsOf('editMessageText')
      .filter((c) => to(ALICE)(c) && Number(c.params.message_id) === messageId(aliceCard))
      .at(-1)!;
    expect(buttonsOf(lastAlice).map((b) => b.text)).toEqual([expect.stringMatching(/^🚌 Follow the next one · \d+ min$/)]);
    expect(
      h.api
        .callsOf('stopMessageLiveLocation')
        .filter(to(ALICE))
        .map((c) => c.params.message_id),
    ).toEqual([messageId(alicePin)]);

    // Benoît's: the minutes to BASELINE, then aboard, to LAURIER; the two notices once each, in French, in order.
    const benoitEdits = edits(BENOIT, messageId(card));
    expect(benoitEdits.some((t) => t.includes("jusqu'à votre arrêt LAURIER (3020)"))).toBe(true);
    expect(benoitEdits.at(-1)).toBe('🚌 Plus suivi : vous êtes à votre arrêt.');
    const notices = h.api
      .callsOf('sendMessage')
      .filter(to(BENOIT))
      .slice(before.benoit)
      .map((c) => String(c.params.text));
    expect(notices).toEqual(['🛎 Votre arrêt est le prochain : LAURIER (3020)', '🛎 Vous êtes à votre arrêt : LAURIER (3020). Descendez ici.']);
    // "Next" the first round the bus is no longer to come at the stop before (it left MACKENZIE KING).
    const next = noticesAt[0]!;
    expect(beforeLaurier[next - 1]).toBe(true);
    expect(beforeLaurier[next]).toBe(false);
    expect(noticesAt[1]).toBeGreaterThan(next);
    expect(h.api.callsOf('sendMessage').filter(to(ALICE)).slice(before.alice)).toEqual([]);
    // Nothing left to follow.
    expect(await store.liveMessages.list('telegram')).toEqual([]);
  }, 120_000);

  it('ends saying the trip was cancelled, with a button to follow the next one, and stops its pin', async () => {
    // The bot as it started again on the store the first test reopened.
    await h.close();
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    h = await startHarness({ core, clock, liveMessages: store.liveMessages });
    const pushes = pushesOn(store, h);
    // The second bus towards Trim at 3017 now, by its start.
    const board = await transit.nextTrips('3017', '95');
    const trim = board.routes.find((r) => r.heading === 'Trim')!.trips.filter((t) => t.position !== undefined);
    const start = trim[1]!.startTime.replace(':', '');
    h.text(`/track 3017 95 ${start}`, ALICE);
    const card = await h.api.waitForCall('sendMessage', (c) => to(ALICE)(c) && String(c.params.text).includes('🚌 95 to Trim'));
    const pin = await h.api.waitForCall('sendLocation', (c) => to(ALICE)(c) && c.params.live_period === 0x7fffffff && messageId(c) > messageId(card));
    for (let i = 0; i < 100 && (await store.liveMessages.list('telegram')).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    try {
      sim.setTripChanges({ cancelled: [`95-eastbound-weekday-${start}`] });
      clock.advance(31_000);
      await pushes.updater.round();
      const last = h.api
        .callsOf('editMessageText')
        .filter((c) => to(ALICE)(c) && Number(c.params.message_id) === messageId(card))
        .at(-1)!;
      expect(String(last.params.text)).toBe('🚌 No longer followed: this 95 was cancelled.');
      expect(buttonsOf(last).map((b) => b.text)).toEqual([expect.stringMatching(/^🚌 Follow the next one · \d+ min$/)]);
      expect(buttonsOf(last)[0]!.callback_data).toMatch(/^2:r:track:3017:95:\d{4}/);
      expect(
        h.api
          .callsOf('stopMessageLiveLocation')
          .filter(to(ALICE))
          .map((c) => c.params.message_id),
      ).toContain(messageId(pin));
      expect(await store.liveMessages.list('telegram')).toEqual([]);
    } finally {
      sim.setTripChanges({});
    }
  }, 60_000);
});
