import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeBotApi } from '../chat/telegram/fake-bot-api.js';
import { startFakeDiscord } from '../chat/discord/fake-discord.js';
import { autocomplete, BENOIT, embedOf, GUILD, press, slash } from '../chat/discord/interactions.js';
import { startBot } from './run-bot.js';

// `npm start` with DISCORD_TOKEN: main.ts starts the Discord adapter (beside Telegram when that
// token is set too), and the whole chain (config -> demo feed -> core -> discord.js) answers a
// rider over a real gateway and REST, against the local fake Discord.
const TOKEN = 'MTMwMDAwMDAwMDAwMDAwMDAwMQ.GmAiN1.main-wiring_Discord-token_xyz0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-discord-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start with a Discord token', () => {
  it('serves riders on Discord with the demo feed, and stops cleanly on SIGTERM', async () => {
    const discord = await startFakeDiscord({ token: TOKEN, guilds: [GUILD] });
    try {
      const bot = startBot({ DATA_DIR: dataDir, DISCORD_TOKEN: TOKEN, DISCORD_API_ROOT: discord.apiRoot, LOG_LEVEL: 'debug' });
      await discord.ready(15_000);

      const next = discord.interact(slash('next', { stop: '3017', route: '95' }));
      const deferral = await discord.waitForCall('POST', /callback$/, (c) => c.path.includes(next), 10_000);
      expect(deferral.body.type).toBe(5);
      await discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(next), 10_000);
      expect(embedOf(discord.original(next)).title).toMatch(/\(3017\)$/);

      const typed = discord.interact(autocomplete('next', 'stop', '301'));
      const offered = await discord.waitForCall('POST', /callback$/, (c) => c.path.includes(typed), 10_000);
      expect(offered.body.data!.choices!.map((c) => c.value)).toContain('3017');

      const french = discord.interact(slash('next', { stop: '3017', route: '95' }, BENOIT, 'dm'));
      await discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(french), 10_000);
      expect(embedOf(discord.original(french)).footer!.text).toContain('Mis à jour');

      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(''); // no terminal chat when Discord runs
      expect(run.stderr).toContain('discord bot started');
      expect(run.stderr).not.toContain(TOKEN);
      expect(run.stderr).not.toContain('main-wiring_Discord-token');
      expect(discord.openSockets()).toBe(0);
    } finally {
      await discord.close();
    }
  });

  it('logs every alert tick with Discord alone, as it does with Telegram (only the terminal chat keeps them off its screen)', async () => {
    const discord = await startFakeDiscord({ token: TOKEN, guilds: [GUILD] });
    try {
      const bot = startBot({ DATA_DIR: dataDir, DISCORD_TOKEN: TOKEN, DISCORD_API_ROOT: discord.apiRoot });
      await bot.logged('"msg":"alert tick"');
      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('"msg":"pushes started"');
    } finally {
      await discord.close();
    }
  });

  it('serves Telegram and Discord together when both tokens are set', async () => {
    const telegramToken = '987654:both-platforms_Token-xyz';
    const [discord, telegram] = await Promise.all([startFakeDiscord({ token: TOKEN, guilds: [GUILD] }), startFakeBotApi({ token: telegramToken })]);
    try {
      const bot = startBot({
        DATA_DIR: dataDir,
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_ROOT: discord.apiRoot,
        TELEGRAM_BOT_TOKEN: telegramToken,
        TELEGRAM_API_ROOT: telegram.apiRoot,
      });
      await discord.ready(15_000);
      telegram.queueUpdate({
        message: {
          message_id: 1,
          date: 1_700_000_000,
          from: { id: 77, is_bot: false, first_name: 'Rider' },
          chat: { id: 77, type: 'private', first_name: 'Rider' },
          text: '/next 3017 95',
          entities: [{ type: 'bot_command', offset: 0, length: 5 }],
        },
      });
      const token = discord.interact(slash('next', { stop: '3017', route: '95' }));
      const [sent] = await Promise.all([
        telegram.waitForCall('sendMessage', undefined, 15_000),
        discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token), 15_000),
      ]);
      expect(sent.params.text).toContain('3017');
      expect(embedOf(discord.original(token)).title).toMatch(/\(3017\)$/);
      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('telegram bot started');
      expect(run.stderr).toContain('discord bot started');
    } finally {
      await Promise.all([discord.close(), telegram.close()]);
    }
  });

  it('keeps serving both platforms after interactions discord.js cannot read', async () => {
    const telegramToken = '987654:malformed-interactions_Token-xyz';
    const [discord, telegram] = await Promise.all([startFakeDiscord({ token: TOKEN, guilds: [GUILD] }), startFakeBotApi({ token: telegramToken })]);
    try {
      const bot = startBot({
        DATA_DIR: dataDir,
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_ROOT: discord.apiRoot,
        TELEGRAM_BOT_TOKEN: telegramToken,
        TELEGRAM_API_ROOT: telegram.apiRoot,
      });
      await discord.ready(15_000);
      const message = { id: '1300000000000009998', channel_id: GUILD.channelId, content: '', embeds: [], components: [], flags: 0, history: [] };
      const unreadable = [
        { ...slash('next', { stop: '3017' }), data: { name: 'next', type: 1, options: 'abc' } },
        { ...slash('help', {}), member: undefined },
        { ...slash('help', {}), member: { user: { id: '1300000000000000201', username: 'alice' }, permissions: 'abc' } },
        { ...press('b1:u:next?stop=3017', message), message: undefined },
      ];
      for (const interaction of unreadable) discord.interact(interaction);
      telegram.queueUpdate({
        message: {
          message_id: 1,
          date: 1_700_000_000,
          from: { id: 77, is_bot: false, first_name: 'Rider' },
          chat: { id: 77, type: 'private', first_name: 'Rider' },
          text: '/next 3017 95',
          entities: [{ type: 'bot_command', offset: 0, length: 5 }],
        },
      });
      const token = discord.interact(slash('next', { stop: '3017', route: '95' }));
      const [sent] = await Promise.all([
        telegram.waitForCall('sendMessage', undefined, 15_000),
        discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token), 15_000),
      ]);
      expect(sent.params.text).toContain('3017');
      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stderr.match(/interaction that discord.js could not read; dropped/g)).toHaveLength(4);
    } finally {
      await Promise.all([discord.close(), telegram.close()]);
    }
  });

  it('exits 1 with a clear line, without the token, when Discord refuses the token', async () => {
    const discord = await startFakeDiscord({ token: 'MTIz.the-right.one' });
    try {
      const run = await startBot({ DATA_DIR: dataDir, DISCORD_TOKEN: TOKEN, DISCORD_API_ROOT: discord.apiRoot }).exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Discord refused the bot token (401): check DISCORD_TOKEN');
      expect(run.stderr).not.toContain('main-wiring_Discord-token');
    } finally {
      await discord.close();
    }
  });
});
