import { describe, expect, it } from 'vitest';
import type { ChannelLookup } from '../../src/core/chat-context.js';
import { createBotCore } from '../../src/core/create-core.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { clock, fakeTransit, groupChat, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// NOW is Saturday 21 Nov 2026, 08:05 in Ottawa.
const transit = () => fakeTransit({ summary: { 'summary 3017': stopArrivals([route('95', [])], '3017', "TUNNEY'S PASTURE") } });
const line = (reply: { blocks: Array<{ lines: string[] }> } | null | undefined) => reply?.blocks[0]?.lines[0];
const idIn = (text: string | undefined) => /Alert ([a-z0-9]{4})/.exec(text ?? '')?.[1] ?? '';

function setup() {
  const stores = memoryStores();
  return { stores, core: createBotCore({ transit: transit(), ...stores, now: clock }) };
}

describe('saved stops with names', () => {
  it('/save 3017 home, then /next home, "home" alone, /unsave home', async () => {
    const { core, stores } = setup();
    const transitCalls = fakeTransit({
      summary: { 'summary 3017': stopArrivals([], '3017', 'TUNNEY'), 'summary 3023': stopArrivals([], '3023', 'HURDMAN') },
      all: { 'all 3017': stopArrivals([], '3017', 'TUNNEY') },
    });
    const named = createBotCore({ transit: transitCalls, ...stores, now: clock });
    expect(line(await named.handleText('/save 3017 Home', privateChat()))).toBe('Saved stop 3017 as "home": /next home asks for it.');
    expect((await named.handleText('/next home', privateChat()))?.title).toBe('TUNNEY (3017)');
    expect((await named.handleText('home', privateChat()))?.title).toBe('TUNNEY (3017)');
    expect(line(await named.handleText('/saved', privateChat()))).toBe('home: 3017 TUNNEY');
    expect(line(await named.handleText('/save 3023 home', privateChat()))).toContain('already have a stop saved as "home"');
    expect(line(await named.handleText('/unsave home', privateChat()))).toBe('Removed stop 3017 from your saved stops.');
    expect(line(await named.handleText('/next home', privateChat()))).toBe(
      'You have no stop saved as "home". /stops lists your saved stops; /save followed by a stop and home names one.',
    );
    expect(line(await core.handleText('/unsave 3017', privateChat()))).toBe('"3017" is not one of your saved stops. /stops lists them.');
  });
});

