// End to end on the demo network, whose buses move with the clock: a rider saves home by sharing
// a location in Telegram (grammY -> real HTTP -> the fake Bot API), asks /leave 3017 95, presses
// "to Orléans", and the scheduler, minute by minute, pushes "Leave now" once: when the bus is as
// far as the walk plus the early edge of its prediction's band. When the prediction moves, the
// push moves with it; a bus the rider can no longer make is said so, with the next one.
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
import type { TransitSource } from '../../../src/domain/transit-source.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { leaveAheadSeconds, walkSeconds } from '../../../src/domain/walking.js';
import { buttonsOf } from '../../chat/telegram/fake-bot-api.js';
import { ALICE, BENOIT, startHarness } from '../../chat/telegram/harness.js';
import { capturingLogger, testSettings } from '../fakes.js';
import { createAlertMetrics } from '../../../src/ops/metrics/alert-metrics.js';

// Wednesday 18 Nov 2026, 08:00 in Ottawa.
const clock = fixedClock('2026-11-18T13:00:00Z');
const root = mkdtempSync(join(tmpdir(), 'arrivals-leave-now-'));
let runs = 0;
let sim: SimServer;

beforeAll(async () => {
  sim = await startSimServer({ now: clock });
});
afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

/** Moves the predictions of the 95's trips at 3017 by `shift()` minutes (a bus running late or early). */
function shifted(transit: TransitSource, shift: () => number): TransitSource {
  const move = (arrivals: StopArrivals): StopArrivals => {
    const by = shift();
    if (by === 0) return arrivals;
    return {
      ...arrivals,
      routes: arrivals.routes.map((r) =>
        r.routeNo !== '95'
          ? r
          : {
              ...r,
              trips: r.trips.map((t) => ({
                ...t,
                minutesAway: t.minutesAway + by,
                ...(t.at !== undefined ? { at: new Date(t.at.getTime() + by * 60_000) } : {}),
              })),
            },
      ),
    };
  };
  return Object.assign(Object.create(transit) as TransitSource, {
    nextTripsAllRoutes: async (stopNo: string) => move(await transit.nextTripsAllRoutes(stopNo)),
    nextTrips: async (stopNo: string, routeNo: string) => move(await transit.nextTrips(stopNo, routeNo)),
  });
}

interface Run {
  start: string;
  from: typeof ALICE;
  /** Typed, in order, before /leave (a place, a pace). */
  setup: (h: Awaited<ReturnType<typeof startHarness>>) => Promise<void>;
  leave: string;
  towards: string;
  /** Minutes the 95's predictions move by, at each minute of the hour. */
  shift?: (minute: number) => number;
  minutes?: number;
  /** Typed by others after /leave is set (another chat's questions). */
  others?: (h: Awaited<ReturnType<typeof startHarness>>) => Promise<void>;
}

async function riderLeaves(run: Run) {
  clock.set(run.start);
  const store = await openStore({ dataDir: join(root, `run-${++runs}`) });
  let minute = 0;
  const demo = createTransitClient({
    baseUrl: sim.url,
    appId: DEMO_APP_ID,
    apiKey: DEMO_API_KEY,
    now: clock,
    cacheTtlMs: { nextTrips: 0, routeSummary: 0 },
  });
  const transit = shifted(demo, () => run.shift?.(minute) ?? 0);
  const { logger, lines } = capturingLogger();
  const core = createBotCore({
    transit,
    chats: store.chats,
    savedStops: store.savedStops,
    subscriptions: store.subscriptions,
    places: store.places,
    now: clock,
    logger,
  });
  const h = await startHarness({ core, clock });
  const metrics = createAlertMetrics({ now: () => clock().getTime() });
  const scheduler = startPushes({
    metrics,
    core,
    store,
    transit,
    notifiers: [h.telegram.notifier],
    chatTypeOf,
    settings: testSettings(),
    clock,
    logger,
    timer: false,
  });
  const toChat = () => h.api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === String(run.from.id));
  await run.setup(h);
  const before = toChat().length;
  h.text(run.leave, run.from);
  const asked = await h.api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === String(run.from.id) && toChat().indexOf(c) >= before);
  const way = buttonsOf(asked).find((b) => b.text === run.towards);
  if (way === undefined) throw new Error(`no ${run.towards} under: ${String(asked.params.text)}`);
  h.press(way.callback_data, { chatId: run.from.id, messageId: (asked.answer as { message_id: number }).message_id }, run.from);
  const done = await h.api.waitForCall(
    'sendMessage',
    (c) => String(c.params.chat_id) === String(run.from.id) && toChat().indexOf(c) > toChat().indexOf(asked),
  );
  await run.others?.(h);
  const seen: Array<{ at: string; orleans: number[] }> = [];
  const pushes: Array<{ at: string; text: string; orleans: number[] }> = [];
  for (minute = 0; minute < (run.minutes ?? 40); minute++) {
    clock.set(Date.parse(run.start) + minute * 60_000);
    const board = await transit.nextTrips('3017', '95');
    const orleans = board.routes.filter((r) => r.heading === 'Orléans').flatMap((r) => r.trips.map((t) => t.minutesAway));
    seen.push({ at: clock().toISOString(), orleans });
    const sent = toChat().length;
    await scheduler.tick();
    await scheduler.tick.settled();
    for (const call of toChat().slice(sent)) pushes.push({ at: clock().toISOString(), text: String(call.params.text), orleans });
  }
  const exported = await metrics.registry.metrics();
  const subs = await store.subscriptions.list({ platform: 'telegram', chatId: String(run.from.id) });
  await scheduler.stop();
  await h.close();
  await store.close();
  return { asked, done: String(done.params.text), seen, pushes, subs, lines, h, exported };
}

