import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { DISCORD_EDIT_LIMITS } from '../../../src/chat/discord/limits.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import type { StopArrivals } from '../../../src/domain/arrivals.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { TransitError } from '../../../src/domain/transit-error.js';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';
import { trackedBusBoard } from '../tracked-bus.js';
import type { StoredMessage } from './fake-discord.js';
import { startHarness, TOKEN, type Harness } from './harness.js';
import { ALICE, BENOIT, customIds, embedOf, GUILD, press, slash, type Place, type Rider } from './interactions.js';

// 📍 and 🔴 Live on Discord end to end: discord.js -> real gateway and REST -> the fake Discord,
// the real core, a real SQLite store and the live updater. The answer's embed is edited in place
// (PATCH /channels/{channel}/messages/{message}) as later feed snapshots come, and a last time
// saying it is no longer updated once the bus has passed or the period ended.

const clock = fixedClock('2026-11-21T13:05:00Z');
// Route 95 at 3017: the bus of 07:40, tracked, coming closer snapshot after snapshot.
let board: StopArrivals;
let feedDown = false;
const snapshot = (lat: number, stopsAway: number, passed = false) => trackedBusBoard(clock, lat, stopsAway, passed);

const dirs: string[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  feedDown = false;
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(
  logs: string[] = [],
  dir = mkdtempSync(join(tmpdir(), 'discord-live-')),
): Promise<{ h: Harness; store: Store; updater: ReturnType<typeof createLiveUpdater> }> {
  if (!dirs.includes(dir)) dirs.push(dir);
  const store = await openStore({ dataDir: dir });
  const answer = () => {
    if (feedDown) throw new TransitError('unavailable', 'feed down', { reason: 'timeout' });
    return board;
  };
  const transit = fakeTransit({ next: { 'next 3017 95': answer }, all: { 'all 3017': answer } });
  const core = createBotCore({ transit, ...memoryStores(), now: clock });
  const h = await startHarness({ core, clock, liveMessages: store.liveMessages });
  opened.push(store, h);
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
  const updater = createLiveUpdater({
    core,
    messages: store.liveMessages,
    claims: store.claims,
    editors: [h.bot.liveEditor],
    budget: createEditBudget(TELEGRAM_EDIT_LIMITS, clock),
    budgets: { discord: createEditBudget(DISCORD_EDIT_LIMITS, clock) },
    clock,
    // A wait for the edit budget moves the test's clock: the budget refills as it would have.
    sleep: (ms) => Promise.resolve(clock.advance(ms)),
    intervalMs: 30_000,
    instanceId: `test-${opened.length}`,
    logger,
  });
  return { h, store, updater };
}

/** The arrivals at 3017 asked with /next, as the rider sees them. */
async function arrivals(h: Harness, rider: Rider, place: Place): Promise<StoredMessage> {
  const token = h.discord.interact(slash('next', { stop: '3017' }, rider, place));
  await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
  return h.discord.original(token)!;
}

/** Presses 📍 under the arrivals; resolves with the new message once it is stored to be followed. */
async function pressWhere(h: Harness, store: Store, message: StoredMessage, rider: Rider, place: Place): Promise<StoredMessage> {
  const where = customIds(message)
    .flat()
    .find((id) => id.includes(':where'))!;
  expect(where).toBeDefined();
  const token = h.discord.interact(press(where, message, rider, place));
  await vi.waitFor(async () => expect(await store.liveMessages.list('discord')).toHaveLength(1));
  return h.discord.original(token)!;
}

const edits = (h: Harness, message: StoredMessage) =>
  h.discord.callsTo('PATCH', new RegExp(`^/channels/${message.channel_id}/messages/${message.id}$`));
const text = (message: StoredMessage) => {
  const embed = embedOf(message);
  return [embed.title, embed.description, ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]), embed.footer?.text].join('\n');
};

