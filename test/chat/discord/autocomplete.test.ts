import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/bot/create-core.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, route, stopArrivals } from '../../bot/fakes.js';
import { riderWorld, startHarness, type Harness } from './harness.js';
import { BENOIT, autocomplete, slash } from './interactions.js';

// What a rider sees while typing an option: the callback of type 8 and its choices.

describe('autocomplete', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ core: riderWorld().core });
  });
  afterAll(() => h.close());

  async function choices(interaction: ReturnType<typeof autocomplete>) {
    const token = h.discord.interact(interaction);
    const call = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
    expect(call.body.type).toBe(8);
    return call.body.data!.choices as Array<{ name: string; value: string }>;
  }

  it("offers the chat's saved stops first, then stops by number or by name", async () => {
    expect(await choices(autocomplete('next', 'stop', '30', {}, BENOIT, 'dm'))).toEqual([
      { name: '3017 BASELINE 1B', value: '3017' },
      { name: '3019 BAYVIEW', value: '3019' },
    ]);
    const save = h.discord.interact(slash('save', { stop: '3019' }, BENOIT, 'dm'));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(save));
    await h.discord.waitForCall('POST', /webhooks\/\d+\/[^/]+$/, (c) => c.path.includes(save));
    // 3019 is unknown to the transit service, so it was not saved; /save 3017 is.
    const saved = h.discord.interact(slash('save', { stop: '3017' }, BENOIT, 'dm'));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(saved));
    expect(await choices(autocomplete('next', 'stop', '', {}, BENOIT, 'dm'))).toEqual([{ name: '3017 BASELINE STATION', value: '3017' }]);
    expect(await choices(autocomplete('routes', 'stop', 'bank', {}, BENOIT, 'dm'))).toEqual([{ name: '7687 BANK / SLATER', value: '7687' }]);
    expect(await choices(autocomplete('stop', 'query', 'bay', {}, BENOIT, 'dm'))).toEqual([{ name: '3019 BAYVIEW', value: '3019' }]);
  });

  it('offers the routes serving the stop already chosen', async () => {
    expect(await choices(autocomplete('next', 'route', '', { stop: '3017' }))).toEqual([
      { name: '95 Barrhaven Centre', value: '95' },
      { name: '97 Airport', value: '97' },
    ]);
    expect(await choices(autocomplete('next', 'route', '97', { stop: '3017' }))).toEqual([{ name: '97 Airport', value: '97' }]);
    expect(await choices(autocomplete('next', 'route', '9'))).toEqual([]);
  });

  it('offers nothing for options it does not know, rather than failing', async () => {
    expect(await choices(autocomplete('lang', 'language', 'f'))).toEqual([]);
    expect(await choices(autocomplete('frobnicate', 'stop', '30'))).toEqual([]);
  });
});

describe('autocomplete within limits', () => {
  it('offers at most 25 choices, each name at most 100 characters', async () => {
    const many = fakeStopIndex(Array.from({ length: 40 }, (_, i) => ({ code: String(4000 + i), id: `S${i}`, name: `MAIN STREET ${'X'.repeat(120)} ${i}`, lat: 45.4, lon: -75.7 })));
    const h = await startHarness({ core: createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock, stops: many }) });
    try {
      const token = h.discord.interact(autocomplete('next', 'stop', 'main'));
      const call = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      const offered = call.body.data!.choices as Array<{ name: string; value: string }>;
      expect(offered).toHaveLength(25);
      for (const choice of offered) expect(choice.name.length).toBeLessThanOrEqual(100);
    } finally {
      await h.close();
    }
  });

  it('answers with nothing, in time, when the route summary is slow to come', async () => {
    const slow = fakeTransit({
      summary: { 'summary 3017': () => new Promise((resolve) => setTimeout(() => resolve(stopArrivals([route('95', [])], '3017')), 1_500)) },
    });
    const h = await startHarness({ core: createBotCore({ transit: slow, ...memoryStores(), now: clock }), autocompleteBudgetMs: 150 });
    try {
      const started = Date.now();
      const token = h.discord.interact(autocomplete('next', 'route', '', { stop: '3017' }));
      const call = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      expect(call.body.data!.choices).toEqual([]);
      expect(call.at - started).toBeLessThan(1_000);
    } finally {
      await h.close();
    }
  });
});
