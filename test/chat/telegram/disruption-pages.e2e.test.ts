// A network-wide /disruptions of twelve, end to end: the demo server's Service Alerts over real
// HTTP, the v1.2 source as `npm start` opens it, the real core and grammY, the fake Bot API. The
// ▶ and ◀ buttons turn the pages in place; 📄 sends one disruption whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { disruptionRef } from '../../../src/core/format/disruptions.js';
import { DEMO_DISRUPTIONS, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';
import { buttonsOf, htmlProblem } from './fake-bot-api.js';
import { ALICE, startHarness, type Harness } from './harness.js';

const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;
const LONG = Array.from({ length: 20 }, (_, i) => `Step ${i + 1}: the detour takes Slater St, then Kent St, then Albert St again.`).join(' ');

/** Twelve detours of route 95, the first with a text longer than its share of a page. */
const TWELVE = Array.from({ length: 12 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    id: `detour${n}`,
    alert: {
      informedEntity: [{ routeId: '95-184' }],
      effect: 4, // DETOUR
      severityLevel: 3, // WARNING
      headerText: { translation: [{ text: `Detour number ${n}`, language: 'en' }] },
      descriptionText: { translation: [{ text: i === 0 ? LONG : `Short notice ${n}.`, language: 'en' }] },
    },
  };
});

let sim: SimServer;
let h: Harness;
beforeAll(async () => {
  sim = await startSimServer({ now });
  sim.setDisruptions(TWELVE);
  const opened = await openDemoWithDisruptions(sim.url, now);
  const core = createBotCore({ transit: opened.source, ...memoryStores(), now, ...(opened.stops !== undefined ? { stops: opened.stops } : {}) });
  h = await startHarness({ core, clock: now });
});
afterAll(async () => {
  await h.close();
  sim.setDisruptions(DEMO_DISRUPTIONS);
  await sim.close();
});

const detours = (text: string) => [...text.matchAll(/Detour number (\d\d)/g)].map((m) => m[1]);

describe('/disruptions, a page at a time (Telegram)', () => {
  it('▶ shows the next five in the same message, ◀ the ones before; 📄 the whole of a long one', async () => {
    const { api, text, press } = h;
    text('/disruptions');
    const sent = await api.waitForCall('sendMessage');
    const first = String(sent.params.text);
    expect(htmlProblem(first)).toBeUndefined();
    expect(detours(first)).toEqual(['01', '02', '03', '04', '05']);
    expect(first).toContain('Page 1 of 3 (12 disruptions)');
    expect(first).not.toContain(LONG);
    const buttons = buttonsOf(sent).map((b) => b.callback_data);
    expect(buttons).toContain('2:u:disruptionspage:2');
    expect(buttons).toContain(`2:r:disruption:${disruptionRef('detour01')}`);
    const { message_id } = sent.answer as { message_id: number };

    press('2:u:disruptionspage:2', { chatId: ALICE.id, messageId: message_id });
    const second = await api.waitForCall('editMessageText');
    expect(second.params.message_id).toBe(message_id);
    expect(detours(String(second.params.text))).toEqual(['06', '07', '08', '09', '10']);
    expect(String(second.params.text)).toContain('Page 2 of 3');
    expect(buttonsOf(second).map((b) => b.callback_data)).toEqual(['2:u:disruptionspage:1', '2:u:disruptionspage:3']);

    press('2:u:disruptionspage:3', { chatId: ALICE.id, messageId: message_id });
    const third = await api.waitForCall('editMessageText', (c) => c !== second);
    expect(detours(String(third.params.text))).toEqual(['11', '12']);
    expect(buttonsOf(third).map((b) => b.callback_data)).toEqual(['2:u:disruptionspage:2']);

    press(`2:r:disruption:${disruptionRef('detour01')}`, { chatId: ALICE.id, messageId: message_id });
    const whole = await api.waitForCall('sendMessage', (c) => c !== sent);
    expect(htmlProblem(String(whole.params.text))).toBeUndefined();
    expect(String(whole.params.text)).toContain(LONG);
  });
});
