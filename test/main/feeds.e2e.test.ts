import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, startSimServer, type SimServer } from '../../src/sim/index.js';
import { buttonsOf, startFakeBotApi } from '../chat/telegram/fake-bot-api.js';
import { startBot } from './run-bot.js';

// `npm start` with FEEDS_FILE, over real HTTP: a feed whose zip cannot be had and one whose zip is
// no zip leave the good one answering, riders of those hear they have no schedule (not "loading"),
// and the log, /readyz and /metrics say which is which and why (/healthz, liveness, stays 200: a
// restart would not bring the schedules).

const dir = mkdtempSync(join(tmpdir(), 'arrivals-feeds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function untilBothReady(port: number): Promise<void> {
  for (;;) {
    const health = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.json() as Promise<{ feeds?: Array<{ schedule: string }> }>)
      .catch(() => ({ feeds: undefined }));
    if (health.feeds?.length === 2 && health.feeds.every((f) => f.schedule === 'ready')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start with a list of feeds', () => {
  let sim: SimServer;
  beforeAll(async () => {
    sim = await startSimServer({ apiKey: DEMO_API_KEY });
  });
  afterAll(() => sim.close());

  it('keeps answering from the feed that works while the others cannot be had, and reports each', async () => {
    const garbled = join(dir, 'garbled.zip');
    writeFileSync(garbled, 'this is no zip at all');
    const feedsFile = join(dir, 'feeds.json');
    writeFileSync(
      feedsFile,
      JSON.stringify([
        {
          id: 'oc',
          name: 'OC Transpo',
          gtfs: `${sim.url}/gtfs/static.zip`,
          tripUpdates: `${sim.url}/gtfs-rt/trip-updates`,
          headers: { 'Ocp-Apim-Subscription-Key': '$SIM_KEY' },
        },
        { id: 'gone', name: 'Gone Transit', gtfs: `${sim.url}/gtfs/no-such-feed.zip` },
        { id: 'bad', name: 'Bad Transit', gtfs: garbled },
      ]),
    );
    const port = await freePort();
    const bot = startBot({
      DATA_DIR: join(dir, 'data'),
      FEEDS_FILE: feedsFile,
      SIM_KEY: DEMO_API_KEY,
      METRICS_PORT: String(port),
      LANG: 'en_CA.UTF-8',
    });
    bot.child.stdin.write('/next oc 3017\n');
    await bot.printed('(OC Transpo 3017)');
    // Neither failed first import reads "loading" (issue 30, item 10): riders hear there is no schedule.
    bot.child.stdin.write('/next gone 3017\n');
    await bot.printed("This network's schedule could not be loaded");
    bot.child.stdin.write('/stop baseline\n');
    await bot.printed("The stops of Bad Transit can't be looked up by name or place");
    bot.child.stdin.write('/lang fr\n/next bad 3017\n');
    await bot.printed("Les horaires de ce réseau n'ont pas pu être chargés");

    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const readyz = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readyz.status).toBe(503);
    const health = (await readyz.json()) as { ok: boolean; feeds: unknown[] };
    expect(health.ok).toBe(false);
    expect(health.feeds).toMatchObject([
      { feed: 'oc', schedule: 'ready', realtime: 'ok' },
      { feed: 'gone', name: 'Gone Transit', schedule: 'failed', scheduleProblem: { kind: 'unavailable' }, realtime: 'none' },
      {
        feed: 'bad',
        name: 'Bad Transit',
        schedule: 'failed',
        scheduleProblem: { kind: 'refused', message: expect.stringContaining('zip') as unknown },
        realtime: 'none',
      },
    ]);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain('transit_feed_schedule_ready{feed="oc"} 1');
    expect(metrics).toContain('transit_feed_schedule_ready{feed="gone"} 0');
    expect(metrics).toContain('transit_feed_schedule_failed{feed="bad"} 1');
    expect(metrics).toContain('transit_feed_realtime_ok{feed="oc"} 1');
    expect(metrics).toContain('transit_feed_stop_mismatches{feed="oc",outcome="prediction-dropped"} 0');

    bot.child.stdin.end();
    const run = await bot.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^BASELINE \(OC Transpo 3017\)/);
    // The operator reads why in the log (the terminal chat's is a file in DATA_DIR), once per feed.
    const log = readFileSync(join(dir, 'data', 'arrivals-bot.log'), 'utf8');
    expect(log.match(/no schedule to answer from/g)).toHaveLength(2);
    expect(`${run.stdout}${run.stderr}${log}`).not.toContain(DEMO_API_KEY);
  });

  it("on Telegram, asks which agency a shared code means with a button each, and the button answers with that agency's board", async () => {
    const token = '4242:feeds-e2e_Token';
    const api = await startFakeBotApi({ token });
    const feedsFile = join(dir, 'two-feeds.json');
    // The same network twice: every stop code is in both feeds.
    const feed = (id: string, name: string) => ({ id, name, gtfs: `${sim.url}/gtfs/static.zip` });
    writeFileSync(feedsFile, JSON.stringify([feed('oc', 'OC Transpo'), feed('og', 'OC GTFS')]));
    try {
      const port = await freePort();
      const bot = startBot({
        DATA_DIR: join(dir, 'tg-data'),
        FEEDS_FILE: feedsFile,
        TELEGRAM_BOT_TOKEN: token,
        TELEGRAM_API_ROOT: api.apiRoot,
        METRICS_PORT: String(port),
      });
      // Telegram answers from the start; the stop names come with each feed's first import.
      await untilBothReady(port);
      const rider = { id: 91, is_bot: false, first_name: 'Rider', language_code: 'en' };
      const chat = { id: 91, type: 'private', first_name: 'Rider' };
      api.queueUpdate({
        message: {
          message_id: 1,
          date: 1_700_000_000,
          from: rider,
          chat,
          text: '/next 3017',
          entities: [{ type: 'bot_command', offset: 0, length: 5 }],
        },
      });
      const asked = await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('several networks'), 60_000);
      const choices = buttonsOf(asked);
      expect(choices.map((b) => b.callback_data)).toEqual(['2:r:next:oc~3017', '2:r:next:og~3017']);

      api.queueUpdate({
        callback_query: {
          id: 'press-1',
          from: rider,
          chat_instance: 'ci',
          data: choices[1]!.callback_data,
          message: { ...(asked.answer as object), chat },
        },
      });
      const board = await api.waitForCall('sendMessage', (c) => String(c.params.text).includes('(OC GTFS 3017)'));
      // The board's own buttons name the feed too, so Refresh asks the same agency again.
      expect(buttonsOf(board).map((b) => b.callback_data)).toContain('2:u:next:og~3017');

      bot.child.kill('SIGTERM');
      expect((await bot.exited).code).toBe(0);
    } finally {
      await api.close();
    }
  });
});
