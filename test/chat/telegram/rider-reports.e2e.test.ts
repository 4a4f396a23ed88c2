// The 👻 button end to end: the demo server's v1.2 API over real HTTP, the real core and grammY,
// the fake Bot API, and the store on SQLite. A trip shown at 08:00 is gone from the board five
// minutes later: Refresh offers "👻 95 08:00 didn't come?", and its press counts once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { startSimServer, type SimServer } from '../../../src/sim/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { memoryStores } from '../../core/fakes.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';
import { buttonsOf } from './fake-bot-api.js';
import { ALICE, BENOIT, startHarness, type Harness } from './harness.js';

const START = Date.parse('2026-11-18T13:00:00Z');
const clock = fixedClock(START);
let sim: SimServer;
let h: Harness;
let store: Store;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'arrivals-reports-'));
  store = await openStore({ dataDir, now: clock });
  sim = await startSimServer({ now: clock });
  const opened = await openDemoWithDisruptions(sim.url, clock);
  const core = createBotCore({ transit: opened.source, ...memoryStores(), now: clock, riderReports: store.riderReports });
  h = await startHarness({ core, clock });
});
afterAll(async () => {
  await h.close();
  await sim.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("👻 didn't come (Telegram)", () => {
  it('is offered on Refresh once a trip shown has had its time pass, and a press counts once', async () => {
    const { api, text, press } = h;
    text('/next 3017 95');
    const sent = await api.waitForCall('sendMessage');
    expect(String(sent.params.text)).toContain('08:00');
    const first = buttonsOf(sent).map((b) => b.callback_data);
    expect(first.filter((data) => data?.includes(':ghost:'))).toEqual([]);
    const { message_id } = sent.answer as { message_id: number };

    clock.set(START + 5 * 60_000);
    press('2:u:next:3017:95', { chatId: ALICE.id, messageId: message_id });
    const refreshed = await api.waitForCall('editMessageText');
    expect(String(refreshed.params.text)).not.toContain('(08:00)');
    const ghost = buttonsOf(refreshed).find((b) => b.text === "👻 95 08:00 didn't come?");
    expect(ghost?.callback_data).toBe(`2:n:ghost:3017:95:0800:${START / 60_000}`);

    const toast = (id: string) => api.waitForCall('answerCallbackQuery', (c) => c.params.callback_query_id === id);
    const once = await toast(press(ghost!.callback_data, { chatId: ALICE.id, messageId: message_id }));
    expect(once.params.text).toBe("👻 Thank you: your word that the 95 didn't come is counted.");
    const twice = await toast(press(ghost!.callback_data, { chatId: ALICE.id, messageId: message_id }));
    expect(twice.params.text).toBe('You already reported this 95. Thank you.');
    const since = new Date(START - 60 * 60_000);
    expect(await store.riderReports.count({ route: '95', stop: '3017', since })).toBe(1);

    // Another rider's word counts too, in their language.
    const benoit = await toast(press(ghost!.callback_data, { chatId: BENOIT.id, messageId: message_id }, BENOIT));
    expect(benoit.params.text).toBe("👻 Merci : votre signalement que le 95 n'est pas passé est compté.");
    expect(await store.riderReports.count({ route: '95', since })).toBe(2);
  });
});
