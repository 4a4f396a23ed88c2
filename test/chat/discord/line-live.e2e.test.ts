import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { DISCORD_EDIT_LIMITS } from '../../../src/chat/discord/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { PICTURE_WIDTH, pictureHeight } from '../../../src/core/format/line-picture.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { memoryStores } from '../../core/fakes.js';
import { readPng } from '../../render/picture-pixels.js';
import { movableLine, type MovableLine } from '../live-line.js';
import type { RestCall, StoredMessage } from './fake-discord.js';
import { startHarness, type Harness } from './harness.js';
import { ALICE, customIds, embedOf, GUILD, press, slash } from './interactions.js';

// /line's picture redrawn in place on Discord, end to end: discord.js -> real gateway and REST ->
// the fake Discord (multipart bodies read: payload_json and files[n]), the real core (resvg
// drawing the PNGs), a real SQLite store. Refresh under the picture edits its message with the new
// PNG as its attachment, named by the embed's image; 🔴 Live has the live updater PATCH the
// channel's message with a new attachment while the bus moves, and nothing while it stands still.

const clock = fixedClock('2026-11-21T13:05:00Z');
const dirs: string[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(line: MovableLine): Promise<{ h: Harness; store: Store; updater: ReturnType<typeof createLiveUpdater> }> {
  const dir = mkdtempSync(join(tmpdir(), 'discord-line-live-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir });
  const core = createBotCore({ transit: line.transit, ...memoryStores(), now: clock, drawPng: line.drawPng });
  const h = await startHarness({ core, clock, liveMessages: store.liveMessages });
  opened.push(store, h);
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [h.bot.liveEditor],
    budget: createEditBudget(DISCORD_EDIT_LIMITS, clock),
    clock,
    sleep: (ms) => Promise.resolve(clock.advance(ms)),
    intervalMs: 30_000,
    instanceId: 'test',
    logger: pino({ level: 'silent' }),
  });
  return { h, store, updater };
}

const text = (message: StoredMessage) => {
  const embed = embedOf(message);
  return [embed.title, embed.description, ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]), embed.footer?.text].join('\n');
};

/** The PNG a call uploaded (files[0]), checked to be the picture the embed names. */
function uploadedPng(call: RestCall): Uint8Array {
  expect(call.files?.map((f) => [f.field, f.filename])).toEqual([['files[0]', 'line.png']]);
  expect(call.body.embeds?.[0]?.image?.url).toBe('attachment://line.png');
  return new Uint8Array(call.files![0]!.data);
}

describe('/line on Discord, redrawn in place', () => {
  it('Refresh edits the message with the new picture; 🔴 Live PATCHes it while the bus moves, not while it stands still', async () => {
    const line = movableLine();
    const { h, store, updater } = await open(line);
    const token = h.discord.interact(slash('line', { route: '95', stop: '3017' }, ALICE, { guild: GUILD }));
    const answered = await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    const message = h.discord.original(token)!;
    expect(readPng(uploadedPng(answered)).height).toBe(pictureHeight(1));
    expect(message.attachments?.map((a) => a.filename)).toEqual(['line.png']);
    expect(text(message)).toContain('6 min');
    const ids = customIds(message).flat();
    const refresh = ids.find((id) => id.startsWith('b1:u:line?'))!;
    const live = ids.find((id) => id.startsWith('b1:u:linelive?'))!;
    expect([refresh, live].every((id) => id !== undefined)).toBe(true);

    // Refresh: the same message, its picture replaced (one attachment, the new PNG), no new message.
    line.move(2, 3);
    const pressed = h.discord.interact(press(refresh, message, ALICE));
    const refreshed = await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(pressed));
    const png = readPng(uploadedPng(refreshed));
    expect([png.width, png.height]).toEqual([PICTURE_WIDTH, pictureHeight(1)]);
    expect(text(message)).toContain('3 min');
    expect(message.attachments).toHaveLength(1);
    expect(Buffer.compare(message.attachments![0]!.data, refreshed.files![0]!.data)).toBe(0);
    expect(h.discord.callsTo('POST', /\/messages$/)).toHaveLength(0);

    // 🔴 Live: stored as a picture whose rounds ask the line.
    h.discord.interact(press(live, message, ALICE));
    await vi.waitFor(async () => expect(await store.liveMessages.list('discord')).toHaveLength(1));
    expect(await store.liveMessages.list('discord')).toEqual([
      expect.objectContaining({
        kind: 'picture',
        messageId: message.id,
        channelId: GUILD.channelId,
        request: { name: 'line', options: { route: '95', stop: '3017' } },
      }),
    ]);
    expect(embedOf(message).footer!.text).toContain('🔴 Live: updated every 30 s for 10 more min');
    const channelEdits = () => h.discord.callsTo('PATCH', new RegExp(`^/channels/${message.channel_id}/messages/${message.id}$`));

    // Nothing moved: nothing drawn, nothing sent.
    const drawn = line.drawn();
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 0, unchanged: 1 });
    expect(line.drawn()).toBe(drawn);
    expect(channelEdits()).toHaveLength(0);

    // The bus moved: the channel's message PATCHed with the new picture as its attachment.
    line.move(2.6, 1);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    const [edit] = channelEdits();
    expect(readPng(uploadedPng(edit!)).width).toBe(PICTURE_WIDTH);
    expect(edit!.body).toMatchObject({ attachments: [{ id: 0, filename: 'line.png' }] });
    expect(text(message)).toContain('1 min');
    expect(message.attachments).toHaveLength(1);
    expect(Buffer.compare(message.attachments![0]!.data, edit!.files![0]!.data)).toBe(0);
  });
});
