import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/index.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { decodeButton, encodeButton } from '../../src/chat/telegram/callback-data.js';
import type { LaterQuery, LaterTrips } from '../../src/domain/later-trips.js';
import { clock, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// /next with a later time, read in every language's words into one query for the source, and
// refused with a specific answer when it is no time; a source without later times says so.

/** A core whose source records each later query and answers one Saturday-morning board. */
function recording() {
  const asked: Array<{ stop: string; route: string | undefined; query: LaterQuery }> = [];
  const at = new Date('2026-11-28T12:12:00Z');
  const board: LaterTrips = {
    arrivals: {
      ...stopArrivals(
        [route('95', [trip(0, { trust: 'scheduled', at, destination: 'Trim' })], { heading: 'Trim', directionId: 0 })],
        '3017',
        'BASELINE',
      ),
      timeZone: 'America/Toronto',
    },
    serviceDate: '2026-11-28',
    from: 7 * 60,
  };
  const transit = {
    ...fakeTransit({}),
    laterTrips: (stop: string, route: string | undefined, query: LaterQuery) => {
      asked.push({ stop, route, query });
      return Promise.resolve(board);
    },
  };
  const core = createBotCore({ transit, ...memoryStores(), now: clock });
  return { core, asked };
}

const en = privateChat({ chatId: 'en' });
const fr = privateChat({ chatId: 'fr', languageCode: 'fr' });
const es = privateChat({ chatId: 'es', languageCode: 'es' });

describe('/next with a later time', () => {
  it.each([
    ['/next 3017 95 tomorrow', en, '95', { day: 'tomorrow' }],
    ['/next 3017 95 at 07:00', en, '95', { at: 420 }],
    ['/next 3017 sunday', en, undefined, { day: { weekday: 0 } }],
    ['/next 3017 95 first', en, '95', { end: 'first' }],
    ['/next 95 3017 last sat', en, '95', { end: 'last', day: { weekday: 6 } }],
    ['/next 3017 95 tomorrow at 7pm', en, '95', { day: 'tomorrow', at: 1140 }],
    ['/next 3017 95 today', en, '95', { day: 'today' }],
    ['/prochain 3017 95 demain à 7h', fr, '95', { day: 'tomorrow', at: 420 }],
    ['/prochain 3017 dimanche', fr, undefined, { day: { weekday: 0 } }],
    ['/prochain 3017 95 premier samedi', fr, '95', { end: 'first', day: { weekday: 6 } }],
    ['/prochain 3017 95 dernier', fr, '95', { end: 'last' }],
    ["/prochain 3017 95 aujourd'hui à 19h30", fr, '95', { day: 'today', at: 1170 }],
    ['/próxima 3017 95 mañana a las 7:00', es, '95', { day: 'tomorrow', at: 420 }],
    ['/proxima 3017 95 a las 7', es, '95', { at: 420 }],
    ['/próxima 3017 domingo', es, undefined, { day: { weekday: 0 } }],
    ['/proxima 3017 95 último', es, '95', { end: 'last' }],
    ['/proxima 3017 95 primer sábado', es, '95', { end: 'first', day: { weekday: 6 } }],
    ['/next 3017 95 2026-12-25 06:16', en, '95', { day: { date: '2026-12-25' }, at: 376 }],
  ] as const)('"%s" asks the source', async (text, chat, routeNo, query) => {
    const { core, asked } = recording();
    const reply = (await core.handleText(text, chat))!;
    expect(reply.kind).toBe('answer');
    expect(asked).toEqual([{ stop: '3017', route: routeNo, query }]);
  });

  it('draws a clock-time board: its own title, the scheduled mark, no countdown', async () => {
    const { core } = recording();
    const reply = (await core.handleText('/next 3017 95 at 07:00', en))!;
    expect(reply.title).toBe('Route 95 at BASELINE (3017), Sat, Nov 28 from 07:00');
    const text = renderPlainText(reply);
    expect(text).toContain('07:12 🕒');
    expect(text).not.toMatch(/\bmin\b/);
    const fr2 = (await core.handleText('/prochain 3017 95 à 7h', fr))!;
    expect(fr2.title).toBe('Circuit 95 à BASELINE (3017), sam. 28 nov. à partir de 07:00');
    const es2 = (await core.handleText('/próxima 3017 95 a las 7', es))!;
    expect(es2.title).toMatch(/^Ruta 95 en BASELINE \(3017\), sáb, 28 nov\.? desde las 07:00$/);
  });

  it.each([
    ['/next 3017 95 at 25:00', en, '"25:00" is not a time of day: write it like 07:00, 7h30 or 7pm (hours 00 to 23).'],
    ['/next 3017 95 at noon', en, '"noon" is not a time of day: write it like 07:00, 7h30 or 7pm (hours 00 to 23).'],
    ['/next 3017 95 7:75', en, '"7:75" is not a time of day: write it like 07:00, 7h30 or 7pm (hours 00 to 23).'],
    ['/next 3017 95 at', en, 'At what time? Add it after "at", like: at 07:00'],
    [
      '/next 3017 95 first at 07:00',
      en,
      'One day and one time at most, and first or last without a time: like "tomorrow at 07:00" or "last sunday".',
    ],
    [
      '/next 3017 95 tomorrow sunday',
      en,
      'One day and one time at most, and first or last without a time: like "tomorrow at 07:00" or "last sunday".',
    ],
    ['/next 3017 95 2026-02-30', en, '"2026-02-30" is not a date: write it like 2026-11-28.'],
    ['/prochain 3017 95 à 25h', fr, "« 25h » n'est pas une heure : écrivez-la comme 07:00, 7h30 ou 19h (heures de 00 à 23)."],
    ['/próxima 3017 95 a las 25:00', es, '«25:00» no es una hora: escríbala como 07:00, 7h30 o 7pm (horas de 00 a 23).'],
  ] as const)('"%s" gets a specific answer', async (text, chat, answer) => {
    const { core, asked } = recording();
    const reply = (await core.handleText(text, chat))!;
    expect(reply.kind).toBe('usage-error');
    expect(renderPlainText(reply)).toBe(answer);
    expect(asked).toEqual([]);
  });

  it('leaves a stop named with a short day alone, and reads the same day beside a stop number', async () => {
    const { core, asked } = recording();
    // "mar" is Tuesday in French and Spanish: "del mar" stays a stop's name (looked up, none here).
    await core.handleText('/next del mar', en);
    expect(asked).toEqual([]);
    await core.handleText('/next 3017 mar', es);
    expect(asked.map((a) => a.query)).toEqual([{ day: { weekday: 2 } }]);
  });

  it('a source that knows only the next trips says so, in each language', async () => {
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    const reply = (await core.handleText('/next 3017 95 tomorrow', en))!;
    expect(reply.kind).toBe('failure');
    expect(renderPlainText(reply)).toBe('This transit service gives only the next trips: it cannot answer for a later time or another day.');
    expect(renderPlainText((await core.handleText('/prochain 3017 95 demain', fr))!)).toContain('ne peut pas répondre pour plus tard');
    expect(renderPlainText((await core.handleText('/próxima 3017 95 mañana', es))!)).toContain('no puede responder para más tarde');
  });

  it("Discord's slash option reads the rider's words as typed text does", async () => {
    const { core, asked } = recording();
    await core.run({ name: 'next', options: { stop: '3017', route: '95', when: 'demain à 7h' } }, fr);
    expect(asked.map((a) => a.query)).toEqual([{ day: 'tomorrow', at: 420 }]);
    const refused = await core.run({ name: 'next', options: { stop: '3017', when: 'at 25:00' } }, en);
    expect(renderPlainText(refused)).toBe('"25:00" is not a time of day: write it like 07:00, 7h30 or 7pm (hours 00 to 23).');
  });

  it('"Later →" carries its page in Telegram\'s 64 bytes and reads back to the same request', async () => {
    const { core, asked } = recording();
    const command = { name: 'next' as const, options: { stop: '3017', route: '95', when: '2026-11-28 07:13' } };
    const data = encodeButton({ command, effect: 'update' })!;
    expect(data).toBe('2:u:next:3017:95:2026-11-28_0713');
    expect(decodeButton(data)).toEqual({ command, effect: 'update' });
    await core.run(decodeButton(data)!.command, en);
    expect(asked.map((a) => a.query)).toEqual([{ day: { date: '2026-11-28' }, at: 433 }]);
  });
});
