// What riders type, end to end: the demo server over real HTTP (v1.2 API, its stops file and
// Service Alerts), the real core and grammY, the fake Bot API. Items 17-19 of issue 30.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';
import { buttonsOf } from './fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from './harness.js';

const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;

let sim: SimServer;
let h: Harness | undefined;
beforeAll(async () => void (sim = await startSimServer({ now })));
afterAll(() => sim.close());
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(): Promise<Harness> {
  const opened = await openDemoWithDisruptions(sim.url, now);
  const core = createBotCore({ transit: opened.source, ...memoryStores(), now, ...(opened.stops !== undefined ? { stops: opened.stops } : {}) });
  h = await startHarness({ core, ...(opened.stops !== undefined ? { stops: opened.stops } : {}), clock: now });
  return h;
}

describe("riders' words on Telegram", () => {
  it('/next laurier offers the Laurier stops; pressing one answers its arrivals', async () => {
    const { api, text, press } = await start();
    text('/next laurier');
    const sent = await api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain('Stops matching "laurier"');
    expect(String(sent.params.text)).not.toContain('3017');
    const data = buttonsOf(sent).map((b) => b.callback_data);
    expect(data).toEqual(expect.arrayContaining(['2:r:next:3020', '2:r:next:6812', '2:r:next:7609']));
    press('2:r:next:3020', { chatId: ALICE.id, messageId: (sent.answer as { message_id: number }).message_id });
    const board = await api.waitForCall('sendMessage', (c) => c !== sent);
    expect(String(board.params.text)).toContain('LAURIER');
    expect(String(board.params.text)).toContain('(3020)');
  });

  it('"bonjour" is greeted in French, with a button that shares the location', async () => {
    const { api, text } = await start();
    text('bonjour', BENOIT);
    const sent = await api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain('Bonjour! Je vous dis quand passe votre autobus.');
    expect(sent.params.reply_markup).toEqual({
      keyboard: [[{ text: '📍 Partager ma position', request_location: true }]],
      resize_keyboard: true,
      one_time_keyboard: true,
    });
  });

  it('/next 3017 96 offers the routes that do stop there', async () => {
    const { api, text } = await start();
    text('/next 3017 96');
    const sent = await api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain('Route 96');
    expect(String(sent.params.text)).toContain('Routes at 3017: 95, 97');
    expect(buttonsOf(sent).map((b) => b.callback_data)).toEqual(['2:r:next:3017:95', '2:r:next:3017:97']);
  });

  it('/disruptions route 999 says the route does not exist, in both languages; route 95 still lists its detour', async () => {
    const { api, text } = await start();
    text('/disruptions route 999');
    const english = String((await api.waitForCall('sendMessage')).params.text);
    expect(english).toContain('Route 999');
    expect(english).not.toContain('No disruptions');
    text('/disruptions route 999', BENOIT);
    const french = String((await api.waitForCall('sendMessage', (c) => c.params.chat_id === BENOIT.id)).params.text);
    expect(french).toContain('999');
    expect(french).not.toContain('Aucune perturbation');
    text('/disruptions route 95');
    const detour = await api.waitForCall('sendMessage', (c) => c.params.chat_id === ALICE.id && String(c.params.text).includes('Detour'));
    expect(String(detour.params.text)).toContain('Route 95 detoured');
  });
});