describe('/subscribe and the alerts of a chat', () => {
  it('sets a weekday alert, says when it fires next, and lists it', async () => {
    const { core } = setup();
    const done = line(await core.handleText('/subscribe 3017 95 07:30 weekdays', privateChat()));
    expect(done).toMatch(/^Alert [a-z0-9]{4} set: route 95 at 3017 at 07:30, weekdays\. Next: Mon 07:30\.$/);
    const list = await core.handleText('/subs', privateChat());
    expect(list?.blocks[0]!.lines).toEqual([`${idIn(done)}: route 95 at 3017 at 07:30, weekdays. Next: Mon 07:30`]);
  });

  it('speaks French: days, "quand", and the confirmation', async () => {
    const { core } = setup();
    const done = line(await core.handleText('/subscribe 3017 95 quand 5 min 7h-9h lun,mer', privateChat({ languageCode: 'fr' })));
    expect(done).toMatch(
      /^Alerte [a-z0-9]{4} créée : quand le 95 vers Barrhaven Centre est à 5 min de l'arrêt 3017, 07:00-09:00, lun, mer\. Prochaine : lun 07:00\.$/,
    );
  });

  it('gives each mistake its own answer', async () => {
    const { core } = setup();
    const say = async (text: string) => line(await core.handleText(text, privateChat()));
    expect(await say('/subscribe 3017 95 25:99')).toBe('"25:99" is not a time of day. Use 24-hour time, like 07:30 or 17:45.');
    expect(await say('/subscribe 3017 95 07:30 funday')).toContain('I don\'t know the day "funday"');
    expect(await say('/subscribe 3017 95 when 5 min 09:00-07:00')).toBe(
      'The window 09:00-07:00 ends before it starts. Use a window like 07:00-09:00.',
    );
    expect(await say('/subscribe 3017 when 5 min 07:00-09:00')).toContain('Which route?');
    expect(await say('/subscribe 9999 95 07:30')).toBe("Stop 9999 doesn't exist. Check the 4-digit number on the stop sign.");
    expect(await say('/unsubscribe zzzz')).toBe('This chat has no alert zzzz. /subs lists them with their ids.');
    expect(await say('/pause zzzz')).toBe('This chat has no alert zzzz. /subs lists them with their ids.');
  });

  it('pauses, resumes and removes; "all" removes every one', async () => {
    const { core, stores } = setup();
    const id = idIn(line(await core.handleText('/subscribe 3017 07:30', privateChat())));
    await core.handleText('/subscribe 3017 95 17:30 weekends', privateChat());
    expect(line(await core.handleText(`/pause ${id}`, privateChat()))).toBe(`Alert ${id} paused. /resume ${id} turns it back on.`);
    expect((await core.handleText('/subs', privateChat()))?.blocks[0]!.lines[0]).toBe(`${id}: every route at 3017 at 07:30, every day (paused)`);
    expect(line(await core.handleText(`/resume ${id}`, privateChat()))).toBe(`Alert ${id} is on again. Next: Sun 07:30.`);
    expect(line(await core.handleText(`/unsubscribe ${id.toUpperCase()}`, privateChat()))).toBe(`Alert ${id} removed.`);
    expect(line(await core.handleText('/unsubscribe all', privateChat()))).toBe('Removed the one alert of this chat.');
    expect(stores.subscriptions.all.size).toBe(0);
  });

  it('"all" pauses and resumes every alert of the chat too', async () => {
    const { core } = setup();
    const say = async (text: string) => line(await core.handleText(text, privateChat()));
    expect(await say('/pause all')).toBe('There are no active alerts to pause.');
    const id = idIn(await say('/subscribe 3017 07:30'));
    await say('/subscribe 3017 95 17:30 weekends');
    expect(await say(`/pause ${id}`)).toContain('paused');
    expect(await say('/pause all')).toBe('Paused the one active alert. /resume all turns the alerts back on.');
    expect(await say('/resume all')).toBe('All 2 paused alerts are on again.');
    expect(await say('/pause all')).toBe('Paused all 2 active alerts. /resume all turns them back on.');
    expect(await say('/resume all')).toBe('All 2 paused alerts are on again.');
    expect(await say('/resume all')).toBe('No alert of this chat is paused.');
  });

  it('reads a window typed with spaces around its dash', async () => {
    const { core } = setup();
    const say = async (text: string) => line(await core.handleText(text, privateChat()));
    for (const typed of ['07:00 - 09:00', '07:00 -09:00', '07:00- 09:00', '7h – 9h'])
      expect(await say(`/subscribe 3017 95 when 5 min ${typed} weekdays`), typed).toMatch(
        /set: when 95 to Barrhaven Centre is 5 min from 3017, 07:00-09:00, weekdays\./,
      );
    // Without "when": a window, not a time followed by a day named "-".
    for (const typed of ['07:00 - 09:00', '07:00-09:00'])
      expect(await say(`/subscribe 3017 95 ${typed}`)).toBe(
        `${typed.replace(/ /g, '')} is a window: to be told when your bus is near during it, add how near, like: /subscribe 3017 95 when 5 min 07:00-09:00`,
      );
  });

  it('keeps at most 20 per chat, with a clear message past that', async () => {
    const { core } = setup();
    for (let i = 0; i < 20; i++)
      expect((await core.handleText(`/subscribe 3017 ${String(i).padStart(2, '0')}:00`, privateChat()))?.kind).toBe('answer');
    expect(line(await core.handleText('/subscribe 3017 21:30', privateChat()))).toBe(
      'This chat already has 20 alerts, the most I keep. /unsubscribe one first.',
    );
  });

  it("reads times in the chat's own time zone", async () => {
    const { core, stores } = setup();
    expect(line(await core.handleText('/timezone america/vancouver', privateChat()))).toBe(
      'Alert times in this chat are now read in America/Vancouver.',
    );
    await core.handleText('/subscribe 3017 07:30', privateChat());
    expect([...stores.subscriptions.all.values()][0]!.timeZone).toBe('America/Vancouver');
  });
});