// Home, 512 m north of BASELINE STATION (3017) as the crow flies: an 8 min walk at 5 km/h.
const HOME = { lat: 45.35238, lon: -75.761208 };

async function saveHomeByLocation(h: Awaited<ReturnType<typeof startHarness>>, from = ALICE): Promise<void> {
  h.text('/place home', from);
  const share = await h.api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === String(from.id));
  expect(String(share.params.text)).toMatch(/share your location|partagez|comparta/i);
  h.location(HOME.lat, HOME.lon, from);
  await h.api.waitForCall(
    'sendMessage',
    (c) => String(c.params.chat_id) === String(from.id) && /Saved "home"|« home » enregistré|«home» guardado/.test(String(c.params.text)),
  );
}

describe('leave now on the demo network', () => {
  it('pushes once, at the walk plus the band before the predicted time of the Orléans bus', async () => {
    const { done, seen, pushes, subs } = await riderLeaves({
      start: '2026-11-18T13:01:00Z',
      from: ALICE,
      setup: (h) => saveHomeByLocation(h),
      leave: '/leave 3017 95',
      towards: 'to Orléans',
    });
    expect(done).toMatch(/set: when to leave home for 95 to Orléans at 3017 \(8 min walk\), 08:01-10:01, Wed\. Next: today until 10:01\./);
    expect(done).toContain(
      "You can't make the 95 to Orléans at 08:07 any more: it's a 8 min walk from home. The next you can catch comes at 08:14 (tracked): leave by 08:05.",
    );
    // A one-shot: gone once sent.
    expect(subs).toEqual([]);
    const walk = walkSeconds(HOME, { lat: 45.347771, lon: -75.761208 }, 'normal');
    expect(Math.round(walk / 60)).toBe(8);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push!.text).toMatch(/^🚶 Leave now for the 95 to Orléans at \d\d:\d\d \(tracked\), \d+ min walk from home to BASELINE STATION \(3017\)\./);
    // Fired at the first minute the bus was no farther than the walk and its band's early edge, not before.
    const i = seen.findIndex((s) => s.at === push!.at);
    const bus = push!.orleans.find((m) => m * 60 >= leaveAheadSeconds(walk, m * 60) - 90)!;
    expect(bus * 60).toBeLessThanOrEqual(leaveAheadSeconds(walk, bus * 60));
    const earlier = seen[i - 1]!.orleans.find((m) => m >= bus)!;
    expect(earlier * 60).toBeGreaterThan(leaveAheadSeconds(walk, earlier * 60));
  }, 60_000);

  it('moves when the prediction moves: a bus running 4 min late is announced 4 min later', async () => {
    const on = await riderLeaves({
      start: '2026-11-18T13:01:00Z',
      from: ALICE,
      setup: (h) => {
        h.text('/place home 45.35238,-75.761208', ALICE);
        return h.api.waitForCall('sendMessage', (c) => /Saved "home"/.test(String(c.params.text))).then(() => undefined);
      },
      leave: '/leave 3017 95',
      towards: 'to Orléans',
    });
    const late = await riderLeaves({
      start: '2026-11-18T13:01:00Z',
      from: ALICE,
      setup: (h) => {
        h.text('/place home 45.35238,-75.761208', ALICE);
        return h.api.waitForCall('sendMessage', (c) => /Saved "home"/.test(String(c.params.text))).then(() => undefined);
      },
      leave: '/leave 3017 95',
      towards: 'to Orléans',
      // The bus runs late from the fourth minute on.
      shift: (minute) => (minute >= 3 ? 4 : 0),
    });
    expect(on.pushes).toHaveLength(1);
    expect(late.pushes).toHaveLength(1);
    expect(Date.parse(late.pushes[0]!.at) - Date.parse(on.pushes[0]!.at)).toBe(4 * 60_000);
    const clockOf = (text: string) => /at (\d\d:\d\d)/.exec(text)![1]!;
    const [h1, m1] = clockOf(on.pushes[0]!.text).split(':').map(Number) as [number, number];
    const [h2, m2] = clockOf(late.pushes[0]!.text).split(':').map(Number) as [number, number];
    expect(h2 * 60 + m2 - (h1 * 60 + m1)).toBe(4);
  }, 60_000);

  it('says when the next bus can no longer be made, and a bus predicted earlier past its moment gives way to the next (French)', async () => {
    const { done, pushes } = await riderLeaves({
      start: '2026-11-18T13:01:00Z',
      from: BENOIT,
      setup: (h) => saveHomeByLocation(h, BENOIT),
      leave: '/partir 3017 95',
      towards: 'vers Orléans',
      // A minute before its leave time, the bus is predicted 3 min earlier.
      shift: (minute) => (minute >= 3 ? -3 : 0),
    });
    // 08:01: the 08:07 is 6 min away, less than the walk and its band; the 08:14 is watched.
    expect(done).toContain(
      '🚶 Vous ne pouvez plus attraper le 95 vers Orléans de 08:07 : home est à 8 min de marche. Le prochain que vous pouvez attraper passe à 08:14 (suivi en direct) : partez avant 08:05.',
    );
    // 08:04: the 08:14 is predicted at 08:11, too near to be made; the one after is announced instead.
    expect(pushes.map((p) => [p.at, p.text])).toEqual([
      [
        '2026-11-18T13:05:00.000Z',
        '🚶 Partez maintenant pour le 95 vers Orléans de 08:14 (suivi en direct), 8 min de marche de home à BASELINE STATION (3017).',
      ],
    ]);
  }, 60_000);

  it("keeps a rider's place to their chat: in no log line, no metric, no other chat's reply", async () => {
    const toBenoit: string[] = [];
    const { pushes, lines, exported, h } = await riderLeaves({
      start: '2026-11-18T13:01:00Z',
      from: ALICE,
      setup: (h) => saveHomeByLocation(h),
      leave: '/leave 3017 95 from home',
      towards: 'to Orléans',
      others: async (h) => {
        for (const typed of ['/place', '/leave 3017 95', '/leave 3017 95 from home', '/subs']) {
          const before = h.api.callsOf('sendMessage').length;
          h.text(typed, BENOIT);
          const answer = await h.api.waitForCall(
            'sendMessage',
            (c) => String(c.params.chat_id) === String(BENOIT.id) && h.api.callsOf('sendMessage').indexOf(c) >= before,
          );
          toBenoit.push(String(answer.params.text));
        }
      },
    });
    expect(pushes).toHaveLength(1);
    expect(toBenoit).toEqual([
      'Aucun lieu enregistré ici. Enregistrez-en un avec /lieu maison, puis partagez votre position.',
      "D'où partez-vous ? Enregistrez d'abord un lieu : /lieu home, puis partagez votre position.",
      "D'où partez-vous ? Enregistrez d'abord un lieu : /lieu home, puis partagez votre position.",
      expect.not.stringContaining('home'),
    ]);
    // Where home is, in any form a number takes: nowhere but in the store.
    const secrets = ['45.352', '45,352', '75.761', '75,761'];
    const everywhere = [JSON.stringify(lines), exported, JSON.stringify(h.api.callsOf('sendMessage').map((c) => c.params))];
    for (const text of everywhere) for (const secret of secrets) expect(text).not.toContain(secret);
  }, 60_000);

  it('offers a 🚶 per way under arrivals once the chat has a place, which sets the alert for that way', async () => {
    clock.set('2026-11-18T13:01:00Z');
    const store = await openStore({ dataDir: join(root, `run-${++runs}`) });
    const transit = createTransitClient({ baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, now: clock });
    const core = createBotCore({
      transit,
      chats: store.chats,
      savedStops: store.savedStops,
      subscriptions: store.subscriptions,
      places: store.places,
      now: clock,
    });
    const h = await startHarness({ core, clock });
    const toAlice = (n: number) =>
      h.api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === String(ALICE.id) && h.api.callsOf('sendMessage').indexOf(c) >= n);
    let n = h.api.callsOf('sendMessage').length;
    h.text('/next 3017 95', ALICE);
    const before = await toAlice(n);
    expect(buttonsOf(before).filter((b) => b.text.startsWith('🚶'))).toEqual([]);
    n = h.api.callsOf('sendMessage').length;
    h.text('/place home 45.35238,-75.761208', ALICE);
    await toAlice(n);
    n = h.api.callsOf('sendMessage').length;
    h.text('/next 3017 95', ALICE);
    const board = await toAlice(n);
    const walks = buttonsOf(board).filter((b) => b.text.startsWith('🚶'));
    expect(walks.map((b) => b.text)).toEqual(['🚶 95', '🚶 95']);
    n = h.api.callsOf('sendMessage').length;
    h.press(walks[0]!.callback_data, { chatId: ALICE.id, messageId: (board.answer as { message_id: number }).message_id }, ALICE);
    const set = await toAlice(n);
    expect(String(set.params.text)).toMatch(/^Alert \w{4} set: when to leave home for 95 to Orléans at 3017 \(8 min walk\)/);
    await h.close();
    await store.close();
  }, 60_000);
});
