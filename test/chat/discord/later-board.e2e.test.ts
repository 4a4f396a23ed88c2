// A later board on Discord end to end: discord.js -> the fake Discord; the real core over the demo
// server's GTFS twin (its schedule zip over real HTTP). The slash command's `when` option, in the
// rider's words, and "Later →" paging the board in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { capturingLogger, tempDir } from '../../sources/gtfs/helpers.js';
import { startHarness, type Harness } from './harness.js';
import { ALICE, BENOIT, customIds, embedOf, press, slash } from './interactions.js';

// Wednesday 18 November 2026, 08:00 in Ottawa.
const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;
const dir = tempDir();

let sim: SimServer;
let twin: GtfsSource;
let h: Harness;

beforeAll(async () => {
  sim = await startSimServer({ now });
  twin = await createGtfsSource({
    schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
    dataDir: dir.path,
    now,
    logger: capturingLogger().logger,
  });
  expect(await twin.refreshSchedule()).toBe('imported');
  h = await startHarness({ core: createBotCore({ transit: twin, ...memoryStores(), now }), clock: now });
});
afterAll(async () => {
  await h.close();
  await twin.close();
  await sim.close();
  dir.remove();
});

describe('a later board on Discord', () => {
  it('/next stop:3017 route:95 when:"last": the last buses, past midnight included', async () => {
    const token = h.discord.interact(slash('next', { stop: '3017', route: '95', when: 'last' }, ALICE));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    const embed = embedOf(h.discord.original(token));
    expect(embed.title).toBe('Route 95 at BASELINE (3017), Wed, Nov 18, last buses');
    expect(embed.fields!.flatMap((f) => f.value.split('\n'))).toContain('01:00 Thu 🕒 · last bus');
  });

  it('/prochain quand:"demain à 7h" in French, and "Plus tard →" pages it in place', async () => {
    const token = h.discord.interact(slash('next', { stop: '3017', route: '95', when: 'demain à 7h' }, BENOIT, 'dm'));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    const message = h.discord.original(token)!;
    expect(embedOf(message).title).toBe('Circuit 95 à BASELINE (3017), jeu. 19 nov. à partir de 07:00');
    const later = customIds(message)
      .flat()
      .find((id) => id.includes('next'))!;
    const paged = h.discord.interact(press(later, message, BENOIT));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(paged));
    expect(embedOf(message).title).toMatch(/^Circuit 95 à BASELINE \(3017\), jeu\. 19 nov\. à partir de 0[78]:\d\d$/);
    expect(embedOf(message).title).not.toContain('à partir de 07:00');
  });
});
