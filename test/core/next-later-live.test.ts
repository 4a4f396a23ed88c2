import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/index.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import type { LaterTrips } from '../../src/domain/later-trips.js';
import { clock, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// A later board whose source marks the trips the live feed already cancels or has skip the stop:
// each stays on the board, said so in /next's own words and marks, never as a scheduled 🕒 time;
// the trips that run keep their 🕒. Saturday 28 November 2026 from 18:00 in Ottawa.

const at = (clockTime: string) => new Date(`2026-11-28T${clockTime}:00-05:00`);

function core() {
  const board: LaterTrips = {
    arrivals: {
      ...stopArrivals(
        [
          route(
            '95',
            [
              trip(0, { trust: 'scheduled', at: at('18:05'), destination: 'Trim', cancelled: true }),
              trip(0, { trust: 'scheduled', at: at('18:20'), destination: 'Trim', skipped: true }),
              trip(0, { trust: 'scheduled', at: at('18:35'), destination: 'Trim' }),
            ],
            { heading: 'Trim', directionId: 0 },
          ),
        ],
        '3017',
        'BASELINE',
      ),
      timeZone: 'America/Toronto',
    },
    serviceDate: '2026-11-28',
    from: 18 * 60,
  };
  const transit = { ...fakeTransit({}), laterTrips: () => Promise.resolve(board) };
  return createBotCore({ transit, ...memoryStores(), now: clock });
}

describe('a later board with trips the live feed cancels or has skip the stop', () => {
  it.each([
    ['/next 3017 95 at 18:00', 'en', '18:05 cancelled ✖', '18:20 skips this stop ⏭'],
    ['/prochain 3017 95 à 18h', 'fr', '18:05 annulé ✖', "18:20 ne s'arrête pas ici ⏭"],
    ['/próxima 3017 95 a las 18:00', 'es', '18:05 cancelado ✖', '18:20 no para aquí ⏭'],
  ])('"%s" (%s) marks them and keeps the others scheduled', async (text, languageCode, cancelled, skipped) => {
    const reply = (await core().handleText(text, privateChat({ chatId: languageCode, languageCode })))!;
    const board = renderPlainText(reply);
    expect(board).toContain(cancelled);
    expect(board).toContain(skipped);
    expect(board).toContain('18:35 🕒');
    expect(board).not.toContain('18:05 🕒');
    expect(board).not.toContain('18:20 🕒');
  });
});