describe('📍 on Discord: the embed follows the bus', () => {
  it('answers with the facts, edits the same message as fixes come, and a last time once the bus has passed', async () => {
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open();
    const answer = await pressWhere(h, store, await arrivals(h, ALICE, { guild: GUILD }), ALICE, { guild: GUILD });
    expect(text(answer)).toContain('📍 95 to Orléans');
    expect(text(answer)).toContain('3 stops away');
    expect(text(answer)).toContain('Few seats available');
    expect(text(answer)).toContain('openstreetmap.org/?mlat=45.4');
    const [stored] = await store.liveMessages.list('discord');
    expect(stored).toMatchObject({ chatId: GUILD.channelId, channelId: answer.channel_id, messageId: answer.id, kind: 'location' });

    // The first round shows the same fix; the next has nothing new to edit.
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1, stopped: 0 });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 0, unchanged: 1 });
    const versions = answer.history.length;

    // A new snapshot: the same message now says where the bus is.
    board = snapshot(45.41, 1);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    expect(answer.history).toHaveLength(versions + 1);
    expect(text(answer)).toContain('1 stop away');
    expect(text(answer)).toContain('openstreetmap.org/?mlat=45.41');
    expect(edits(h, answer).every((c) => c.status === 200 && c.auth === `Bot ${TOKEN}`)).toBe(true);

    // The bus has passed: a last edit says so, and it is followed no more.
    board = snapshot(45.42, 0, true);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ stopped: 1 });
    expect(embedOf(answer).footer!.text).toContain('📍 No longer updated: the bus has passed your stop.');
    expect(await store.liveMessages.list('discord')).toEqual([]);
    const count = edits(h, answer).length;
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 0, stopped: 0 });
    expect(edits(h, answer)).toHaveLength(count);
  });

  it('ending with the feed down, the last edit shows the last place marked as such; refused by a 500, it is made again next round', async () => {
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open();
    const answer = await pressWhere(h, store, await arrivals(h, ALICE, { guild: GUILD }), ALICE, { guild: GUILD });
    board = snapshot(45.41, 2);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    feedDown = true;
    clock.advance(15 * 60_000);
    h.discord.refuse('PATCH', /^\/channels\//, { status: 500, body: { message: 'Internal Server Error', code: 0 } });
    expect(await updater.round()).toMatchObject({ failed: 1, stopped: 0 });
    expect(await store.liveMessages.list('discord')).toHaveLength(1);
    h.discord.clearRefusals();
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ stopped: 1 });
    expect(await store.liveMessages.list('discord')).toEqual([]);
    expect(text(answer)).toContain('2 stops away');
    expect(text(answer)).toContain('openstreetmap.org/?mlat=45.41');
    expect(embedOf(answer).footer!.text).toContain('⚠️ Live data is unavailable right now: these are the last times received.');
    expect(embedOf(answer).footer!.text).toContain('📍 No longer updated.');
  });

  it('in a DM the DM channel is edited; the period ending says so in French', async () => {
    board = snapshot(45.4, 5);
    const { h, store, updater } = await open();
    const answer = await pressWhere(h, store, await arrivals(h, BENOIT, 'dm'), BENOIT, 'dm');
    const [stored] = await store.liveMessages.list('discord');
    expect(stored).toMatchObject({ chatId: `@${BENOIT.id}`, channelId: answer.channel_id });
    board = snapshot(45.41, 4);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    expect(edits(h, answer)).toHaveLength(1);

    clock.advance(15 * 60_000);
    expect(await updater.round()).toMatchObject({ stopped: 1 });
    expect(embedOf(answer).footer!.text).toContain('📍 Plus mis à jour. Touchez 📍 de nouveau pour suivre cet autobus.');
    expect(await store.liveMessages.list('discord')).toEqual([]);
  });

  it('an edit Discord fails (500) is tried again next round; a reply whose id cannot be read is answered, only not followed', async () => {
    board = snapshot(45.4, 3);
    const logs: string[] = [];
    const { h, store, updater } = await open(logs);
    const answer = await pressWhere(h, store, await arrivals(h, ALICE, { guild: GUILD }), ALICE, { guild: GUILD });
    board = snapshot(45.41, 2);
    h.discord.refuse('PATCH', /^\/channels\//, { status: 500, body: { message: 'Internal Server Error', code: 0 } });
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ failed: 1, moved: 0 });
    expect(logs.join('\n')).toContain('live message not edited this round');
    expect(logs.join('\n')).not.toContain(TOKEN);
    h.discord.clearRefusals();
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    expect(text(answer)).toContain('2 stops away');

    // Discord will not tell the reply's id: the rider still reads the answer, and no apology.
    await store.liveMessages.remove((await store.liveMessages.list('discord'))[0]!);
    const message = await arrivals(h, ALICE, { guild: GUILD });
    h.discord.failNext('GET', /@original$/, { status: 404, body: { message: 'Unknown Message', code: 10008 } });
    const token = h.discord.interact(
      press(
        customIds(message)
          .flat()
          .find((id) => id.includes(':where'))!,
        message,
        ALICE,
      ),
    );
    await vi.waitFor(() => expect(h.logs.join('\n')).toContain('📍 answer sent but not followed'));
    expect(text(h.discord.original(token)!)).toContain('📍 95 to Orléans');
    expect(h.discord.followUps(token)).toEqual([]);
    expect(await store.liveMessages.list('discord')).toEqual([]);
  });

  it('a restarted bot goes on editing the same message; two instances edit it once per round', async () => {
    board = snapshot(45.4, 5);
    const first = await open();
    const answer = await pressWhere(first.h, first.store, await arrivals(first.h, ALICE, { guild: GUILD }), ALICE, { guild: GUILD });
    const dir = dirs.at(-1)!;
    await first.h.close();
    await first.store.close();
    opened.length = 0;

    const again = await open([], dir);
    const twin = await open([], dir);
    // Discord keeps the message across the bot's restart (each instance here talks to a fake of its own).
    for (const { h } of [again, twin]) h.discord.messages.set(answer.id, { ...answer, history: [] });
    board = snapshot(45.41, 4);
    clock.advance(30_000);
    const rounds = await Promise.all([again.updater.round(), twin.updater.round()]);
    expect(rounds.map((r) => r.moved).reduce((a, b) => a + b)).toBe(1);
    expect(rounds.map((r) => r.elsewhere).reduce((a, b) => a + b)).toBe(1);
    const edited = [...edits(again.h, answer), ...edits(twin.h, answer)];
    expect(edited).toHaveLength(1);
    expect([again.h, twin.h].flatMap(({ discord }) => discord.callsTo('POST', /messages$|callback$/))).toEqual([]);
  });

  it('a deleted message (404 Unknown Message) ends it quietly, logged once without the token', async () => {
    board = snapshot(45.4, 3);
    const logs: string[] = [];
    const { h, store, updater } = await open(logs);
    const answer = await pressWhere(h, store, await arrivals(h, ALICE, { guild: GUILD }), ALICE, { guild: GUILD });
    h.discord.messages.delete(answer.id);
    board = snapshot(45.41, 2);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ stopped: 1, failed: 0 });
    expect(await store.liveMessages.list('discord')).toEqual([]);
    clock.advance(30_000);
    await updater.round();
    expect(edits(h, answer)).toHaveLength(1);
    const said = h.logs.filter((line) => line.includes('can no longer be edited'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('10008');
    expect([...h.logs, ...logs].join('\n')).not.toContain(TOKEN);
  });
});

