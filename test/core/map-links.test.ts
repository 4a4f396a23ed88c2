import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { renderReply as telegramMessage } from '../../src/chat/telegram/render.js';
import { renderReply as discordMessage } from '../../src/chat/discord/render.js';
import { clock, fakeTransit, groupChat, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// The live map one tap away under arrivals: the route asked for (or a few routes shown), the
// rider's stop marked; a Mini App in a private Telegram chat over https, a link button in a
// group and on Discord, the address in the terminal; nothing when the bot serves no map.

const baseline = stopArrivals(
  [route('95', [trip(4)]), route('97', [trip(9)]), route('98', [], { problem: { kind: 'route-not-at-stop' } })],
  '3017',
  'BASELINE',
);
const address = (route: string, stop: string) => `https://bus.example.org/map?route=${route}&stop=${stop}`;

function coreWith(mapAddress?: (route: string, stop: string) => string | undefined) {
  const transit = fakeTransit({
    all: { 'all 3017': baseline },
    next: { 'next 3017 95': stopArrivals([route('95', [trip(4)])], '3017', 'BASELINE') },
  });
  return createBotCore({ transit, ...memoryStores(), now: clock, ...(mapAddress !== undefined ? { mapAddress } : {}) });
}

describe('the live map under arrivals', () => {
  it('one route asked: its map, opened in the chat when private', async () => {
    const reply = await coreWith(address).handleText('/next 3017 95', privateChat());
    expect(reply?.links).toEqual([{ label: '🗺 Map', url: 'https://bus.example.org/map?route=95&stop=3017', inChat: true }]);
    expect(telegramMessage(reply!).reply_markup?.inline_keyboard.at(-1)).toEqual([
      { text: '🗺 Map', web_app: { url: 'https://bus.example.org/map?route=95&stop=3017' } },
    ]);
  });

  it("all routes: each served route's map, a link button in a group and on Discord", async () => {
    const reply = await coreWith(address).handleText('/next 3017', groupChat());
    expect(reply?.links?.map((l) => [l.label, l.inChat ?? false])).toEqual([
      ['🗺 95', false],
      ['🗺 97', false],
    ]);
    expect(telegramMessage(reply!).reply_markup?.inline_keyboard.at(-1)).toEqual([
      { text: '🗺 95', url: 'https://bus.example.org/map?route=95&stop=3017' },
      { text: '🗺 97', url: 'https://bus.example.org/map?route=97&stop=3017' },
    ]);
    expect(discordMessage(reply!).components.at(-1)?.components).toEqual([
      { type: 2, style: 5, label: '🗺 95', url: 'https://bus.example.org/map?route=95&stop=3017' },
      { type: 2, style: 5, label: '🗺 97', url: 'https://bus.example.org/map?route=97&stop=3017' },
    ]);
  });

  it('the terminal prints the address; a plain http address is a link, never a Mini App', async () => {
    const local = (route: string, stop: string) => `http://127.0.0.1:8090/map?route=${route}&stop=${stop}`;
    const reply = await coreWith(local).handleText('/next 3017 95', privateChat());
    expect(renderPlainText(reply!)).toContain('[🗺 Map] http://127.0.0.1:8090/map?route=95&stop=3017');
    expect(telegramMessage(reply!).reply_markup?.inline_keyboard.at(-1)).toEqual([
      { text: '🗺 Map', url: 'http://127.0.0.1:8090/map?route=95&stop=3017' },
    ]);
  });

  it('no map served: no link', async () => {
    expect((await coreWith().handleText('/next 3017 95', privateChat()))?.links).toBeUndefined();
    expect((await coreWith(() => undefined).handleText('/next 3017', privateChat()))?.links).toBeUndefined();
  });
});
