// Riders under load, webhook mode: `npm run bench riders`. 2,000 `/next` updates from 500 users
// POSTed to the bot's webhook server as fast as it takes them (40 connections, Telegram's default),
// each timed until its reply reaches the fake Bot API's sendMessage; the transit source is the v1.2
// demo server over HTTP, in its own process. Side by side:
//   - a bare grammY bot answering a fixed text on the same fake: the floor (the ratio to it is the
//     bot's own cost: parsing, the store, the source, formatting, rendering). The CPU per update
//     is the steady ratio: the rates and latencies also hold this process's own work (posting,
//     the fake), which on two cores caps the bare bot's rate, and whatever else the machine runs;
//   - the bot with the transit cache on, and off (every /next asks the server; identical requests
//     under way are still shared);
//   - one and two instances (each a process), the store on Redis (REDIS_URL or 127.0.0.1:6379, a key
//     prefix of its own, deleted after), webhook posts dealt round-robin.
// BENCH_RIDERS_UPDATES and BENCH_RIDERS_USERS change the load.
import { cpus, loadavg } from 'node:os';
import { REDIS_ANSWERS, REDIS_URL } from '../test/support/redis.js';
import { closeRiders, CONNECTIONS, measureRiders, ridersLine, startRig, type RidersFigures, type RidersSetup } from './lib/riders.js';

const UPDATES = Number(process.env.BENCH_RIDERS_UPDATES ?? 2_000);
const USERS = Number(process.env.BENCH_RIDERS_USERS ?? 500);

const setups: RidersSetup[] = [
  { label: 'bare grammY bot, fixed text', kind: 'bare', instances: 1 },
  { label: 'bot, cache on, SQLite', kind: 'bot', instances: 1, cache: true },
  { label: 'bot, cache off, SQLite', kind: 'bot', instances: 1, cache: false },
  ...(REDIS_ANSWERS
    ? ([
        { label: 'bot, cache on, Redis, 1 instance', kind: 'bot', instances: 1, cache: true, redisUrl: REDIS_URL },
        { label: 'bot, cache on, Redis, 2 instances', kind: 'bot', instances: 2, cache: true, redisUrl: REDIS_URL },
      ] satisfies RidersSetup[])
    : []),
];

console.log(
  `load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; ${UPDATES} updates from ${USERS} users over ${CONNECTIONS} connections, after 200 of warm-up`,
);
if (!REDIS_ANSWERS) console.log(`no Redis answers at ${REDIS_URL}: the Redis runs are left out`);
const rig = await startRig();
const results = new Map<string, RidersFigures>();
try {
  for (const setup of setups) {
    const [figures] = await measureRiders(rig, setup, [UPDATES], USERS);
    results.set(setup.label, figures!);
    console.log(ridersLine(figures!));
  }
} finally {
  closeRiders();
  await rig.close();
}

const bare = results.get('bare grammY bot, fixed text')!;
const ratio = (label: string) => {
  const f = results.get(label);
  if (f === undefined) return;
  console.log(
    `${label.padEnd(36)} against the bare bot: CPU ${(f.cpuMsPerUpdate / bare.cpuMsPerUpdate).toFixed(1)}x per update, ` +
      `updates/s x${(f.perSecond / bare.perSecond).toFixed(2)}, p50 x${(f.p50Ms / bare.p50Ms).toFixed(1)}, p99 x${(f.p99Ms / bare.p99Ms).toFixed(1)}`,
  );
};
for (const setup of setups.slice(1)) ratio(setup.label);
const one = results.get('bot, cache on, Redis, 1 instance');
const two = results.get('bot, cache on, Redis, 2 instances');
if (one && two)
  console.log(`two instances against one (cache on, Redis): ${(two.perSecond / one.perSecond).toFixed(2)}x the updates/s on ${cpus().length} cores`);
