import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import type { Reply } from '../../src/domain/reply.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { encodeButton as telegramData } from '../../src/chat/telegram/callback-data.js';
import { encodeButton as discordId } from '../../src/chat/discord/custom-id.js';
import { clock, fakeTransit, memoryStores, NOW, privateChat, route, stopArrivals, trip, type MemoryStores } from './fakes.js';

// NOW is Saturday 21 Nov 2026, 08:05 in Ottawa. Route 95 goes two ways at BASELINE (3017), as on
// the demo network: east to Orléans (direction 0), west to Barrhaven Centre (direction 1).
const east = (trips: ReturnType<typeof trip>[] = []) => route('95', trips, { directionId: 0, direction: 'Eastbound', heading: 'Orléans' });
const west = (trips: ReturnType<typeof trip>[] = []) => route('95', trips, { directionId: 1, direction: 'Westbound', heading: 'Barrhaven Centre' });
const twoWays = () => fakeTransit({ summary: { 'summary 3017': stopArrivals([east(), west()], '3017', 'BASELINE') } });
const line = (reply: Reply | null | undefined) => reply?.blocks[0]?.lines[0];
const stored = (stores: MemoryStores) => [...stores.subscriptions.all.values()];

function setup(transit = twoWays(), now = clock) {
  const stores = memoryStores();
  return { stores, core: createBotCore({ transit, ...stores, now }) };
}

describe('a near alert watches one direction', () => {
  it('/notify at a stop where the route goes two ways asks which, one button per way, each fitting the platforms', async () => {
    const { core, stores } = setup();
    const reply = await core.handleText('/notify 3017 95', privateChat());
    expect(line(reply)).toBe('Route 95 goes more than one way at 3017: which one? (Or type it: /notify 3017 95 to Orléans)');
    expect(stored(stores)).toEqual([]);
    const buttons = reply!.buttons!.flat();
    expect(buttons.map((b) => [b.label, b.command])).toEqual([
      ['to Orléans', { name: 'notify', options: { stop: '3017', route: '95', direction: '0' } }],
      ['to Barrhaven Centre', { name: 'notify', options: { stop: '3017', route: '95', direction: '1' } }],
    ]);
    for (const button of buttons) {
      expect(telegramData(button)).toBeDefined();
      expect(discordId(button)!.length).toBeLessThanOrEqual(100);
    }
    // The terminal shows each button as what to type: the way's name, never its button value.
    expect(renderPlainText(reply!)).toContain('[to Barrhaven Centre] /notify 3017 95 to Barrhaven Centre');
    expect(renderPlainText(reply!)).not.toMatch(/ to [01]$/m);
    expect((await core.run(buttons[1]!.command, privateChat())).kind).toBe('answer');
    expect(stored(stores)[0]!.schedule).toMatchObject({ kind: 'near', direction: { id: 1, name: 'Barrhaven Centre' } });
  });

  it('reads the direction typed in each language, accents and case aside', async () => {
    for (const [typed, languageCode, id] of [
      ['/notify 3017 95 to orleans', 'en', 0],
      ['/notify 3017 95 vers Barrhaven', 'fr', 1],
      ['/notify 3017 95 hacia Orléans', 'es', 0],
      ['/subscribe 3017 95 to Barrhaven when 5 min 07:00-09:00 weekdays', 'en', 1],
      ['/subscribe 3017 95 quand 10 min 7h-9h semaine vers Orléans', 'fr', 0],
    ] as const) {
      const { core, stores } = setup();
      const reply = await core.handleText(typed, privateChat({ languageCode }));
      expect(reply?.kind, typed).toBe('answer');
      expect(stored(stores)[0]?.schedule, typed).toMatchObject({ kind: 'near', direction: { id } });
    }
  });

  it('names the direction in its confirmation; a way the route does not go is asked again', async () => {
    const { core } = setup();
    expect(line(await core.handleText('/subscribe 3017 95 when 5 min 07:00-09:00 weekdays to Orléans', privateChat()))).toMatch(
      /^Alert [a-z0-9]{4} set: when 95 to Orléans is 5 min from 3017, 07:00-09:00, weekdays\. Next: Mon 07:00\.$/,
    );
    expect(line(await core.handleText('/subscribe 3017 95 07:30 to Orléans', privateChat()))).toBe(
      'A direction is for alerts of the bus near the stop ("when 5 min 07:00-09:00"), not for alerts at a time.',
    );
    const wrong = await core.handleText('/notify 3017 95 vers Gatineau', privateChat({ languageCode: 'fr' }));
    expect(line(wrong)).toBe("Le circuit 95 ne va pas vers « Gatineau » depuis l'arrêt 3017 : dans quelle direction ?");
    expect(wrong!.buttons!.flat().map((b) => b.label)).toEqual(['vers Orléans', 'vers Barrhaven Centre']);
  });

  it('/next of a route going two ways offers one 🔔 per way', async () => {
    const transit = fakeTransit({
      next: { 'next 3017 95': stopArrivals([east([trip(12)]), west([trip(3)])], '3017', 'BASELINE') },
      summary: { 'summary 3017': stopArrivals([east(), west()], '3017', 'BASELINE') },
    });
    const { core } = setup(transit);
    const reply = await core.handleText('/next 3017 95', privateChat({ languageCode: 'es' }));
    const bells = reply!.buttons!.flat().filter((b) => b.command.name === 'notify');
    expect(bells.map((b) => [b.label, b.command.options.direction])).toEqual([
      ['🔔 95 hacia Orléans', '0'],
      ['🔔 95 hacia Barrhaven Centre', '1'],
    ]);
    expect(bells.map((b) => b.typed)).toEqual(['/avisar 3017 95 hacia Orléans', '/avisar 3017 95 hacia Barrhaven Centre']);
    expect(core.parse(bells[0]!.typed!, privateChat({ languageCode: 'es' }))).toMatchObject({
      ok: true,
      request: { name: 'notify', options: { direction: 'Orléans' } },
    });
  });
});

