// A later board end to end on Telegram: the demo server's GTFS twin over real HTTP (its schedule
// zip, as `npm start` reads it for later times), the real core and grammY, the fake Bot API.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createGtfsSource, type GtfsSource } from '../../../src/sources/gtfs/source.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { memoryStores } from '../../core/fakes.js';
import { capturingLogger, tempDir } from '../../sources/gtfs/helpers.js';
import { buttonsOf } from './fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from './harness.js';

// Wednesday 18 November 2026, 08:00 in Ottawa.
const NOW = new Date('2026-11-18T13:00:00Z');
const now = () => NOW;
const dir = tempDir();

let sim: SimServer;
let twin: GtfsSource;
let h: Harness | undefined;
beforeAll(async () => {
  sim = await startSimServer({ now });
  twin = await createGtfsSource({
    schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
    dataDir: dir.path,
    now,
    logger: capturingLogger().logger,
  });
  expect(await twin.refreshSchedule()).toBe('imported');
});
afterAll(async () => {
  await twin.close();
  await sim.close();
  dir.remove();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a later board on Telegram', () => {
  it('"/next 3017 95 tomorrow" answers in clock times; "Later →" edits it to the next page', async () => {
    h = await startHarness({ core: createBotCore({ transit: twin, ...memoryStores(), now }), clock: now });
    const { api, text, press } = h;
    text('/next 3017 95 tomorrow');
    const sent = await api.waitForCall('sendMessage');
    const board = String(sent.params.text);
    expect(board).toContain('Route 95 at BASELINE (3017), Thu, Nov 19');
    expect(board).toContain('05:30 🕒');
    expect(board).not.toMatch(/\d+ min\b/);
    const later = buttonsOf(sent).find((b) => b.text === 'Later →')!;
    expect(later.callback_data).toBe('2:u:next:3017:95:2026-11-19_0616');
    press(later.callback_data, { chatId: ALICE.id, messageId: (sent.answer as { message_id: number }).message_id });
    const edited = await api.waitForCall('editMessageText');
    expect(String(edited.params.text)).toContain('Thu, Nov 19 from 06:16');
    expect(String(edited.params.text)).not.toContain('05:30');
  });

  it('"/prochain 3017 95 à 25h" is answered in French with what is wrong', async () => {
    h = await startHarness({ core: createBotCore({ transit: twin, ...memoryStores(), now }), clock: now });
    h.text('/prochain 3017 95 à 25h', BENOIT);
    const sent = await h.api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain("« 25h » n'est pas une heure");
  });
});
