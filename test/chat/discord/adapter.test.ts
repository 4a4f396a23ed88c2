import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { createDiscordBot } from '../../../src/chat/discord/index.js';
import { clock, fakeTransit, memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';
import { startFakeDiscord } from './fake-discord.js';
import { riderWorld, startHarness, TOKEN } from './harness.js';
import { toldLifecycle } from '../told-lifecycle.js';
import { ALICE, autocomplete, BENOIT, embedOf, GUILD, slash } from './interactions.js';
import { at, subscription } from '../../pushes/fakes.js';

// The adapter as main.ts sees it: start (login, gateway, ready), stop (answers under way finish),
// ended (settles after stop, or when Discord closes the gateway for good).

describe('the Discord adapter', () => {
  it('starts once the gateway is ready: identified with the Guilds intent, heartbeats answered', async () => {
    const h = await startHarness({ core: riderWorld().core, fake: { heartbeatIntervalMs: 50 } });
    try {
      expect(h.bot.platform).toBe('discord');
      expect(h.discord.identifies).toEqual([{ token: TOKEN, intents: 1, shard: [0, 1] }]);
      expect(h.bot.client.guilds.cache.has(GUILD.id)).toBe(true);
      // Heartbeats every 50 ms: two come within moments, however long that takes on a busy machine.
      await vi.waitFor(() => expect(h.discord.heartbeats()).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
      expect(h.logs.some((l) => l.includes('discord bot started'))).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('refuses to start with a clear line, and no token, when Discord refuses the token', async () => {
    const discord = await startFakeDiscord({ token: 'MTIz.other.token-of-another-bot' });
    const logs: string[] = [];
    const bot = createDiscordBot({
      token: TOKEN,
      apiRoot: discord.apiRoot,
      core: riderWorld().core,
      lifecycle: toldLifecycle(),
      logger: pino({ level: 'trace' }, { write: (l: string) => void logs.push(l) }),
    });
    try {
      await expect(bot.start()).rejects.toThrow('Discord refused the bot token (401): check DISCORD_TOKEN');
      expect(discord.identifies).toEqual([]);
      expect(logs.join('\n')).not.toContain(TOKEN);
    } finally {
      await discord.close();
    }
  });

  it('says it cannot connect, without the token, when nothing answers there', async () => {
    const discord = await startFakeDiscord({ token: TOKEN });
    const apiRoot = discord.apiRoot;
    await discord.close();
    const bot = createDiscordBot({ token: TOKEN, apiRoot, core: riderWorld().core, lifecycle: toldLifecycle(), logger: pino({ level: 'silent' }) });
    const failure = await bot.start().then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failure?.message).toMatch(/^could not connect to Discord: /);
    expect(failure?.message).not.toContain(TOKEN);
  });

  it('ends with the reason when Discord closes the gateway for good (disallowed intents)', async () => {
    const h = await startHarness({ core: riderWorld().core });
    try {
      const ended = h.bot.ended();
      h.discord.closeGateway(4014, 'Disallowed intent(s).');
      await expect(ended).rejects.toThrow(
        'Discord closed the gateway for good (4014: an intent is not enabled for this application in the developer portal)',
      );
    } finally {
      await h.close();
    }
  });

  it('lets the answers under way finish on stop, then closes the gateway; ended() resolves', async () => {
    let release: () => void = () => undefined;
    const slow = fakeTransit({
      next: { 'next 3017 95': () => new Promise((resolve) => (release = () => resolve(stopArrivals([route('95', [trip(2)])], '3017', 'BASELINE')))) },
    });
    const h = await startHarness({ core: createBotCore({ transit: slow, ...memoryStores(), now: clock }) });
    try {
      const token = h.discord.interact(slash('next', { stop: '3017', route: '95' }));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      const stopping = h.bot.stop();
      setTimeout(() => release(), 100);
      await stopping;
      expect(embedOf(h.discord.original(token)).title).toBe('BASELINE (3017)');
      await expect(h.bot.ended()).resolves.toBeUndefined();
      await vi.waitFor(() => expect(h.discord.openSockets()).toBe(0), { timeout: 5_000 });
    } finally {
      await h.discord.close();
    }
  });

  it('runs as many shards as Discord recommends, each answering its own servers', async () => {
    // Shard of a server: (id >> 22) % shards; these two land on different shards.
    const second = { id: '1300000000004194304', name: 'Second', channelId: '1300000000004194305' };
    const first = { ...GUILD };
    const shardOf = (id: string) => Number((BigInt(id) >> 22n) % 2n);
    expect(shardOf(first.id)).not.toBe(shardOf(second.id));
    const h = await startHarness({ core: riderWorld().core, fake: { shards: 2, maxConcurrency: 2, guilds: [first, second] } });
    try {
      expect(h.discord.identifies.map((i) => i.shard)).toEqual([
        [0, 2],
        [1, 2],
      ]);
      for (const guild of [first, second, undefined]) {
        const token = h.discord.interact(slash('help', {}, ALICE, guild ? { guild } : 'dm'));
        await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
        expect(embedOf(h.discord.original(token)).title).toBe('OC Transpo bus arrivals');
      }
    } finally {
      await h.close();
    }
  });

  it("resumes a channel's alerts paused because it refused a post, once someone uses the bot there (a keystroke does not count)", async () => {
    const world = riderWorld();
    const channel = { platform: 'discord' as const, chatId: GUILD.channelId, chatType: 'group' as const };
    await world.stores.subscriptions.add(subscription(at('07:30'), { id: 'k3f9', chat: channel, paused: 'refused' }), 20);
    await world.stores.subscriptions.add(subscription(at('08:30'), { id: 'm4g2', chat: channel, paused: 'user' }), 20);
    const h = await startHarness({ core: world.core, lifecycle: world.stores.lifecycle });
    try {
      const keystroke = h.discord.interact(autocomplete('next', 'stop', '30'));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(keystroke));
      expect((await world.stores.subscriptions.list(channel)).map((s) => s.paused)).toEqual(['refused', 'user']);
      const token = h.discord.interact(slash('help', {}, ALICE, { guild: GUILD }));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      await vi.waitFor(async () => expect((await world.stores.subscriptions.list(channel)).map((s) => s.paused)).toEqual([undefined, 'user']));
    } finally {
      await h.close();
    }
  });

  it('tries a refused chat again once someone speaks to the bot there', async () => {
    const h = await startHarness({ core: riderWorld().core });
    try {
      const user = `@${BENOIT.id}`;
      h.discord.failNext('POST', /^\/channels\/\d+\/messages$/, { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
      const alert = { kind: 'answer' as const, blocks: [{ lines: ['3 min'] }] };
      expect((await h.bot.notifier.send(user, alert)).status).toBe('permanent-failure');
      expect((await h.bot.notifier.send(user, alert)).status).toBe('permanent-failure');
      expect(h.discord.callsTo('POST', /^\/channels\/\d+\/messages$/)).toHaveLength(1);
      const token = h.discord.interact(slash('help', {}, BENOIT, 'dm'));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      expect(await h.bot.notifier.send(user, alert)).toEqual({ status: 'sent' });
    } finally {
      await h.close();
    }
  });
});
