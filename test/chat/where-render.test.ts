import { describe, expect, it } from 'vitest';
import { formatWhere } from '../../src/core/format/vehicle.js';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { renderReply as renderDiscord } from '../../src/chat/discord/render.js';
import { decodeButton as decodeCustomId } from '../../src/chat/discord/custom-id.js';
import { CALLBACK_DATA_MAX_BYTES, decodeButton as decodeCallback } from '../../src/chat/telegram/callback-data.js';
import { renderReply as renderTelegram } from '../../src/chat/telegram/render.js';
import { NOW, route, stopArrivals, trip } from '../core/fakes.js';

const t = createTranslator(packageLanguages());
const say = (id: string, args?: Record<string, string | number>) => t('en', id, args);
const bus = trip(4, {
  trust: 'tracked',
  startTime: '23:59',
  position: { lat: 43.5838, lon: -79.6465, fixAt: new Date(NOW.getTime() - 20_000), occupancy: 'few-seats' },
});
// Routes with the longest names a button carries, so that the sizes are tested at their worst.
const arrivals = stopArrivals([route('AB123C', [bus, { ...bus, startTime: '47:59' }])], '70021');
const LINK = 'https://www.openstreetmap.org/?mlat=43.58380&mlon=-79.64650#map=17/43.58380/-79.64650';

describe('the 📍 buttons and the where answer on each platform', () => {
  it("Telegram: each 📍 button's callback data fits in 64 bytes and comes back as the same request", () => {
    const rendered = renderTelegram(formatArrivals(arrivals, { now: NOW, say }));
    const where = rendered.reply_markup!.inline_keyboard.flat().filter((b) => 'callback_data' in b && b.callback_data.includes('where'));
    expect(where).toHaveLength(2);
    for (const button of where) {
      const data = (button as { callback_data: string }).callback_data;
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES);
      expect(decodeCallback(data)?.command).toMatchObject({ name: 'where', options: { stop: '70021', route: 'AB123C' } });
    }
  });

  it('Discord: the embed holds the facts and the map link; the button comes back as the same request', () => {
    const message = renderDiscord(formatWhere(arrivals, arrivals.routes[0]!, bus, { now: NOW, say }));
    const embed = message.embeds[0]!;
    expect(embed.title).toContain('AB123C');
    expect(embed.description).toContain('🟡 Few seats available');
    expect(embed.description).toContain('Position from 20 s ago');
    expect(JSON.stringify(embed)).toContain(LINK);
    const refresh = message.components[0]!.components[0]!;
    expect(decodeCustomId('custom_id' in refresh ? refresh.custom_id : '')?.command).toEqual({
      name: 'where',
      options: { stop: '70021', route: 'AB123C', trip: '2359' },
    });
  });

  it('Telegram: the where answer shows the link as text', () => {
    expect(renderTelegram(formatWhere(arrivals, arrivals.routes[0]!, bus, { now: NOW, say })).text).toContain(LINK.replaceAll('&', '&amp;'));
  });

  it('a fix stamped 10 minutes in the future: its age unknown, never "0 s ago", no live pin, the map marked as such (en, fr)', () => {
    const ahead = trip(4, {
      trust: 'tracked',
      startTime: '23:59',
      position: { lat: 43.5838, lon: -79.6465, speedKmh: 40, fixAt: new Date(NOW.getTime() + 10 * 60_000) },
    });
    const reply = formatWhere(arrivals, arrivals.routes[0]!, ahead, { now: NOW, say });
    const text = reply.blocks.flatMap((b) => b.lines).join('\n');
    expect(text).toContain('Position of unknown age');
    expect(text).not.toMatch(/Position from|live now|km\/h/);
    expect(text).toContain(`Last reported position (age unknown): ${LINK}`);
    expect(reply.location).toBeUndefined();
    const french = formatWhere(arrivals, arrivals.routes[0]!, ahead, { now: NOW, say: (id, args) => t('fr', id, args) });
    expect(french.blocks.flatMap((b) => b.lines).join('\n')).toContain("Position d'âge inconnu");
  });
});