describe('groups and channels', () => {
  it('in a group only administrators change alerts, asked at the moment of the command; everyone sees /subs', async () => {
    const { core } = setup();
    let admin = false;
    const chat = groupChat({ userCanManage: () => Promise.resolve(admin) });
    expect(line(await core.handleText('/subscribe 3017 07:30', chat))).toBe("Only this group's administrators can change its alerts.");
    admin = true;
    const id = idIn(line(await core.handleText('/subscribe 3017 07:30', chat)));
    admin = false;
    expect(line(await core.handleText(`/unsubscribe ${id}`, chat))).toBe("Only this group's administrators can change its alerts.");
    expect((await core.handleText('/subs', chat))?.kind).toBe('answer');
    const failing = groupChat({ userCanManage: () => Promise.reject(new Error('Bot API down')) });
    expect(line(await core.handleText('/subscribe 3017 07:30', failing))).toBe("Only this group's administrators can change its alerts.");
  });

  it('a channel is subscribed from a private chat by one of its administrators, the bot able to post', async () => {
    const { core, stores } = setup();
    let lookup: ChannelLookup = { found: false };
    const chat = privateChat({ findChannel: () => Promise.resolve(lookup) });
    const say = async () => line(await core.handleText('/subscribe @ottawabuses 3017 07:30', chat));
    expect(await say()).toContain("I can't find the channel @ottawabuses");
    const channel = { platform: 'telegram' as const, chatId: '-1001', chatType: 'channel' as const };
    lookup = { found: true, chat: channel, userIsAdmin: false, botCanPost: true };
    expect(await say()).toBe('Only an administrator of @ottawabuses can set its alerts.');
    lookup = { found: true, chat: channel, userIsAdmin: true, botCanPost: false };
    expect(await say()).toContain("I can't post in @ottawabuses yet");
    lookup = { found: true, chat: channel, userIsAdmin: true, botCanPost: true };
    expect(await say()).toMatch(/^Alert [a-z0-9]{4} set/);
    expect([...stores.subscriptions.all.values()].map((s) => s.chat)).toEqual([channel]);
    expect(line(await core.handleText('/subscribe @ottawabuses 3017 07:30', privateChat()))).toBe(
      "Setting a channel's alerts from here works on Telegram only.",
    );
  });
});

describe('the notify button', () => {
  it('sits under the arrivals of one route, and pressing it sets the alert', async () => {
    const stores = memoryStores();
    const withTrips = fakeTransit({
      next: { 'next 3017 95': stopArrivals([route('95', [trip(12)])]) },
      summary: { 'summary 3017': stopArrivals([route('95', [])]) },
    });
    const core = createBotCore({ transit: withTrips, ...stores, now: clock });
    const reply = await core.handleText('/next 3017 95', privateChat());
    const notify = reply!.buttons!.flat().find((b) => b.command.name === 'notify')!;
    expect(notify).toMatchObject({ label: '🔔 95 near', effect: 'notice' });
    expect((await core.run(notify.command, privateChat())).kind).toBe('answer');
    expect([...stores.subscriptions.all.values()]).toHaveLength(1);
  });

  it('sets a one-shot "near" alert for the next hour, today only', async () => {
    const { core, stores } = setup();
    const reply = await core.run({ name: 'notify', options: { stop: '3017', route: '95' } }, privateChat());
    expect(reply.kind).toBe('answer');
    const [sub] = [...stores.subscriptions.all.values()];
    expect(sub).toMatchObject({
      oneShot: true,
      stopNo: '3017',
      routeNo: '95',
      schedule: { kind: 'near', withinMinutes: 5, from: 485, until: 545, days: [6] },
    });
  });
});

