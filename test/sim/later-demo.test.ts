import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore, type BotCore } from '../../src/core/index.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createTransitClient } from '../../src/sources/octranspo-v12/index.js';
import { createGtfsSource, type GtfsSource } from '../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { readFeed } from '../../src/sim/gtfs/feed.js';
import { expandTrips } from '../../src/sim/gtfs/expand.js';
import { gtfsClock } from '../../src/gtfs-format/service-time.js';
import { memoryStores, privateChat } from '../core/fakes.js';
import { capturingLogger, tempDir } from '../sources/gtfs/helpers.js';
import { AT } from './helpers.js';

// Later times on the demo network. Its v1.2 API knows only the next trips: asked for tomorrow, the
// bot says plainly it cannot answer. Its GTFS twin (the zip the demo server serves, which `npm
// start` reads for later times as for its maps) answers from the schedule: route 95 at BASELINE
// (3017) tomorrow, compared with the network's own timetable (src/sim/network, its frequency
// templates expanded by the simulator's code, not the GTFS source's), and its last trip, past midnight.

const NETWORK = fileURLToPath(new URL('../../src/sim/network/', import.meta.url));
const KEY = 'later-demo-key-0000';

/** Route 95's weekday calls at 3017's platforms, per direction, as HH:MM of the service day. */
function weekdayTimes(): Map<number, string[]> {
  const feed = readFeed(NETWORK);
  const platforms = new Set(feed.stops.filter((s) => s.stop_code === '3017').map((s) => s.stop_id));
  const times = new Map<number, number[]>();
  for (const trip of expandTrips(feed.trips, feed.stop_times, feed.frequencies)) {
    if (trip.routeId !== '95-184' || trip.serviceId !== 'WEEKDAY') continue;
    for (const call of trip.calls)
      if (platforms.has(call.stopId)) times.set(trip.directionId, [...(times.get(trip.directionId) ?? []), call.seconds]);
  }
  return new Map([...times].map(([direction, seconds]) => [direction, seconds.sort((a, b) => a - b).map(gtfsClock)]));
}

describe('later times on the demo network', () => {
  // Tuesday 24 November 2026, 08:00 in Ottawa.
  const now = fixedClock(AT.weekdayMorning);
  const dir = tempDir();
  let sim: SimServer;
  let twin: GtfsSource;
  let core: BotCore;

  beforeAll(async () => {
    sim = await startSimServer({ now, apiKey: KEY });
    twin = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      dataDir: dir.path,
      now,
      logger: capturingLogger().logger,
    });
    expect(await twin.refreshSchedule()).toBe('imported');
    core = createBotCore({ transit: twin, ...memoryStores(), now });
  });
  afterAll(async () => {
    await twin.close();
    await sim.close();
    dir.remove();
  });

  it("the v1.2 API says plainly that it cannot answer for tomorrow, in the rider's language", async () => {
    const v12 = createTransitClient({
      baseUrl: sim.url,
      appId: 'arrivals-demo',
      apiKey: KEY,
      timeoutMs: 5000,
      retryDelayMs: 1,
      cacheTtlMs: { nextTrips: 0, routeSummary: 0, gtfs: 0 },
    });
    const bot = createBotCore({ transit: v12, ...memoryStores(), now });
    const en = (await bot.handleText('/next 3017 95 tomorrow', privateChat()))!;
    expect(en.kind).toBe('failure');
    expect(renderPlainText(en)).toBe('This transit service gives only the next trips: it cannot answer for a later time or another day.');
    const fr = renderPlainText((await bot.handleText('/prochain 3017 95 demain à 7h', privateChat({ chatId: 'fr', languageCode: 'fr' })))!);
    expect(fr).toContain('ne donne que les prochains passages');
    const es = renderPlainText((await bot.handleText('/proxima 3017 95 mañana', privateChat({ chatId: 'es', languageCode: 'es' })))!);
    expect(es).toContain('solo da las próximas salidas');
    // Its next trips still answer as before.
    expect((await bot.handleText('/next 3017 95', privateChat()))!.kind).toBe('answer');
  });

  it("/next 3017 95 tomorrow: Wednesday's first four trips each way, as the network's timetable has them", async () => {
    const expected = weekdayTimes();
    const reply = (await core.handleText('/next 3017 95 tomorrow', privateChat()))!;
    expect(reply.title).toBe('Route 95 at BASELINE (3017), Wed, Nov 25');
    const lines = reply.blocks.map((b) => b.lines.map((l) => l.slice(0, 5)));
    expect(lines).toEqual([expected.get(0)!.slice(0, 4), expected.get(1)!.slice(0, 4)]);
    expect(reply.footer).toContain('🕒 scheduled');
  });

  it('/next 3017 95 at 07:00 (already past today: tomorrow): the trips from 07:00', async () => {
    const expected = weekdayTimes();
    const reply = (await core.handleText('/next 3017 95 at 07:00', privateChat()))!;
    expect(reply.title).toBe('Route 95 at BASELINE (3017), Wed, Nov 25 from 07:00');
    const from = (direction: number) =>
      expected
        .get(direction)!
        .filter((t) => t >= '07:00')
        .slice(0, 4);
    expect(reply.blocks.map((b) => b.lines.map((l) => l.slice(0, 5)))).toEqual([from(0), from(1)]);
  });

  it("/next 3017 95 last: tonight's last trips, the eastbound one at 01:00 on Wednesday", async () => {
    const expected = weekdayTimes();
    const reply = (await core.handleText('/next 3017 95 last', privateChat()))!;
    expect(reply.title).toBe('Route 95 at BASELINE (3017), Tue, Nov 24, last buses');
    const text = renderPlainText(reply);
    expect(expected.get(0)!.at(-1)).toBe('25:00');
    expect(text).toContain('01:00 Wed 🕒 · last bus');
    expect(reply.buttons).toEqual([]);
  });
});