describe('a near alert fires with the notice asked, for its direction', () => {
  const base: Subscription = {
    id: 'k3f9',
    chat: { platform: 'telegram', chatId: '42', chatType: 'private' },
    stopNo: '3017',
    routeNo: '95',
    // The window opened at 08:05, NOW: the alert was set then.
    schedule: { kind: 'near', withinMinutes: 5, from: 485, until: 545, days: [6], direction: { id: 0, name: 'Orléans' } },
    timeZone: 'America/Toronto',
    createdAt: NOW.toISOString(),
  };
  const at = (minutesLater: number) => () => new Date(NOW.getTime() + minutesLater * 60_000);

  it("ignores the other direction's bus and names its own", async () => {
    const { core } = setup();
    const arrivals = stopArrivals([west([trip(5, { trust: 'tracked' })]), east([trip(9, { trust: 'tracked' })])], '3017', 'BASELINE');
    expect(await core.alertReply(base, { arrivals })).toBeUndefined();
    const later = setup(twoWays(), at(4)).core;
    const nearer = stopArrivals([east([trip(5, { trust: 'tracked' })])], '3017', 'BASELINE');
    expect(line(await later.alertReply(base, { arrivals: nearer }))).toBe('🚌 Route 95 to Orléans is 5 min from BASELINE (3017), at 08:14 📡');
  });

  it('when the next bus is already closer than asked, says so with the one after (en, fr, es)', async () => {
    const arrivals = stopArrivals([east([trip(2, { trust: 'tracked' }), trip(16)])], '3017', 'BASELINE');
    const expected = {
      en: '🚌 The next 95 to Orléans is 2 min from BASELINE (3017); the following one is in 16 min.',
      fr: '🚌 Le prochain 95 vers Orléans est à 2 min de BASELINE (3017); le suivant passe dans 16 min.',
      es: '🚌 El próximo 95 hacia Orléans está a 2 min de BASELINE (3017); el siguiente pasa en 16 min.',
    };
    for (const [lang, text] of Object.entries(expected)) {
      const { core } = setup();
      await core.handleText(`/lang ${lang}`, privateChat());
      expect(line(await core.alertReply(base, { arrivals }))).toBe(text);
    }
  });

  it('waits for the first bus that was at least N min away when the watch began, and fires once it is N min away', async () => {
    const thirty: Subscription = { ...base, schedule: { ...base.schedule, withinMinutes: 30 } as Subscription['schedule'] };
    // Opening: 42 min away, at least the notice asked: nothing yet.
    expect(await setup().core.alertReply(thirty, { arrivals: stopArrivals([east([trip(42)])], '3017', 'BASELINE') })).toBeUndefined();
    // Twelve minutes on, 30 min away: it fires.
    const later = setup(twoWays(), at(12)).core;
    expect(line(await later.alertReply(thirty, { arrivals: stopArrivals([east([trip(30)])], '3017', 'BASELINE') }))).toBe(
      '🚌 Route 95 to Orléans is 30 min from BASELINE (3017), at 08:47 🕒',
    );
  });

  it('an alert stored before directions (no direction) still fires, for either way, and names the way', async () => {
    const { direction: _none, ...schedule } = base.schedule as Extract<Subscription['schedule'], { kind: 'near' }>;
    // Made a week ago, its window open since 07:00: both buses were far then.
    const earlier: Subscription = { ...base, schedule: { ...schedule, from: 420 }, createdAt: '2026-11-14T12:00:00Z' };
    const arrivals = stopArrivals([east([trip(9)]), west([trip(4, { trust: 'tracked' })])], '3017', 'BASELINE');
    expect(line(await setup().core.alertReply(earlier, { arrivals }))).toBe(
      '🚌 Route 95 to Barrhaven Centre is 4 min from BASELINE (3017), at 08:09 📡',
    );
  });
});

describe('when an alert set inside its window fires', () => {
  it('says "today" in its confirmation and in /subs, and 🔔 says until when it watches', async () => {
    const { core } = setup();
    // 08:05: the window 07:00-09:00 is open today, Saturday.
    expect(line(await core.handleText('/subscribe 3017 95 when 5 min 07:00-09:00 to Orléans', privateChat()))).toMatch(/Next: today until 09:00\.$/);
    expect(line(await core.handleText('/notify 3017 95 to Barrhaven', privateChat({ languageCode: 'fr' })))).toMatch(
      /Prochaine : aujourd'hui jusqu'à 09:05\.$/,
    );
    const list = (await core.handleText('/subs', privateChat({ languageCode: 'es' })))!.blocks[0]!.lines;
    expect(list).toHaveLength(2);
    for (const entry of list) expect(entry).toMatch(/Próxima: hoy hasta las 09:0[05]$/);
    const evening = setup().core;
    expect(line(await evening.handleText('/subscribe 3017 95 when 5 min 18:00-19:00 to Orléans', privateChat()))).toMatch(/Next: today 18:00\.$/);
  });
});