describe('alert replies, for the scheduler', () => {
  const base: Subscription = {
    id: 'k3f9',
    chat: { platform: 'telegram', chatId: '42', chatType: 'private' },
    stopNo: '3017',
    routeNo: '95',
    schedule: { kind: 'at', minute: 485, days: [6] },
    timeZone: 'America/Toronto',
    createdAt: '2026-11-14T12:00:00Z',
  };
  const arrivals = stopArrivals([route('95', [trip(4, { trust: 'tracked' }), trip(19)]), route('97', [trip(2)])], '3017', 'BASELINE');

  it("a timed alert shows its route's arrivals in the chat's remembered language", async () => {
    const { core } = setup();
    await core.handleText('/lang fr', privateChat());
    const reply = (await core.alertReply(base, { arrivals }))!;
    expect(reply.title).toBe('⏰ BASELINE (3017)');
    expect(reply.blocks.map((b) => b.heading)).toEqual(['95 Barrhaven Centre']);
    expect(reply.footer?.at(-1)).toContain('Mis à jour');
  });

  it("carries the disruptions at the alert's stop and route, in the chat's language, with the button", async () => {
    const stores = memoryStores();
    const asked: unknown[] = [];
    const detour = {
      id: 'd1',
      version: 'v1',
      effect: 'detour' as const,
      cause: 'unknown' as const,
      severity: 'unknown' as const,
      header: [
        { language: 'en', text: 'Route 95 detoured' },
        { language: 'fr', text: 'Ligne 95 détournée' },
      ],
      description: [],
      entities: [{ routeId: '95' }],
      periods: [],
    };
    const disrupted = {
      ...transit(),
      disruptions: (query: unknown) => (asked.push(query), Promise.resolve({ status: 'ok' as const, disruptions: [detour] })),
    };
    const core = createBotCore({ transit: disrupted, ...stores, now: clock });
    await core.handleText('/lang fr', privateChat());
    const reply = (await core.alertReply(base, { arrivals }))!;
    expect(asked).toEqual([{ stop: '3017', route: '95' }]);
    expect(reply.blocks.at(-1)).toEqual({ heading: '⚠️ Perturbations', lines: ['Détour : Ligne 95 détournée'] });
    expect(reply.buttons?.flat().map((b) => b.command)).toContainEqual({ name: 'disruptions', options: { stop: '3017', route: '95' } });
  });

  it('says the arrivals are unavailable when the service failed, never silence', async () => {
    const { core } = setup();
    const reply = (await core.alertReply(base, { failure: new TransitError('unavailable', 'slow', { reason: 'timeout' }) }))!;
    expect(reply.kind).toBe('failure');
    expect(reply.blocks[0]!.lines[0]).toContain('Arrivals at stop 3017 are unavailable right now');
  });

  it('a "near" alert speaks only once the bus is near, saying whether the time is live', async () => {
    const { core } = setup();
    const near = (within: number): Subscription => ({ ...base, schedule: { kind: 'near', withinMinutes: within, from: 420, until: 540, days: [6] } });
    expect(await core.alertReply(near(3), { arrivals })).toBeUndefined();
    expect((await core.alertReply(near(5), { arrivals }))!.blocks[0]!.lines[0]).toBe(
      '🚌 Route 95 to Barrhaven Centre is 4 min from BASELINE (3017), at 08:09 📡',
    );
    expect(await core.alertReply(near(5), { failure: new Error('down') })).toBeUndefined();
  });

  it('a "near" alert for a bus due now says so, never "0 min" (English and French)', async () => {
    const { core } = setup();
    const near: Subscription = { ...base, schedule: { kind: 'near', withinMinutes: 5, from: 420, until: 540, days: [6] } };
    const due = stopArrivals([route('95', [trip(0.3, { trust: 'tracked' })])], '3017', 'BASELINE');
    expect((await core.alertReply(near, { arrivals: due }))!.blocks[0]!.lines[0]).toBe(
      '🚌 Route 95 to Barrhaven Centre is due now at BASELINE (3017), at 08:05 📡',
    );
    await core.handleText('/lang fr', privateChat());
    expect((await core.alertReply(near, { arrivals: due }))!.blocks[0]!.lines[0]).toBe(
      '🚌 Le circuit 95 vers Barrhaven Centre arrive maintenant à BASELINE (3017), à 08:05 📡',
    );
  });
});
