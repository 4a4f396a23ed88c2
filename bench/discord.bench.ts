// How fast does the bot answer on Discord? `npm run bench -- discord` (or npx tsx bench/discord.bench.ts)
// Everything on 127.0.0.1, in this process: the fake Discord (REST and gateway, test/chat/discord/),
// discord.js and the adapter, the real core, the v1.2 client with its cache off (every /next asks
// the server), the local v1.2 server and its demo network at a weekday rush hour, and the whole
// city's stop file (5,694 stops, test/fixtures/gtfs/stops-2014.txt.gz) for autocomplete.
// Times run from the moment the gateway sends INTERACTION_CREATE to the moment the fake Discord
// receives the bot's REST call: what Discord itself would measure, minus the Internet.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { createBotCore } from '../src/core/index.js';
import { createDiscordBot } from '../src/chat/discord/index.js';
import { DEMO_API_KEY, DEMO_APP_ID, startSimServer } from '../src/sim/index.js';
import { createStopIndex, parseStopsTxt } from '../src/stops/index.js';
import { createTransitClient } from '../src/sources/octranspo-v12/index.js';
import { memoryStores } from '../test/core/fakes.js';
import { startFakeDiscord, type RestCall } from '../test/chat/discord/fake-discord.js';
import { autocomplete, customIds, GUILD, press, slash } from '../test/chat/discord/interactions.js';

const TOKEN = 'MTMwMDAwMDAwMDAwMDAwMDAwMQ.GbEnCh.bench-token_not-valid-anywhere_0123456789';
const RUSH_HOUR = new Date('2026-11-24T13:00:00Z'); // Tuesday 08:00 in Ottawa
const SLASH_RUNS = 300;
const AUTOCOMPLETE_RUNS = 1_000;
const BURST = 50;
const ASKS: Array<[string, string]> = [
  ['3017', '95'],
  ['3020', '95'],
  ['3022', '97'],
  ['3017', '97'],
  ['3000', '94'],
  ['3011', '95'],
];
const TYPED = [
  '3',
  '30',
  '301',
  '3017',
  '76',
  '7687',
  'rideau',
  'bank',
  'baseline',
  'st laurent',
  'montreal',
  'carling',
  'xyz',
  'laurier / metcalfe',
];

const sim = await startSimServer({ now: () => RUSH_HOUR });
const transit = createTransitClient({ baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, cacheTtlMs: { nextTrips: 0, routeSummary: 0 } });
const cityFile = readFileSync(new URL('../test/fixtures/gtfs/stops-2014.txt.gz', import.meta.url));
const stops = createStopIndex(parseStopsTxt(gunzipSync(cityFile).toString('utf8')));
const stores = memoryStores();
const core = createBotCore({ transit, ...stores, now: () => RUSH_HOUR, stops });
const discord = await startFakeDiscord({ token: TOKEN, guilds: [GUILD] });
const bot = createDiscordBot({
  token: TOKEN,
  apiRoot: discord.apiRoot,
  core,
  lifecycle: stores.lifecycle,
  logger: pino({ level: 'silent' }),
  rateLimitPerMinute: 1_000_000,
});
await bot.start();

/** Percentiles of a list of milliseconds, as one line. */
function summary(label: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(
    `${label.padEnd(44)} n=${String(sorted.length).padStart(4)}  p50 ${at(50).toFixed(1)} ms  p95 ${at(95).toFixed(1)} ms  p99 ${at(99).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

const callFor = (token: string, method: string, path: RegExp): Promise<RestCall> =>
  discord.waitForCall(method, path, (c) => c.path.includes(token), 10_000);

async function slashOnce(i: number): Promise<{ deferral: number; answer: number; token: string }> {
  const [stop, route] = ASKS[i % ASKS.length]!;
  const sent = performance.now();
  const token = discord.interact(slash('next', { stop, route }));
  const deferral = await callFor(token, 'POST', /callback$/);
  const answer = await callFor(token, 'PATCH', /@original$/);
  return { deferral: deferral.at - sent, answer: answer.at - sent, token };
}

console.log(`stop index: ${stops.size.toLocaleString('en')} stop codes (whole city, 2014); v1.2 server at ${sim.url}; cache off`);

// Warm-up: JIT, sockets, the first route summaries.
for (let i = 0; i < 30; i++) await slashOnce(i);

const deferrals: number[] = [];
const answers: number[] = [];
let last = '';
for (let i = 0; i < SLASH_RUNS; i++) {
  const run = await slashOnce(i);
  deferrals.push(run.deferral);
  answers.push(run.answer);
  last = run.token;
}
summary('/next: interaction -> deferral', deferrals);
summary('/next: interaction -> final answer (embed)', answers);

const message = discord.original(last)!;
const refreshes: number[] = [];
for (let i = 0; i < 100; i++) {
  const sent = performance.now();
  const token = discord.interact(press(customIds(message)[0]![0]!, message));
  await callFor(token, 'POST', /callback$/);
  refreshes.push((await callFor(token, 'PATCH', /@original$/)).at - sent);
}
summary('Refresh: press -> message redrawn', refreshes);

// A burst: fifty riders at the same moment, as after a service alert.
const burstSent = performance.now();
const burst = await Promise.all(Array.from({ length: BURST }, (_, i) => slashOnce(i)));
summary(
  `/next x${BURST} at once: -> deferral`,
  burst.map((r) => r.deferral),
);
summary(
  `/next x${BURST} at once: -> final answer`,
  burst.map((r) => r.answer),
);
console.log(`${''.padEnd(44)} all ${BURST} answered in ${(performance.now() - burstSent).toFixed(0)} ms`);

const typedLatencies: number[] = [];
const choiceCounts: number[] = [];
for (let i = 0; i < AUTOCOMPLETE_RUNS; i++) {
  const typed = TYPED[i % TYPED.length]!;
  const sent = performance.now();
  const token = discord.interact(autocomplete('next', 'stop', typed));
  const call = await callFor(token, 'POST', /callback$/);
  typedLatencies.push(call.at - sent);
  choiceCounts.push(call.body.data?.choices?.length ?? 0);
}
summary('autocomplete stop (city file): -> choices', typedLatencies);
const chat = { platform: 'discord' as const, chatId: GUILD.channelId, chatType: 'group' as const };
const coreOnly: number[] = [];
for (let i = 0; i < 5 * AUTOCOMPLETE_RUNS; i++) {
  const started = performance.now();
  await core.suggest('next', 'stop', TYPED[i % TYPED.length]!, chat, 25);
  coreOnly.push(performance.now() - started);
}
summary('  of which core.suggest alone', coreOnly);
console.log(`${''.padEnd(44)} choices per answer: ${Math.min(...choiceCounts)}-${Math.max(...choiceCounts)} (at most 25)`);

const routeLatencies: number[] = [];
for (let i = 0; i < 200; i++) {
  const sent = performance.now();
  const token = discord.interact(autocomplete('next', 'route', '', { stop: ASKS[i % ASKS.length]![0] }));
  routeLatencies.push((await callFor(token, 'POST', /callback$/)).at - sent);
}
summary('autocomplete route (summary, cache off)', routeLatencies);
console.log(`heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);

await bot.stop();
await discord.close();
await sim.close();
