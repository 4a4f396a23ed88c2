// End to end: discord.js -> a real gateway and REST -> the fake Discord; the real core, the real
// v1.2 client and the local v1.2 server with its demo network (a Wednesday, 08:00 in Ottawa), the
// demo stop index. Driven as riders and the alert scheduler would: a slash command with its
// deferral, an autocomplete, a Refresh, a French rider, and alerts meeting a 429 and a closed DM.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import type { Reply } from '../../../src/domain/reply.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer, type SimServer } from '../../../src/sim/index.js';
import { loadStopIndex } from '../../../src/stops/index.js';
import { createTransitClient } from '../../../src/sources/octranspo-v12/index.js';
import { memoryStores } from '../../core/fakes.js';
import { startHarness, TOKEN, type Harness } from './harness.js';
import { ALICE, autocomplete, BENOIT, customIds, embedOf, press, slash } from './interactions.js';

const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;

let sim: SimServer;
let h: Harness;

beforeAll(async () => {
  sim = await startSimServer({ now });
  const transit = createTransitClient({ baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY });
  const core = createBotCore({ transit, ...memoryStores(), now, stops: await loadStopIndex(DEMO_STOPS_FILE) });
  h = await startHarness({ core, clock: now });
});
afterAll(async () => {
  await h.close();
  await sim.close();
});

describe('Discord, end to end', () => {
  it('a rider asks /next: the deferral comes at once, then the arrivals; Refresh redraws them in place', async () => {
    const asked = performance.now();
    const token = h.discord.interact(slash('next', { stop: '3017', route: '95' }, ALICE));
    const deferral = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
    expect(deferral.body.type).toBe(5);
    expect(deferral.at - asked).toBeLessThan(1_000);
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    const message = h.discord.original(token)!;
    const embed = embedOf(message);
    expect(embed.title).toBe('BASELINE STATION (3017)');
    expect(embed.fields!.length).toBeGreaterThan(0);
    for (const field of embed.fields!) expect(field.name).toMatch(/^95 /);
    expect(embed.fields!.flatMap((f) => f.value.split('\n')).every((line) => /(📡|🕒)/u.test(line) || line === 'No more trips today.')).toBe(true);
    expect(embed.footer!.text).toMatch(/Updated at 08:00$/);

    const refresh = h.discord.interact(press(customIds(message)[0]![0]!, message, ALICE));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(refresh));
    expect(h.discord.calls.filter((c) => c.path.includes(refresh)).map((c) => c.body.type ?? c.method)).toEqual([6, 'PATCH']);
    expect(message.history).toHaveLength(3); // the placeholder, the arrivals, the refreshed arrivals
  });

  it('autocomplete offers stops from the demo index by number and by name, and the routes of a stop', async () => {
    const byNumber = h.discord.interact(autocomplete('next', 'stop', '302'));
    const numbers = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(byNumber));
    expect(numbers.body.data!.choices!.map((c) => c.value)).toEqual(expect.arrayContaining(['3020', '3022']) as string[]);
    const byName = h.discord.interact(autocomplete('stop', 'query', 'lees'));
    const names = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(byName));
    expect(names.body.data!.choices!.map((c) => c.value)).toContain('3022');
    const routes = h.discord.interact(autocomplete('next', 'route', '', { stop: '3017' }));
    const served = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(routes));
    expect(served.body.data!.choices!.map((c) => c.value)).toEqual(expect.arrayContaining(['95', '97']) as string[]);
  });

  it('a French rider reads French', async () => {
    const token = h.discord.interact(slash('next', { stop: '3017' }, BENOIT, 'dm'));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    const message = h.discord.original(token)!;
    expect(embedOf(message).footer!.text).toMatch(/Mis à jour à 08:00$/);
    expect(message.components[0]!.components.map((b) => b.label)).toEqual(['Actualiser', '🔴 En direct', "Enregistrer l'arrêt"]);
  });

  it('alerts: a 429 on a channel is waited out; a DM that refuses (403 50007) is a permanent failure, not tried again', async () => {
    const alert: Reply = {
      kind: 'answer',
      title: 'BASELINE STATION (3017)',
      blocks: [{ heading: '95 Barrhaven Centre', lines: ['4 min (08:04) 📡'] }],
    };
    const channel = '1300000000000000777';
    h.discord.failNext('POST', new RegExp(`^/channels/${channel}/messages$`), {
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 0.5, global: false },
      headers: { 'retry-after': '1', 'x-ratelimit-scope': 'user' },
    });
    expect(await h.bot.notifier.send(channel, alert)).toEqual({ status: 'sent' });
    expect(h.discord.callsTo('POST', new RegExp(`^/channels/${channel}/messages$`)).map((c) => c.status)).toEqual([429, 200]);

    const closedDms = `@${BENOIT.id}`;
    h.discord.refuse('POST', /^\/channels\/\d+\/messages$/, { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
    try {
      expect(await h.bot.notifier.send(closedDms, alert)).toEqual({
        status: 'permanent-failure',
        reason: '403 50007: Cannot send messages to this user',
      });
      const calls = h.discord.calls.length;
      expect((await h.bot.notifier.send(closedDms, alert)).status).toBe('permanent-failure');
      expect(h.discord.calls.length).toBe(calls);
    } finally {
      h.discord.clearRefusals();
    }
    expect(h.logs.join('\n')).not.toContain(TOKEN);
  });
});
