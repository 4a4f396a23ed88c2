import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushes, type Pushes } from '../../../src/pushes/start-pushes.js';
import { createBotCore, type BotCore } from '../../../src/core/index.js';
import { renderPlainText } from '../../../src/chat/console/render.js';
import type { GtfsSource } from '../../../src/sources/gtfs/source.js';
import { capturingLogger as alertLogger, memoryClaims, recordingNotifier, testSettings } from '../../pushes/fakes.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { fileSource, fixture, tempDir } from './helpers.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';

// The Caltrain replay through the whole core, as `GTFS_URL=... CLOCK_START=...` runs it: every
// word the bot says of stops, and every alert time, is Caltrain's (five-digit stop codes, the
// Pacific clock), never OC Transpo's. The capture's own instant: Tuesday 7 November 2023,
// 17:05:34 in San Francisco (01:05:34 UTC on Wednesday; 20:05 in Toronto).
const CLOCK_START = '2023-11-07T17:05:34-08:00';

describe('a Caltrain deployment', () => {
  const dir = tempDir();
  let source: GtfsSource;
  let now: Awaited<ReturnType<typeof fileSource>>['now'];
  let core: BotCore;
  let stores: ReturnType<typeof memoryStores>;

  beforeAll(async () => {
    ({ source, now } = await fileSource(dir.path, fixture('caltrain-gtfs.zip'), fixture('caltrain-trip-updates.pb'), CLOCK_START));
    expect(await source.refreshSchedule()).toBe('imported');
    stores = memoryStores();
    core = createBotCore({ transit: source, ...stores, now, stops: source.stops });
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('names Caltrain and its own stop codes in /help, in both languages', async () => {
    const { stop, route } = source.profile().examples;
    expect(source.identifiers.readStop(stop).ok).toBe(true);
    const help = renderPlainText((await core.handleText('/help', privateChat({ chatId: 'en-rider' })))!);
    expect(help).toContain('Caltrain arrivals');
    expect(help).toContain('5 digits');
    expect(help).toContain(`/next ${stop} ${route}`);
    expect(help).not.toMatch(/OC Transpo|3017|4 digits|rideau/);
    const aide = renderPlainText((await core.handleText('/help', privateChat({ chatId: 'fr-rider', languageCode: 'fr' })))!);
    expect(aide).toContain('5 chiffres');
    expect(aide).not.toMatch(/OC Transpo|3017|4 chiffres/);
    const usage = (await core.handleText('/next', privateChat({ chatId: 'en-rider' })))!.blocks[0]!.lines[0];
    expect(usage).toBe(`Which stop? Add its 5-digit number, like: /next ${stop} ${route}`);
  });

  it('/next palo alto is titled with the whole name, though "alto" alone could be a route', async () => {
    const reply = (await core.handleText('/next palo alto', privateChat({ chatId: 'en-rider' })))!;
    expect(reply.title).toBe('Which stop? Stops matching "palo alto"');
    expect(reply.buttons!.flat().map((b) => b.command.options.stop)).toContain('70171');
  });

  it('speaks of trains, never buses: the help, the last trips, in both languages (routes.txt route_type 2)', async () => {
    expect(source.profile().vehicles).toBe('train');
    const { stop, route } = source.profile().examples;
    const help = renderPlainText((await core.handleText('/help', privateChat({ chatId: 'en-rider' })))!);
    expect(help).toContain(`/next ${stop} ${route}: the next trains of route ${route} at stop ${stop}`);
    expect(help).not.toMatch(/\bbus/i);
    const arrivalsHelp = renderPlainText((await core.handleText('/help arrivals', privateChat({ chatId: 'en-rider' })))!);
    expect(arrivalsHelp).toContain('/next <stop> [route]: Next trains at a stop, for one route or all');
    expect(arrivalsHelp).not.toMatch(/\bbus/i);
    const aide = renderPlainText((await core.handleText('/help', privateChat({ chatId: 'fr-rider', languageCode: 'fr' })))!);
    expect(aide).toContain(`les prochains trains du circuit ${route}`);
    expect(aide).not.toMatch(/autobus|\bbus\b/i);

    const arrivals = renderPlainText((await core.handleText('70021', privateChat({ chatId: 'en-rider' })))!);
    expect(arrivals).toContain('· last train');
    expect(arrivals).not.toMatch(/\bbus/i);
    const passages = renderPlainText((await core.handleText('70021', privateChat({ chatId: 'fr-rider', languageCode: 'fr' })))!);
    expect(passages).toContain('· dernier train');
    // L2 has no trip left this evening: one line, not a heading and a line of its own.
    expect(arrivals).toContain('No more today: L2');
    expect(arrivals).not.toContain('No more trips today.');
  });

  it('reads "/subscribe 70021 07:30" on the Pacific clock: next Wednesday 07:30 there', async () => {
    const chat = privateChat({ chatId: 'pacific-rider' });
    const reply = (await core.handleText('/subscribe 70021 07:30', chat))!;
    expect(reply.kind).toBe('answer');
    expect(reply.blocks[0]!.lines[0]).toMatch(/^Alert [a-z0-9]{4} set: every route at 70021 at 07:30, every day\. Next: Wed 07:30\.$/);
    const [stored] = await stores.subscriptions.list(chat);
    expect(stored!.timeZone).toBe('America/Los_Angeles');
  });

  it('refuses a route that does not call at the stop', async () => {
    const reply = (await core.handleText('/subscribe 70021 Yellow 07:30', privateChat({ chatId: 'typo-rider' })))!;
    expect(reply.kind).toBe('failure');
    expect(reply.blocks[0]!.lines[0]).toBe('Route Yellow does not stop at 70021. Try /routes 70021 to see what does.');
  });

  it('fires a "near" alert while its window is open on the Pacific clock', async () => {
    const chat = privateChat({ chatId: 'near-rider' });
    const arrivals = await source.nextTripsAllRoutes('70021');
    const soonest = arrivals.routes
      .flatMap((r) => r.trips.map((t) => ({ routeNo: r.routeNo, minutes: t.minutesAway })))
      .sort((a, b) => a.minutes - b.minutes)[0]!;
    // Asked with the notice the soonest train gives now: it fires for that train, as it comes within it.
    const set = (await core.handleText(`/subscribe 70021 ${soonest.routeNo} when ${soonest.minutes} min 17:00-18:00`, chat))!;
    expect(set.kind).toBe('answer');

    const claims = memoryClaims();
    const notifier = recordingNotifier(now);
    const scheduler: Pushes = startPushes({
      core,
      store: { subscriptions: stores.subscriptions, claims, lifecycle: stores.lifecycle },
      transit: source,
      notifiers: [notifier],
      chatTypeOf,
      settings: testSettings(),
      clock: now,
      logger: alertLogger().logger,
      timer: false,
    });
    try {
      now.set('2023-11-07T17:06:00-08:00');
      await scheduler.tick();
      await scheduler.tick.settled();
    } finally {
      await scheduler.stop();
    }
    const near = notifier.sent.filter((s) => s.chatId === 'near-rider').map((s) => renderPlainText(s.reply));
    expect(near).toHaveLength(1);
    // The bus's time is read on the same clock: 17:xx in San Francisco, not 20:xx in Toronto.
    expect(near[0]).toMatch(new RegExp(`^🚆 Route ${soonest.routeNo} to .+ is \\d+ min from .+ \\(70021\\), at 17:\\d\\d`));
  });
});
