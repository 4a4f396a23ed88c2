// Disruptions end to end: the demo server's Service Alerts over real HTTP, read by the v1.2
// source as `npm start` opens it, through the real core and grammY to the fake Bot API.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { DEMO_ALERTS_PATH, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { buttonsOf, htmlProblem } from './fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from './harness.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';

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

async function start(alertsUrl = `${sim.url}${DEMO_ALERTS_PATH}`): Promise<Harness> {
  const opened = await openDemoWithDisruptions(sim.url, now, alertsUrl);
  const core = createBotCore({ transit: opened.source, ...memoryStores(), now, ...(opened.stops !== undefined ? { stops: opened.stops } : {}) });
  h = await startHarness({ core, ...(opened.stops !== undefined ? { stops: opened.stops } : {}), clock: now });
  return h;
}

describe('disruptions under arrivals and in /disruptions (Telegram)', () => {
  it('route 95 at Baseline: the detour in one line, with a button for the whole text; the one of 2100 is not shown', async () => {
    const { api, text } = await start();
    text('/next 3017 95');
    const sent = await api.waitForCall('sendMessage');
    const body = String(sent.params.text);
    expect(htmlProblem(body)).toBeUndefined();
    expect(body).toContain('<b>⚠️ Disruptions</b>');
    expect(body).toContain('Detour: Route 95 detoured around Albert St');
    expect(body).not.toContain('retired');
    expect(body).not.toContain('Laurier 1A');
    expect(buttonsOf(sent).map((b) => b.callback_data)).toContain('2:r:disruptions:3017:95');
  });

  it('Laurier (3020): the stop moved, named by one platform, shows for the whole stop', async () => {
    const { api, text } = await start();
    text('/next 3020');
    const body = String((await api.waitForCall('sendMessage')).params.text);
    expect(body).toContain('Stop moved: Laurier 1A: stop moved 50 m east');
    // Route 95 serves Laurier too: both, the one the feed calls a warning first.
    expect(body.indexOf('Detour:')).toBeLessThan(body.indexOf('Stop moved:'));
  });

  it('a stop neither names shows none', async () => {
    const { api, text } = await start();
    text('/next 7687');
    const body = String((await api.waitForCall('sendMessage')).params.text);
    expect(body).toContain('BANK / SLATER');
    expect(body).not.toContain('Disruptions');
  });

  it('the button gives the whole text, entities decoded then escaped once; French for a French chat', async () => {
    const { api, text, press } = await start();
    text('/next 3017 95');
    const sent = await api.waitForCall('sendMessage');
    const { message_id } = sent.answer as { message_id: number };
    press('2:r:disruptions:3017:95', { chatId: ALICE.id, messageId: message_id });
    const whole = String((await api.waitForCall('sendMessage', (c) => c !== sent)).params.text);
    expect(htmlProblem(whole)).toBeUndefined();
    expect(whole).toContain('route 95 uses Slater St between Bronson and Kent. Stops on Albert St &amp; Kent are not served.');
    expect(whole).not.toContain('&amp;amp;');
    text('/disruptions 3017 95', BENOIT);
    const french = String((await api.waitForCall('sendMessage', (c) => c.params.chat_id === BENOIT.id)).params.text);
    expect(french).toContain('Détour : Ligne 95 détournée autour de la rue Albert');
    expect(french).toContain('la ligne 95 emprunte la rue Slater');
  });

  it('/disruptions alone lists what is active now in the whole network', async () => {
    const { api, text } = await start();
    text('/disruptions');
    const body = String((await api.waitForCall('sendMessage')).params.text);
    expect(body).toContain('Route 95 detoured around Albert St');
    expect(body).toContain('Laurier 1A: stop moved 50 m east');
    expect(body).not.toContain('retired');
  });

  it('a disruptions feed that cannot be read is said so under the arrivals, which still come', async () => {
    const { api, text } = await start('http://127.0.0.1:9/gtfs-rt/alerts');
    text('/next 3017 95');
    const body = String((await api.waitForCall('sendMessage')).params.text);
    expect(body).toContain('<b>95 Orléans</b>');
    expect(body).toContain("Disruptions can't be read right now.");
    text('/disruptions 3017');
    const answer = String((await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('Disruptions at stop'))).params.text);
    expect(answer).toContain("The disruptions feed can't be read right now.");
  });
});
