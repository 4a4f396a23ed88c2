import { describe, expect, it } from 'vitest';
import { renderPlainText } from '../../src/chat/console/render.js';
import { renderReply as renderDiscord } from '../../src/chat/discord/render.js';
import { renderReply as renderTelegram } from '../../src/chat/telegram/render.js';
import { alertReply } from '../../src/core/format/alert.js';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import type { Locale } from '../../src/domain/locale.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { NOW, route, stopArrivals, trip } from '../core/fakes.js';

// How far each time may be trusted, on every platform and in both languages: one neutral answer
// (a tracked bus 3 min late, a prediction with no bus seen 2 min early, the schedule alone, a trip
// that skips the stop, a cancelled one) and, beside it, what the terminal, Telegram and Discord show.

const t = createTranslator(packageLanguages());
const sayIn = (locale: Locale) => (id: string, args?: Record<string, string | number>) => t(locale, id, { vehicles: 'bus', ...args });
const fresh = { lat: 45.41, lon: -75.7, fixAt: new Date(NOW.getTime() - 20_000) };
const rideau = { destination: 'Rideau' };
const arrivals = stopArrivals([
  route('95', [
    trip(3, { trust: 'tracked', delaySeconds: 190, position: fresh, startTime: '07:50' }),
    trip(9, { trust: 'predicted', delaySeconds: -110, startTime: '08:00' }),
    trip(21, { startTime: '08:10' }),
  ]),
  route(
    '4',
    [trip(2, { ...rideau, skipped: true }), trip(6, { ...rideau, cancelled: true }), trip(14, { ...rideau, trust: 'predicted', delaySeconds: 20 })],
    {
      heading: 'Rideau',
    },
  ),
]);
const reply = (locale: Locale) => formatArrivals(arrivals, { now: NOW, say: sayIn(locale) });

const LINES = {
  en: {
    route4: ['08:07 skips this stop ⏭', '08:11 cancelled ✖', '14 min (08:19) 🔮 · on time'],
    route95: ['3 min (08:08) 📡 · 3 min late', '9 min (08:14) 🔮 · 2 min early', '21 min (08:26) 🕒'],
    legend: '📡 bus tracked · 🔮 predicted, no bus seen · 🕒 scheduled',
    updated: 'Updated at 08:05',
  },
  fr: {
    route4: ["08:07 ne s'arrête pas ici ⏭", '08:11 annulé ✖', "14 min (08:19) 🔮 · à l'heure"],
    route95: ['3 min (08:08) 📡 · 3 min de retard', "9 min (08:14) 🔮 · 2 min d'avance", '21 min (08:26) 🕒'],
    legend: '📡 autobus localisé · 🔮 prévu, autobus non localisé · 🕒 horaire',
    updated: 'Mis à jour à 08:05',
  },
} as const;

describe.each(['en', 'fr'] as const)('trust marks and words (%s)', (locale) => {
  const lines = LINES[locale];

  it('the terminal', () => {
    const text = renderPlainText(reply(locale));
    expect(text).toContain(['4 Rideau', ...lines.route4.map((l) => `  ${l}`)].join('\n'));
    expect(text).toContain(['95 Barrhaven Centre', ...lines.route95.map((l) => `  ${l}`)].join('\n'));
    expect(text).toContain(`${lines.legend}\n${lines.updated}`);
  });

  it('Telegram HTML', () => {
    expect(renderTelegram(reply(locale)).text).toBe(
      [
        "<b>TUNNEY'S PASTURE (3017)</b>",
        '',
        '<b>4 Rideau</b>',
        ...lines.route4,
        '',
        '<b>95 Barrhaven Centre</b>',
        ...lines.route95,
        '',
        `<i>${lines.legend}</i>`,
        `<i>${lines.updated}</i>`,
      ].join('\n'),
    );
  });

  it('the Discord embed', () => {
    const embed = renderDiscord(reply(locale)).embeds[0]!;
    expect(embed.fields).toEqual([
      { name: '4 Rideau', value: lines.route4.join('\n') },
      { name: '95 Barrhaven Centre', value: lines.route95.join('\n') },
    ]);
    expect(embed.footer).toEqual({ text: `${lines.legend}\n${lines.updated}` });
  });
});

describe('the marks elsewhere', () => {
  it('a stale feed says how old it is', () => {
    const stale = { ...stopArrivals([route('95', [trip(9)])]), staleFeed: true, feedAgeMinutes: 7 };
    expect(renderPlainText(formatArrivals(stale, { now: NOW, say: sayIn('en') }))).toContain('⚠️ Live data is 7 min old: these are scheduled times.');
    expect(renderPlainText(formatArrivals(stale, { now: NOW, say: sayIn('fr') }))).toContain(
      '⚠️ Les données en direct datent de 7 min : voici les heures prévues.',
    );
  });

  it('the legend of a network without vehicle positions says "predicted", never "no bus seen"', () => {
    const blind = { ...stopArrivals([route('95', [trip(4, { trust: 'predicted' })])]), noVehiclePositions: true };
    const text = renderPlainText(formatArrivals(blind, { now: NOW, say: sayIn('en') }));
    expect(text).toContain('\n🔮 predicted\n');
    expect(text).not.toContain('no bus seen');
  });

  it('a "near" push: a trip skipping the stop is passed over, the next one carries its mark', () => {
    const near: Subscription = {
      id: 'k3f9',
      chat: { platform: 'telegram', chatId: '42', chatType: 'private' },
      stopNo: '3017',
      routeNo: '4',
      schedule: { kind: 'near', withinMinutes: 15, from: 420, until: 540, days: [6] },
      timeZone: 'America/Toronto',
      createdAt: '2026-11-14T12:00:00Z',
    };
    const pushed = alertReply(near, { arrivals }, { now: NOW, say: sayIn('en') })!;
    expect(pushed.blocks[0]!.lines[0]).toBe("🚌 Route 4 to Rideau is 14 min from TUNNEY'S PASTURE (3017), at 08:19 🔮");
  });
});
