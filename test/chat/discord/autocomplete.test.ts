import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { createStopIndex, parseStopsTxt } from '../../../src/stops/index.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, route, stopArrivals } from '../../core/fakes.js';
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
    const many = fakeStopIndex(
      Array.from({ length: 40 }, (_, i) => ({
        code: String(4000 + i),
        id: `S${i}`,
        name: `MAIN STREET ${'X'.repeat(120)} ${i}`,
        lat: 45.4,
        lon: -75.7,
      })),
    );
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
      const started = performance.now();
      const token = h.discord.interact(autocomplete('next', 'route', '', { stop: '3017' }));
      const call = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      expect(call.body.data!.choices).toEqual([]);
      expect(call.at - started).toBeLessThan(1_000);
    } finally {
      await h.close();
    }
  });
});

describe('autocomplete on the whole city (5,694 stops, 2014)', () => {
  it('answers every keystroke quickly, by number and by name, at most 25 choices', async () => {
    const file = readFileSync(new URL('../../fixtures/gtfs/stops-2014.txt.gz', import.meta.url));
    const city = createStopIndex(parseStopsTxt(gunzipSync(file).toString('utf8')));
    const h = await startHarness({ core: createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock, stops: city }) });
    try {
      const asked = async (typed: string) => {
        const sent = performance.now();
        const token = h.discord.interact(autocomplete('next', 'stop', typed));
        const call = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
        return { ms: call.at - sent, choices: call.body.data!.choices! };
      };
      const latencies: number[] = [];
      for (const typed of ['3', '30', '301', '3017', 'r', 'ri', 'rid', 'ride', 'rideau', 'bank / somerset']) {
        const { ms, choices } = await asked(typed);
        latencies.push(ms);
        expect(choices.length, typed).toBeGreaterThan(0);
        expect(choices.length, typed).toBeLessThanOrEqual(25);
      }
      expect((await asked('3017')).choices[0]).toMatchObject({ value: '3017' });
      for (const choice of (await asked('rideau')).choices) expect(choice.name).toMatch(/RIDEAU/);
      // Discord allows 3 s; on a laptop each answer takes a few milliseconds.
      expect(Math.max(...latencies)).toBeLessThan(500);
    } finally {
      await h.close();
    }
  });
});
