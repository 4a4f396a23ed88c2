import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore, type BotCore } from '../../../src/core/index.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import type { GtfsSource } from '../../../src/sources/gtfs/source.js';
import type { LaterTrips } from '../../../src/domain/later-trips.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { fileSource, fixture, tempDir } from './helpers.js';

// Later times on a real capture: Caltrain's static GTFS (test/fixtures/gtfs-rt/caltrain-gtfs.zip),
// at the capture's instant, Tuesday 7 November 2023, 17:05:34 in San Francisco. The expected times
// were read by hand from its stop_times.txt, stop 70021 (22nd Street, northbound), route L1 on the
// weekday service 72982: first 5:55:00 (trip 101), 6:44:00, 7:24:00, 8:24:00, 9:24:00, 10:25:00,
// 11:25:00; last 22:45:00,
// 23:15:00, 24:03:00 (trip 143), 24:46:00 (trip 145: Wednesday 00:46). Route L2 on the weekend
// service 72981: first 8:50:00 (221), 10:46:00, 11:46:00, 12:46:00.
const CLOCK_START = '2023-11-07T17:05:34-08:00';

const clocks = (later: LaterTrips) =>
  later.arrivals.routes.flatMap((r) =>
    r.trips.map((t) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Los_Angeles',
        hourCycle: 'h23',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(t.at),
    ),
  );

describe('later trips from a GTFS schedule (Caltrain)', () => {
  const dir = tempDir();
  let source: GtfsSource;
  let now: Awaited<ReturnType<typeof fileSource>>['now'];
  let core: BotCore;

  beforeAll(async () => {
    ({ source, now } = await fileSource(dir.path, fixture('caltrain-gtfs.zip'), undefined, CLOCK_START));
    expect(await source.refreshSchedule()).toBe('imported');
    core = createBotCore({ transit: source, ...memoryStores(), now, stops: source.stops });
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it("tomorrow: Wednesday's first four L1 trains, scheduled, on the Pacific clock", async () => {
    const later = (await source.laterTrips!('70021', 'L1', { day: 'tomorrow' }))!;
    expect(later.serviceDate).toBe('2023-11-08');
    expect(clocks(later)).toEqual(['Wed 05:55', 'Wed 06:44', 'Wed 07:24', 'Wed 08:24']);
    expect(later.arrivals.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled')).toBe(true);
  });

  it("last: Tuesday's service day, its trains past midnight included, the last marked", async () => {
    const later = (await source.laterTrips!('70021', 'L1', { end: 'last' }))!;
    expect(later.serviceDate).toBe('2023-11-07');
    expect(clocks(later)).toEqual(['Tue 22:45', 'Tue 23:15', 'Wed 00:03', 'Wed 00:46']);
    expect(later.arrivals.routes[0]!.trips.map((t) => t.lastTrip)).toEqual([false, false, false, true]);
    const board = renderPlainText((await core.handleText('/next 70021 L1 last', privateChat()))!);
    expect(board).toContain('Route L1 at 22nd Street Caltrain Station (70021), Tue, Nov 7, last trains');
    expect(board).toContain('00:46 Wed 🕒 · last train');
    expect(board).not.toMatch(/\bmin\b/);
  });

  it('at 00:20 on Wednesday, "last" is still Tuesday\'s service (its 00:46 to come)', async () => {
    const at = now();
    now.set('2023-11-08T00:20:00-08:00');
    try {
      const later = (await source.laterTrips!('70021', 'L1', { end: 'last' }))!;
      expect(later.serviceDate).toBe('2023-11-07');
      expect(clocks(later).at(-1)).toBe('Wed 00:46');
    } finally {
      now.set(at);
    }
  });

  it('at 23:00: the trains after it, across midnight into Wednesday morning', async () => {
    const later = (await source.laterTrips!('70021', 'L1', { at: 23 * 60 }))!;
    expect(later.serviceDate).toBe('2023-11-07');
    expect(clocks(later)).toEqual(['Tue 23:15', 'Wed 00:03', 'Wed 00:46', 'Wed 05:55']);
  });

  it("at 00:30, already past today: Wednesday 00:30, where Tuesday's 24:46 comes first", async () => {
    const later = (await source.laterTrips!('70021', 'L1', { at: 30 }))!;
    expect(later.serviceDate).toBe('2023-11-08');
    expect(clocks(later)).toEqual(['Wed 00:46', 'Wed 05:55', 'Wed 06:44', 'Wed 07:24']);
  });

  it("saturday: the weekend service's first L2 trains; the weekday-only L1 has none", async () => {
    const later = (await source.laterTrips!('70021', undefined, { day: { weekday: 6 } }))!;
    expect(later.serviceDate).toBe('2023-11-11');
    const l2 = later.arrivals.routes.find((r) => r.routeNo === 'L2')!;
    expect(
      l2.trips.map(
        (t) =>
          t.startTime !== '' &&
          new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(t.at),
      ),
    ).toEqual(['08:50', '10:46', '11:46', '12:46']);
    expect(later.arrivals.routes.find((r) => r.routeNo === 'L1')?.trips ?? []).toEqual([]);
  });

  it("first, once today's first train has gone: tomorrow's", async () => {
    const later = (await source.laterTrips!('70021', 'L1', { end: 'first' }))!;
    expect(later.serviceDate).toBe('2023-11-08');
    expect(clocks(later)[0]).toBe('Wed 05:55');
  });

  it('"/next palo alto last": the stops of that name offered, each button asking for the last trains', async () => {
    const reply = (await core.handleText('/next palo alto last', privateChat()))!;
    const buttons = reply.buttons!.flat();
    expect(buttons.map((b) => b.command.options.stop)).toContain('70171');
    expect(buttons.every((b) => b.command.options.when === 'last')).toBe(true);
  });

  it('refuses a route that does not stop there, as /next does', async () => {
    await expect(source.laterTrips!('70021', 'NOPE', { day: 'tomorrow' })).rejects.toMatchObject({ kind: 'unknown-route' });
  });

  it('answers "/prochain 70021 L1 demain à 7h" in French, from 07:00, with "Plus tard →" for the next page', async () => {
    const chat = privateChat({ chatId: 'fr-rider', languageCode: 'fr' });
    const reply = (await core.handleText('/prochain 70021 L1 demain à 7h', chat))!;
    const text = renderPlainText(reply);
    expect(reply.title).toBe('Circuit L1 à 22nd Street Caltrain Station (70021), mer. 8 nov. à partir de 07:00');
    expect(text).toContain('07:24 🕒');
    expect(text).not.toContain('06:44');
    const later = reply.buttons!.flat().find((b) => b.label === 'Plus tard →')!;
    // 07:24, 08:24, 09:24, 10:25 shown: the next page from 10:26.
    expect(later.command.options).toEqual({ stop: '70021', route: 'L1', when: '2023-11-08 10:26' });
    const page = renderPlainText(await core.run(later.command, chat));
    expect(page).toContain('à partir de 10:26');
    expect(page).toContain('11:25 🕒');
    expect(page).not.toContain('10:25');
  });
});
