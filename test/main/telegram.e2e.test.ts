import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeBotApi } from '../chat/telegram/fake-bot-api.js';
import { startBot } from './run-bot.js';

// `npm start` with TELEGRAM_BOT_TOKEN: the wiring in main.ts picks Telegram over the terminal chat,
// and the whole chain (config -> demo feed -> core -> grammY) answers a rider over real HTTP.
const TOKEN = '987654:main-wiring_Token-xyz';
const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-tg-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start with a Telegram token', () => {
  it('serves riders on Telegram with the demo feed, and stops cleanly on SIGTERM', async () => {
    const api = await startFakeBotApi({ token: TOKEN });
    try {
      const bot = startBot({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.apiRoot, LOG_LEVEL: 'debug' });
      const rider = { id: 77, is_bot: false, first_name: 'Rider', language_code: 'fr-CA' };
      api.queueUpdate({
        message: {
          message_id: 1,
          date: 1_700_000_000,
          from: rider,
          chat: { id: 77, type: 'private', first_name: 'Rider' },
          text: '/next 3017 95',
          entities: [{ type: 'bot_command', offset: 0, length: 5 }],
        },
      });
      const sent = await api.waitForCall('sendMessage', undefined, 15_000);
      expect(sent.params.chat_id).toBe(77);
      expect(sent.params.parse_mode).toBe('HTML');
      expect(sent.params.text).toContain('3017');
      expect(sent.params.text).toContain('95');
      expect(
        api
          .callsOf('setMyCommands')
          .map((c) => c.params.language_code ?? 'default')
          .sort(),
      ).toEqual(['default', 'es', 'fr']);

      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(''); // no terminal chat when Telegram runs
      expect(run.stderr).toContain('telegram bot started');
      expect(run.stderr).not.toContain(TOKEN);
      expect(run.stderr).not.toContain('main-wiring_Token');
    } finally {
      await api.close();
    }
  });

  it('exits 1 with a clear line, without the token, when Telegram refuses the token', async () => {
    const api = await startFakeBotApi({ token: '111:the-right-one' });
    try {
      const run = await startBot({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.apiRoot }).exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Telegram refused the bot token \(401\)/);
      expect(run.stderr).not.toContain('main-wiring_Token');
    } finally {
      await api.close();
    }
  });

  it('exits 1, saying why, when another process takes over polling (409)', async () => {
    const api = await startFakeBotApi({ token: TOKEN });
    try {
      api.failNext('getUpdates', { error_code: 409, description: 'Conflict: terminated by other getUpdates request' });
      const run = await startBot({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.apiRoot }).exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('another process polls with this token');
      expect(run.stderr).not.toContain('main-wiring_Token');
    } finally {
      await api.close();
    }
  });
});
