// The Discord adapter against the fake Discord, with logs captured in memory, and a real bot core
// over the test fakes (a transit client answering from tables, in-memory stores, a small stop
// index), so that handler tests see what riders would.
import { pino } from 'pino';
import type { BotCore } from '../../../src/core/core.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { createDiscordBot, type DiscordBot, type DiscordBotDeps } from '../../../src/chat/discord/index.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, route, stopArrivals, trip, type FakeTransit, type MemoryStores } from '../../core/fakes.js';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './fake-discord.js';
import { GUILD } from './interactions.js';
import { toldLifecycle } from '../told-lifecycle.js';

/** Shaped like a real token (base64 id, timestamp, HMAC); never valid anywhere. */
export const TOKEN = 'MTMwMDAwMDAwMDAwMDAwMDAwMQ.GfAkE1.fake-Discord-token_for-tests-only_0123456789';

export interface Harness {
  discord: FakeDiscord;
  bot: DiscordBot;
  logs: string[];
  close(): Promise<void>;
}

export async function startHarness(
  options: Pick<DiscordBotDeps, 'core'> &
    Partial<Omit<DiscordBotDeps, 'core' | 'token' | 'logger'>> & { fake?: Partial<FakeDiscordOptions>; start?: boolean },
): Promise<Harness> {
  const { fake, start = true, ...rest } = options;
  const discord = await startFakeDiscord({ token: TOKEN, guilds: [GUILD], ...fake });
  const logs: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) });
  const bot = createDiscordBot({ token: TOKEN, apiRoot: discord.apiRoot, logger, shutdownGraceMs: 1_000, lifecycle: toldLifecycle(), ...rest });
  if (start) await bot.start();
  return {
    discord,
    bot,
    logs,
    async close() {
      await bot.stop();
      await discord.close();
    },
  };
}

/** Stop 3017 with routes 95 (live and scheduled) and 97; stop 3019 fails the way a dead upstream does. */
export function riderWorld(): { core: BotCore; transit: FakeTransit; stores: MemoryStores } {
  const baseline = stopArrivals(
    [
      route('95', [trip(3, { trust: 'tracked', gpsAgeMinutes: 1 }), trip(12)]),
      route('97', [trip(5, { destination: 'Airport' })], { heading: 'Airport', direction: 'Southbound' }),
    ],
    '3017',
    'BASELINE STATION',
  );
  const only95 = stopArrivals([baseline.routes[0]!], '3017', 'BASELINE STATION');
  const summary = stopArrivals(
    baseline.routes.map((r) => ({ ...r, trips: [] })),
    '3017',
    'BASELINE STATION',
  );
  const transit = fakeTransit({
    all: { 'all 3017': baseline },
    next: { 'next 3017 95': only95 },
    summary: { 'summary 3017': summary },
  });
  const stores = memoryStores();
  const stops = fakeStopIndex([
    { code: '3017', id: 'RF900', name: 'BASELINE 1B', lat: 45.34, lon: -75.73 },
    { code: '3019', id: 'CD995', name: 'BAYVIEW', lat: 45.41, lon: -75.72 },
    { code: '7687', id: 'CA090', name: 'BANK / SLATER', lat: 45.42, lon: -75.7 },
  ]);
  const core = createBotCore({ transit, ...stores, now: clock, stops });
  return { core, transit, stores };
}
