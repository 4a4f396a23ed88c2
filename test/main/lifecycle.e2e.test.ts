import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { SQLITE_FILE } from '../../src/store/index.js';
import { startFakeBotApi } from '../chat/telegram/fake-bot-api.js';
import { runBot, startBot } from './run-bot.js';

// Starting and stopping `npm start` as an operator would: a rider's data file that cannot be
// opened, an output that closes early, a signal while an answer is still on its way.
const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const STACK = /\n\s+at /;

describe('a data file that cannot be opened', () => {
  it('refuses to start with one line naming the file, leaves it untouched, exits 1', async () => {
    const dir = join(dataDir, 'corrupt');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, SQLITE_FILE);
    const bytes = Buffer.from("this is a rider's file, not a database ".repeat(200));
    writeFileSync(file, bytes);
    const run = await runBot('/next 3017\n', { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([`arrivals-bot cannot start: cannot open ${file}: file is not a database`]);
    expect(run.stderr).not.toMatch(STACK);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});

describe('an output that closes early (npm start | head -1)', () => {
  it('ends quietly, exit 0, no stack', async () => {
    const bot = startBot({ DATA_DIR: join(dataDir, 'pipe') });
    bot.child.stdout.once('data', () => bot.child.stdout.destroy());
    bot.child.stdin.end('/help\n'.repeat(200));
    const run = await bot.exited;
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(STACK);
  });
});

describe('a signal while an answer is on its way', () => {
  let sim: SimServer;
  beforeAll(async () => {
    sim = await startSimServer({ port: 0, host: '127.0.0.1', appId: 'lc-app', apiKey: 'lc-key', faults: { latencyMs: 60_000 } });
  });
  afterAll(() => sim.close());
  // The upstream takes a minute; the client would wait as long.
  const slowUpstream = (dir: string) => ({
    DATA_DIR: join(dataDir, dir),
    OC_APP_ID: 'lc-app',
    OC_API_KEY: 'lc-key',
    OC_BASE_URL: sim.url,
    OC_TIMEOUT_MS: '90000',
    LOG_LEVEL: 'debug',
  });

  it('the terminal chat: the drain gives up first, the store is closed, exit 0', async () => {
    const before = await upstreamRequests(sim);
    const bot = startBot(slowUpstream('term'));
    bot.child.stdin.write('/next 3017 95\n');
    await waitFor(async () => (await upstreamRequests(sim)) > before);
    bot.child.kill('SIGTERM');
    const run = await bot.exited;
    expect(run.code).toBe(0);
    // The terminal's log is in DATA_DIR, off the rider's screen.
    const log = readFileSync(join(dataDir, 'term', 'arrivals-bot.log'), 'utf8');
    expect(run.stderr).not.toContain('"level"');
    expect(log).toContain('terminal chat stopped with an answer still under way');
    expect(closedParts(log).sort()).toEqual(['console', 'pushes', 'store', 'transit source']);
  });

  it('Telegram: the drain gives up first, the store is closed, exit 0', async () => {
    const token = '5566:lifecycle_Token-abc';
    const api = await startFakeBotApi({ token });
    try {
      const before = await upstreamRequests(sim);
      const bot = startBot({ ...slowUpstream('tg'), TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: api.apiRoot });
      const rider = { id: 5, is_bot: false, first_name: 'R' };
      api.queueUpdate({
        message: {
          message_id: 1,
          date: 1,
          from: rider,
          chat: { id: 5, type: 'private' },
          text: '/next 3017 95',
          entities: [{ type: 'bot_command', offset: 0, length: 5 }],
        },
      });
      await waitFor(async () => (await upstreamRequests(sim)) > before);
      bot.child.kill('SIGTERM');
      const run = await bot.exited;
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('stopped with updates still being handled');
      expect(closedParts(run.stderr).sort()).toEqual(['pushes', 'store', 'telegram', 'transit source']);
    } finally {
      await api.close();
    }
  });
});

/** The parts main.ts reported closed (debug log lines). */
function closedParts(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; what?: string })
    .filter((entry) => entry.msg === 'closed')
    .map((entry) => entry.what ?? '');
}

async function upstreamRequests(sim: SimServer): Promise<number> {
  const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as { apiRequests: number };
  return stats.apiRequests;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
