import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, startSimServer, type SimServer } from '../../src/sim/index.js';
import { startBot } from './run-bot.js';

// `npm start` with FEEDS_FILE, over real HTTP: a feed whose zip cannot be had and one whose zip is
// no zip leave the good one answering, and /healthz and /metrics say which is which.

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
    bot.child.stdin.write('/next gone 3017\n');
    await bot.printed('Schedule data is loading');

    const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { feeds: unknown[] };
    expect(health.feeds).toMatchObject([
      { feed: 'oc', schedule: 'ready', realtime: 'ok' },
      { feed: 'gone', schedule: 'loading', realtime: 'none' },
      { feed: 'bad', schedule: 'loading', realtime: 'none' },
    ]);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain('transit_feed_schedule_ready{feed="oc"} 1');
    expect(metrics).toContain('transit_feed_schedule_ready{feed="gone"} 0');
    expect(metrics).toContain('transit_feed_realtime_ok{feed="oc"} 1');
    expect(metrics).toContain('transit_feed_stop_mismatches{feed="oc",outcome="prediction-dropped"} 0');

    bot.child.stdin.end();
    const run = await bot.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^BASELINE \(OC Transpo 3017\)/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(DEMO_API_KEY);
  });
});
