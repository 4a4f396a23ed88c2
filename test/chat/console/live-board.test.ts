import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { createConsoleChat } from '../../../src/chat/console/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';

// 🔴 Live in the terminal, with the real live updater and a real SQLite store: the board it
// promises "updated every 30 s" is printed again below whenever it changed, and once more when
// it stops; a round with nothing new prints nothing.

const opened: Array<{ close(): Promise<void> }> = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const bus = (minutes: number) => stopArrivals([route('95', [trip(minutes, { trust: 'tracked', startTime: '07:40', destination: 'Orléans' })])]);

async function terminal(languageCode: string) {
  const dir = mkdtempSync(join(tmpdir(), 'console-live-'));
  dirs.push(dir);
  const store: Store = await openStore({ dataDir: dir });
  opened.push(store);
  const clock = fixedClock('2026-11-21T13:05:00Z');
  let board: StopArrivals = bus(4);
  const transit = fakeTransit({ next: { 'next 3017 95': () => board }, all: { 'all 3017': () => board } });
  const core = createBotCore({ transit, ...memoryStores(), now: clock });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const chat = createConsoleChat({ core, input, output, interactive: false, languageCode, live: { messages: store.liveMessages, clock } });
  opened.push({ close: () => chat.stop() });
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [chat.liveEditor!],
    budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
    clock,
    intervalMs: 30_000,
    instanceId: 'console-test',
    logger: pino({ level: 'silent' }),
  });
  await chat.start();
  return {
    store,
    input,
    printed: () => text,
    setBoard: (next: StopArrivals) => void (board = next),
    round: async () => {
      clock.advance(30_000);
      return updater.round();
    },
  };
}

describe('🔴 Live in the terminal', () => {
  it.each([
    [
      'en_CA.UTF-8',
      '🔴 Live: updated every 30 s for 10 more min',
      '3 min (',
      'for 9 more min',
      'Live updates stopped. Press 🔴 Live for 10 more minutes.',
    ],
    [
      'fr_CA.UTF-8',
      '🔴 En direct : mis à jour toutes les 30 s pendant encore 10 min',
      '3 min (',
      'pendant encore 9 min',
      'Mises à jour en direct arrêtées.',
    ],
  ])('%s: prints the board again as it changes, for its 10 minutes, then says it stopped', async (languageCode, promise, moved, later, stopped) => {
    const t = await terminal(languageCode);
    t.input.write('/live 3017 95\n');
    await vi.waitFor(async () => expect(await t.store.liveMessages.list('console')).toHaveLength(1));
    expect(t.printed()).toContain(promise);
    const boards = () => t.printed().split('TUNNEY').length - 1;
    expect(boards()).toBe(1);

    // The bus comes closer: the board is printed again, with its new time.
    t.setBoard(bus(3));
    expect(await t.round()).toMatchObject({ moved: 1 });
    expect(boards()).toBe(2);
    expect(t.printed().split('TUNNEY').at(-1)).toContain(moved);
    // A minute less to go: printed again.
    expect(await t.round()).toMatchObject({ moved: 1 });
    expect(boards()).toBe(3);
    expect(t.printed().split('TUNNEY').at(-1)).toContain(later);
    // Nothing new (the same minutes, the same bus): nothing printed.
    expect(await t.round()).toMatchObject({ moved: 1 });
    expect(boards()).toBe(3);

    // Ten minutes after the press, one last board says it stopped; nothing after that.
    for (let i = 0; i < 17; i++) await t.round();
    expect(t.printed().trimEnd()).toContain(stopped);
    expect(await t.store.liveMessages.list('console')).toEqual([]);
    const printed = t.printed();
    await t.round();
    expect(t.printed()).toBe(printed);
  });

  it('one board at a time: a second /live replaces the first, and a board of an earlier run is not carried on', async () => {
    const t = await terminal('en_CA.UTF-8');
    t.input.write('/live 3017 95\n');
    await vi.waitFor(async () => expect(await t.store.liveMessages.list('console')).toHaveLength(1));
    const [first] = await t.store.liveMessages.list('console');
    t.input.write('/live 3017\n');
    await vi.waitFor(async () => expect((await t.store.liveMessages.list('console')).filter((m) => m.id !== first!.id)).toHaveLength(1));
    expect(await t.store.liveMessages.list('console')).toHaveLength(1);
    expect((await t.store.liveMessages.list('console'))[0]!.request).toEqual({ name: 'next', options: { stop: '3017' } });

    const again = createConsoleChat({
      core: createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: fixedClock(0) }),
      input: new PassThrough(),
      output: new PassThrough(),
      interactive: false,
      live: { messages: t.store.liveMessages, clock: fixedClock(0) },
    });
    await again.start();
    await vi.waitFor(async () => expect(await t.store.liveMessages.list('console')).toEqual([]));
    await again.stop();
  });
});
