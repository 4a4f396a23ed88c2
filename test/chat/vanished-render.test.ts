import { describe, expect, it } from 'vitest';
import { renderPlainText } from '../../src/chat/console/render.js';
import { renderReply as renderTelegram } from '../../src/chat/telegram/render.js';
import { createBotCore } from '../../src/core/create-core.js';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import type { Locale } from '../../src/domain/locale.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, NOW, privateChat, route, stopArrivals, trip } from '../core/fakes.js';

// A trip that vanished from tracking 3 minutes ago, still due at 08:09: kept on the board with its
// time, the moment it vanished, and the route's next trip the feed still follows; the legend names
// the mark. The live board (🔴) is the same answer kept up to date, so it says the same.

const t = createTranslator(packageLanguages());
const sayIn = (locale: Locale) => (id: string, args?: Record<string, string | number>) => t(locale, id, { vehicles: 'bus', ...args });
const vanishedAt = new Date(NOW.getTime() - 3 * 60_000);
const arrivals = stopArrivals([
  route('95', [trip(4, { vanishedAt }), trip(7, { trust: 'scheduled' }), trip(12, { trust: 'tracked', delaySeconds: 60 })]),
]);

const LINES = {
  en: {
    route95: ['08:09 👻 vanished from tracking at 08:02 · Next: 08:17 📡', '7 min (08:12) 🕒', '12 min (08:17) 📡 · 1 min late'],
    legend: '📡 bus tracked · 🕒 scheduled · 👻 vanished from tracking, may not come',
  },
  fr: {
    route95: ['08:09 👻 disparu du suivi à 08:02 · Suivant : 08:17 📡', '7 min (08:12) 🕒', '12 min (08:17) 📡 · 1 min de retard'],
    legend: '📡 autobus localisé · 🕒 horaire · 👻 disparu du suivi, peut ne pas passer',
  },
} as const;

describe.each(['en', 'fr'] as const)('a vanished trip on the board (%s)', (locale) => {
  const lines = LINES[locale];

  it('the terminal and Telegram', () => {
    const reply = formatArrivals(arrivals, { now: NOW, say: sayIn(locale) });
    const text = renderPlainText(reply);
    expect(text).toContain(['95 Barrhaven Centre', ...lines.route95.map((l) => `  ${l}`)].join('\n'));
    expect(text).toContain(lines.legend);
    expect(renderTelegram(reply).text).toContain(lines.route95.join('\n'));
  });

  it('the live board', async () => {
    const transit = fakeTransit({ next: { 'next 3017 95': arrivals } });
    const stops = fakeStopIndex([{ code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.4, lon: -75.7 }]);
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    const chat = privateChat();
    if (locale !== 'en') await core.handleText(`/lang ${locale}`, chat);
    const board = await core.run({ name: 'live', options: { stop: '3017', route: '95' } }, chat);
    expect(board.liveUntil).toBeDefined();
    const text = renderPlainText(board);
    expect(text).toContain(lines.route95[0]);
    expect(text).toContain(lines.legend);
  });
});