describe('🔴 Live on Discord: arrivals that keep themselves up to date', () => {
  it('redraws the same message every round for 10 minutes, then says it stopped; one live board per chat', async () => {
    board = snapshot(45.4, 3);
    const { h, store, updater } = await open();
    const first = await arrivals(h, ALICE, { guild: GUILD });
    const live = customIds(first)
      .flat()
      .find((id) => id.includes(':live'))!;
    expect(live).toBe('b1:u:live?stop=3017');
    h.discord.interact(press(live, first, ALICE));
    await vi.waitFor(async () => expect(await store.liveMessages.list('discord')).toHaveLength(1));
    expect(embedOf(first).footer!.text).toContain('🔴 Live: updated every 30 s for 10 more min');
    expect(await store.liveMessages.list('discord')).toEqual([
      expect.objectContaining({ kind: 'board', messageId: first.id, channelId: GUILD.channelId, chatId: GUILD.channelId }),
    ]);

    // A round redraws it with the bus's new time, through the channel message.
    board = stopArrivals([route('95', [trip(3, { trust: 'tracked', startTime: '07:40', destination: 'Orléans' })])]);
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1 });
    expect(edits(h, first)).toHaveLength(1);
    expect(text(first)).toContain('3 min');
    expect(customIds(first).flat()).toContain(live);

    // A second board in the channel: the first ends at the next round, saying so.
    const second = await arrivals(h, ALICE, { guild: GUILD });
    h.discord.interact(press(live, second, ALICE));
    await vi.waitFor(async () => expect((await store.liveMessages.list('discord')).find((m) => m.messageId === second.id)).toBeDefined());
    clock.advance(30_000);
    expect(await updater.round()).toMatchObject({ moved: 1, stopped: 1 });
    expect(embedOf(first).footer!.text).toContain('Live updates stopped. Press 🔴 Live for 10 more minutes.');

    // Ten minutes on, the second stops too, with a last edit; nothing is edited after that.
    for (let i = 0; i < 20; i++) {
      clock.advance(30_000);
      await updater.round();
    }
    expect(embedOf(second).footer!.text).toContain('Live updates stopped.');
    expect(await store.liveMessages.list('discord')).toEqual([]);
    const count = edits(h, second).length;
    expect(count).toBeGreaterThan(15);
    clock.advance(30_000);
    await updater.round();
    expect(edits(h, second)).toHaveLength(count);
  });
});
