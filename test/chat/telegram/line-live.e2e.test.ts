import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { PICTURE_WIDTH, pictureHeight } from '../../../src/core/format/line-picture.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { memoryStores } from '../../core/fakes.js';
import { readPng } from '../../render/picture-pixels.js';
import { movableLine, type MovableLine } from '../live-line.js';
import { buttonsOf, htmlProblem, type RecordedCall } from './fake-bot-api.js';
import { ALICE, startHarness, type Harness } from './harness.js';

// /line's picture redrawn in place on Telegram, end to end: grammY -> real HTTP -> the fake Bot
// API, the real core (resvg drawing the PNGs), a real SQLite store. Refresh under the picture
// edits its photo and caption (editMessageMedia, the PNG uploaded as multipart "attach://"), never
// a second photo; 🔴 Live under it has the live updater redraw it while the bus moves, not while
// it stands still (nothing rasterised, no edit spent), across a restart, until its 10 minutes end.

const clock = fixedClock('2026-11-21T13:05:00Z');
const dirs: string[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dir: string, line: MovableLine): Promise<{ h: Harness; store: Store; updater: ReturnType<typeof createLiveUpdater> }> {
  const store = await openStore({ dataDir: dir });
  const core = createBotCore({ transit: line.transit, ...memoryStores(), now: clock, drawPng: line.drawPng });
  const h = await startHarness({ core, clock, liveMessages: store.liveMessages });
  opened.push(store, h);
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [h.telegram.liveEditor],
    budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
    clock,
    sleep: (ms) => Promise.resolve(clock.advance(ms)),
    intervalMs: 30_000,
    instanceId: `test-${opened.length}`,
    logger: pino({ level: 'silent' }),
  });
  return { h, store, updater };
}

/** The picture an editMessageMedia uploaded (its part named by "attach://"), and its caption. */
function uploaded(call: RecordedCall): { png: Uint8Array; caption: string; parseMode: unknown } {
  const media = call.params.media as { type: string; media: string; caption?: string; parse_mode?: string };
  expect(media.type).toBe('photo');
  expect(media.media).toMatch(/^attach:\/\//);
  return { png: call.params[media.media.slice('attach://'.length)] as Uint8Array, caption: String(media.caption), parseMode: media.parse_mode };
}

describe('/line on Telegram, redrawn in place', () => {
  it('Refresh edits the photo and its caption (multipart editMessageMedia), and sends no second photo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'line-live-'));
    dirs.push(dir);
    const line = movableLine();
    const { h } = await open(dir, line);
    h.text('/line 3017 95');
    const sent = await h.api.waitForCall('sendPhoto');
    const messageId = (sent.answer as { message_id: number }).message_id;
    expect(String(sent.params.caption)).toContain('6 min');
    const buttons = buttonsOf(sent).map((b) => b.callback_data);
    expect(buttons).toEqual(expect.arrayContaining(['2:u:line:95:3017', '2:u:linelive:95:3017']));

    line.move(2, 3);
    h.press('2:u:line:95:3017', { chatId: ALICE.id, messageId, photo: true });
    const edited = await h.api.waitForCall('editMessageMedia');
    expect(edited.params).toMatchObject({ chat_id: ALICE.id, message_id: messageId });
    const { png, caption, parseMode } = uploaded(edited);
    const picture = readPng(png);
    expect([picture.width, picture.height]).toEqual([PICTURE_WIDTH, pictureHeight(1)]);
    expect(parseMode).toBe('HTML');
    expect(htmlProblem(caption)).toBeUndefined();
    expect(caption).toContain('🛤 Route 95');
    expect(caption).toContain('3 min');
    expect(caption).not.toContain('6 min');
    expect(buttonsOf(edited).map((b) => b.callback_data)).toContain('2:u:line:95:3017');
    await vi.waitFor(() => expect(h.api.callsOf('answerCallbackQuery')).toHaveLength(1));
    expect(h.api.callsOf('sendPhoto')).toHaveLength(1);
    expect(h.api.callsOf('editMessageText')).toHaveLength(0);
  });

  it('🔴 Live redraws it while the bus moves, not while it stands still, across a restart, until its 10 minutes end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'line-live-'));
    dirs.push(dir);
    const line = movableLine();
    const first = await open(dir, line);
    first.h.text('/line 3017 95');
    const sent = await first.h.api.waitForCall('sendPhoto');
    const messageId = (sent.answer as { message_id: number }).message_id;
    const live = buttonsOf(sent).find((b) => b.callback_data.startsWith('2:u:linelive'))!;
    expect(live.text).toBe('🔴 Live');

    first.h.press(live.callback_data, { chatId: ALICE.id, messageId, photo: true });
    const pressed = await first.h.api.waitForCall('editMessageMedia');
    expect(uploaded(pressed).caption).toContain('🔴 Live: updated every 30 s for 10 more min');
    await vi.waitFor(async () => expect(await first.store.liveMessages.list('telegram')).toHaveLength(1));
    const [record] = await first.store.liveMessages.list('telegram');
    expect(record).toMatchObject({
      kind: 'picture',
      messageId: String(messageId),
      request: { name: 'line', options: { route: '95', stop: '3017' } },
    });

    // Nothing moved: no picture drawn, no edit spent.
    const drawn = line.drawn();
    clock.advance(30_000);
    expect(await first.updater.round()).toMatchObject({ moved: 0, unchanged: 1, deferred: 0 });
    expect(line.drawn()).toBe(drawn);
    expect(first.h.api.callsOf('editMessageMedia')).toHaveLength(1);

    // The bus moved: the picture and its caption redrawn in place.
    line.move(2.5, 2);
    clock.advance(30_000);
    expect(await first.updater.round()).toMatchObject({ moved: 1 });
    const redrawn = first.h.api.callsOf('editMessageMedia').at(-1)!;
    expect(redrawn.params).toMatchObject({ chat_id: ALICE.id, message_id: messageId });
    const { png, caption } = uploaded(redrawn);
    expect(readPng(png).width).toBe(PICTURE_WIDTH);
    expect(caption).toContain('2 min');
    expect(caption).toContain('for 9 more min');
    expect(first.h.api.callsOf('sendPhoto')).toHaveLength(1);

    // A restarted bot knows which picture the message shows (kept in the store): still nothing to redraw.
    await first.h.close();
    const again = await open(dir, line);
    again.h.api.knowPhoto(ALICE.id, messageId, caption);
    const drawnBefore = line.drawn();
    clock.advance(30_000);
    expect(await again.updater.round()).toMatchObject({ moved: 0, unchanged: 1 });
    expect(line.drawn()).toBe(drawnBefore);
    expect(again.h.api.callsOf('editMessageMedia')).toHaveLength(0);
    line.move(2.8, 1);
    clock.advance(30_000);
    expect(await again.updater.round()).toMatchObject({ moved: 1 });
    expect(uploaded(again.h.api.callsOf('editMessageMedia').at(-1)!).caption).toContain('1 min');

    // Its ten minutes over: a last picture saying it stopped, then nothing more.
    clock.advance(10 * 60_000);
    expect(await again.updater.round()).toMatchObject({ stopped: 1 });
    expect(uploaded(again.h.api.callsOf('editMessageMedia').at(-1)!).caption).toContain('Live updates stopped.');
    expect(await again.store.liveMessages.list('telegram')).toEqual([]);
    const edits = again.h.api.callsOf('editMessageMedia').length;
    line.move(4, 0);
    clock.advance(30_000);
    await again.updater.round();
    expect(again.h.api.callsOf('editMessageMedia')).toHaveLength(edits);
  });
});
