// A fleet's soak: `npm run bench soak` (`npm run bench -- soak --quick` for a short one). Three
// instances of the built bot (dist/main.js, as `npm start` runs it) on one Redis, in Telegram's
// webhook mode against the fake Bot API (test/chat/telegram/fake-bot-api.ts), their feed the demo
// network as GTFS, TripUpdates and VehiclePositions from the simulator (in this process, every
// request counted by feed). Before they start, 5,000 timed alerts are stored, spread over the run's
// minutes, each in a chat of its own; during the run, 2,000 riders a minute ask /next, each
// question POSTed as a webhook update to one instance in turn (as a balancer would: a refused or
// dropped post goes to the next instance). Mid-run, the instance holding the TripUpdates lease (the
// one polling the agency for the fleet) is killed (SIGKILL), and restarted 30 s later.
// Printed: alerts expected, delivered, lost and doubled; agency requests per 30-s interval per feed;
// the busiest second of pushes and of all sends at the Bot API (Telegram takes about 30 pushes a
// second); p50/p99 of answers (webhook POST to sendMessage); each instance's RSS before and after.
//
// Time: the bot's clock runs at the real pace (its timer, polls, leases and queue are real-time, so
// a faster calendar would only bend the figures), so the soak's minutes are real minutes:
// SOAK_MINUTES (default 8, so that the bench ends within about 10; `--quick`: 3; the issue's 10 with
// SOAK_MINUTES=10). Every instance's clock (CLOCK_START, given at its spawn) and the simulator's
// read the same weekday morning in Ottawa, a whole number of minutes plus 10 s from the real time,
// so every instance's tick at the real :00 reads the same minute. SOAK_SUBSCRIPTIONS (default 5,000;
// `--quick`: 1,500), SOAK_RIDERS_PER_MINUTE (2,000). Redis: REDIS_URL (else 127.0.0.1:6379), its
// database SOAK_REDIS_DB (default 11: the bot's own key names, nobody else's), refused when that
// database already holds the bot's keys; every key the soak made is deleted after (by pattern,
// never FLUSHDB).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createClient } from '@keyv/redis';
import type { Subscription } from '../src/domain/subscription.js';
import { DEMO_API_KEY, startSimServer } from '../src/sim/index.js';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { openStore } from '../src/store/index.js';
import { mapLimit } from '../src/util/map-limit.js';
import { startFakeBotApi, type RecordedCall } from '../test/chat/telegram/fake-bot-api.js';
import { REDIS_ANSWERS, REDIS_URL } from '../test/support/redis.js';
import buildDist, { builtProgram } from '../test/support/build-dist.js';

const QUICK = process.argv.includes('--quick');
const MINUTES = Number(process.env.SOAK_MINUTES ?? (QUICK ? 3 : 8));
const SUBSCRIPTIONS = Number(process.env.SOAK_SUBSCRIPTIONS ?? (QUICK ? 1_500 : 5_000));
const RIDERS_PER_MINUTE = Number(process.env.SOAK_RIDERS_PER_MINUTE ?? 2_000);
const INSTANCES = 3;
const REDIS_DB = Number(process.env.SOAK_REDIS_DB ?? 11);
const TOKEN = '246810:soak-Bench_token';
const SECRET = 'soak-webhook-secret';
const WEBHOOK_PATH = '/telegram';
/** The feeds' interval (GTFS_RT_REFRESH_SECONDS' default): requests are counted per such window. */
const INTERVAL_MS = 30_000;
/** A Tuesday morning in Ottawa: every stop has buses coming. */
const TIMELINE_START = Date.parse('2026-11-24T07:55:00-05:00');
const OTTAWA = 'America/Toronto';
const FIRST_SUBSCRIBER = 5_000_000;
const FIRST_RIDER = 1_000_000;
/** How long a process takes from its spawn to reading CLOCK_START (node's start and the imports). */
const STARTUP_GUESS_MS = 600;
const MINUTE = 60_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

if (!REDIS_ANSWERS) {
  console.log(`Redis does not answer at ${REDIS_URL}: nothing measured.`);
  process.exit(0);
}
const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`;
const redis = createClient({ url: redisUrl });
await redis.connect();
const botKeys = async () => {
  const keys: string[] = [];
  for (const pattern of ['arrivals-bot:*', '{arrivals-bot*'])
    for await (const batch of redis.scanIterator({ MATCH: pattern, COUNT: 1000 })) keys.push(...batch);
  return keys;
};
if ((await botKeys()).length > 0) {
  console.log(`Redis database ${REDIS_DB} at ${REDIS_URL} already holds the bot's keys (someone's bot?): set SOAK_REDIS_DB to a free one.`);
  await redis.close();
  process.exit(0);
}

buildDist();
const MAIN = builtProgram('main.ts');
const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));

// The shared timeline: the real time plus a whole number of minutes, plus 10 s.
const realStart = Date.now();
const offset = Math.round((TIMELINE_START - realStart) / MINUTE) * MINUTE + 10_000;
const simNow = (real = Date.now()) => new Date(real + offset);

// The agency: the simulator, each request's path and status noted as it finishes.
const agency: Array<{ path: string; status: number; at: number }> = [];
const simLogger = pino(
  { level: 'info' },
  {
    write(line: string) {
      const entry = JSON.parse(line) as { path?: string; status?: number | string };
      if (entry.path !== undefined) agency.push({ path: entry.path, status: Number(entry.status), at: Date.now() });
    },
  },
);
const sim = await startSimServer({ now: () => simNow(), apiKey: DEMO_API_KEY, logger: simLogger });

// The Bot API: every call stamped as it is answered.
const api = await startFakeBotApi({ token: TOKEN });
interface Sent {
  method: string;
  chat: number;
  at: number;
  text: string;
}
const sent: Sent[] = [];
const SENDS = new Set(['sendMessage', 'sendPhoto', 'sendLocation', 'sendVenue']);
const EDITS = new Set(['editMessageText', 'editMessageLiveLocation', 'stopMessageLiveLocation', 'editMessageReplyMarkup', 'editMessageMedia']);
const replyListeners: Array<(call: RecordedCall, at: number) => void> = [];
api.onCall((call) => {
  if (!SENDS.has(call.method) && !EDITS.has(call.method)) return;
  const at = Date.now();
  sent.push({ method: call.method, chat: Number(call.params.chat_id), at, text: typeof call.params.text === 'string' ? call.params.text : '' });
  for (const listener of replyListeners) listener(call, at);
});

// The alerts, stored before any instance starts: SUBSCRIPTIONS chats, one timed alert each, spread
// evenly over the run's minutes but its last (left for the last ones' delivery).
const stops = [...loadDemoNetwork().stopCodes.keys()];
const firstAlertMinute = Math.floor(simNow().getTime() / MINUTE) * MINUTE + 2 * MINUTE;
const alertMinutes = Math.max(1, MINUTES - 1);
const ottawaMinuteOfDay = (instant: number) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: OTTAWA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  return Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
};
const dueAt = (i: number) => firstAlertMinute + (i % alertMinutes) * MINUTE;
const subscriptions: Subscription[] = Array.from({ length: SUBSCRIPTIONS }, (_, i) => ({
  id: `k${i.toString(36)}`,
  chat: { platform: 'telegram', chatId: String(FIRST_SUBSCRIBER + i), chatType: 'private' },
  stopNo: stops[i % stops.length]!,
  schedule: { kind: 'at', minute: ottawaMinuteOfDay(dueAt(i)), days: [0, 1, 2, 3, 4, 5, 6] },
  timeZone: OTTAWA,
  createdAt: new Date(simNow().getTime() - MINUTE).toISOString(),
}));
{
  const store = await openStore({ dataDir: dir, redisUrl });
  await mapLimit(subscriptions, 64, (sub) => store.subscriptions.add(sub, 20));
  await store.close();
}

// The instances: the built bot, each its own DATA_DIR, webhook port and log.
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Instance {
  name: string;
  child: ChildProcess;
  port: number;
  ready: boolean;
  rssBefore?: number;
  /** RSS each minute of the run, MB. */
  rssSeries: number[];
  rssAfter?: number;
  logFile: string;
}

const rssOf = (pid: number | undefined) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
};

async function spawnInstance(name: string, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const logFile = join(dir, `${name}.log`);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: api.apiRoot,
      TELEGRAM_WEBHOOK_URL: `https://bot.example.org${WEBHOOK_PATH}`,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_WEBHOOK_PORT: String(port),
      GTFS_URL: `${sim.url}/gtfs/static.zip`,
      GTFS_RT_TRIP_UPDATES_URL: `${sim.url}/gtfs-rt/trip-updates`,
      GTFS_RT_VEHICLE_POSITIONS_URL: `${sim.url}/gtfs-rt/vehicle-positions`,
      GTFS_RT_HEADERS: `Ocp-Apim-Subscription-Key: ${DEMO_API_KEY}`,
      CLOCK_START: simNow(Date.now() + STARTUP_GUESS_MS)
        .toISOString()
        .replace(/\.\d+Z$/, 'Z'),
      LOG_LEVEL: 'warn',
      LOG_FILE: 'stderr',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.pipe(createWriteStream(logFile));
  const instance: Instance = { name, child, port, ready: false, logFile, rssSeries: [] };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  instance.ready = true;
  return instance;
}

// The riders: RIDERS_PER_MINUTE questions a minute, each from a rider of its own that minute.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(port: number, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: WEBHOOK_PATH,
        method: 'POST',
        agent,
        // A balancer waits as long as Telegram does for a webhook's answer; only a refused or dropped post goes elsewhere.
        timeout: 60_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-telegram-bot-api-secret-token': SECRET },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const instances: Instance[] = [];
const dataDirs = Array.from({ length: INSTANCES }, (_, i) => join(dir, `data-${i + 1}`));
const waiting = new Map<number, number[]>();
const latencies: number[] = [];
/** When each answered question was asked, beside its latency. */
const askedTimes: number[] = [];
let asked = 0;
let reposted = 0;
let answersWithoutStop = 0;
/** Answers beyond one per question: a post dropped by the killed instance after it had answered, posted again. */
let answeredTwice = 0;
let sampleWithout: string | undefined;
let refusedEverywhere = 0;
let nextUpdate = 1;
let turn = 0;
replyListeners.push((call, at) => {
  if (call.method !== 'sendMessage') return;
  const chat = Number(call.params.chat_id);
  if (chat < FIRST_RIDER || chat >= FIRST_SUBSCRIBER) return;
  const askedAt = waiting.get(chat)?.shift();
  if (askedAt === undefined) return void answeredTwice++;
  latencies.push(at - askedAt);
  askedTimes.push(askedAt);
  if (!String(call.params.text).includes(`(${stops[chat % stops.length]!})`)) {
    answersWithoutStop++;
    sampleWithout ??= String(call.params.text).slice(0, 200);
  }
});

async function ask(rider: number): Promise<void> {
  const id = nextUpdate++;
  const stop = stops[rider % stops.length]!;
  const body = JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      from: { id: rider, is_bot: false, first_name: 'Rider', language_code: rider % 4 === 0 ? 'fr' : 'en' },
      chat: { id: rider, type: 'private', first_name: 'Rider' },
      text: `/next ${stop}`,
      entities: [{ type: 'bot_command', offset: 0, length: 5 }],
    },
  });
  const queue = waiting.get(rider) ?? [];
  waiting.set(rider, queue);
  queue.push(Date.now());
  asked++;
  // The balancer: the next instance taking posts; one refused or dropped is posted to the next.
  for (let attempt = 0; attempt < 2 * INSTANCES; attempt++) {
    const live = instances.filter((instance) => instance.ready);
    const instance = live[turn++ % Math.max(1, live.length)];
    if (instance !== undefined && (await post(instance.port, body)) === 200) return;
    reposted++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  refusedEverywhere++;
}

console.log(
  `load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; ${INSTANCES} instances, ${SUBSCRIPTIONS} alerts over ${alertMinutes} minutes, ` +
    `${RIDERS_PER_MINUTE} riders a minute, ${MINUTES} minutes of run (the bot's clock at the real pace)`,
);
const cleanUp = async () => {
  agent.destroy();
  for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  const keys = await botKeys();
  for (let i = 0; i < keys.length; i += 1000) await redis.del(keys.slice(i, i + 1000));
  await redis.close();
  await api.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
};

try {
  instances.push(...(await Promise.all(dataDirs.map((dataDir, i) => spawnInstance(`instance ${i + 1}`, dataDir)))));
  const readyAt = Date.now();
  for (const instance of instances) instance.rssBefore = rssOf(instance.child.pid);
  if (simNow(readyAt).getTime() > firstAlertMinute) console.log('the instances were ready after the first alerts were due: they were made up late');

  // The run: riders from now until the last alert minute's end plus 45 s.
  const runEnd = firstAlertMinute - offset + alertMinutes * MINUTE + 45_000;
  const killAt = firstAlertMinute - offset + Math.floor(alertMinutes * 0.4) * MINUTE + 15_000;
  let rider = 0;
  const pace = MINUTE / RIDERS_PER_MINUTE;
  const asking: Array<Promise<void>> = [];
  const sampling = setInterval(() => {
    for (const instance of instances) if (instance.ready) instance.rssSeries.push(rssOf(instance.child.pid));
  }, MINUTE);
  const riders = setInterval(() => {
    const due = Math.floor((Date.now() - readyAt) / pace);
    while (rider < due) asking.push(ask(FIRST_RIDER + (rider++ % RIDERS_PER_MINUTE)));
  }, 20);

  // Mid-run: the instance polling TripUpdates for the fleet (the lease's holder names its pid) is killed.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
  let victim: Instance | undefined;
  for (let tries = 0; victim === undefined && tries < 100; tries++) {
    for await (const batch of redis.scanIterator({ MATCH: '*poll:*TripUpdates*:lease', COUNT: 1000 }))
      for (const key of batch) {
        const holder = await redis.get(key);
        const pid = Number(holder?.split(':').at(-2));
        victim ??= instances.find((instance) => instance.child.pid === pid && instance.ready);
      }
    if (victim === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const leaseHolder = victim !== undefined;
  victim ??= instances[1]!;
  victim.ready = false;
  victim.rssAfter = rssOf(victim.child.pid);
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  await once(victim.child, 'exit');
  const killedName = victim.name;
  console.log(
    `${killedName} (${leaseHolder ? 'the TripUpdates lease holder' : 'no lease holder found'}) killed at ${simNow(killedAt).toISOString().slice(11, 19)} UTC on the bot's clock, mid-delivery of that minute's alerts; restarted 30 s later`,
  );
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  const restarted = await spawnInstance(`${killedName}, restarted`, dataDirs[instances.indexOf(victim)]!);
  const restartedAt = Date.now();
  console.log(`${restarted.name} ready ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
  restarted.rssBefore = rssOf(restarted.child.pid);
  instances.push(restarted);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, runEnd - Date.now())));
  clearInterval(riders);
  clearInterval(sampling);
  await Promise.all(asking);
  // Answers and the last alerts still under way: while they keep coming (a fleet behind on a busy
  // machine), up to 3 minutes more; then what is still queued is read from BullMQ's keys.
  const alertsSent = () => sent.filter((s) => s.chat >= FIRST_SUBSCRIBER).length;
  for (
    let waited = 0, seen = -1, still = 0;
    waited < 180_000 && still < 30_000 && (latencies.length < asked || alertsSent() < SUBSCRIPTIONS);
    waited += 500
  ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    still = alertsSent() + latencies.length === seen ? still + 500 : 0;
    seen = alertsSent() + latencies.length;
  }
  const endedAt = Date.now();
  let queued = 0;
  for await (const batch of redis.scanIterator({ MATCH: 'arrivals-bot:bull:*', COUNT: 1000 }))
    for (const key of batch) {
      if (/:(wait|paused|prioritized)$/.test(key)) queued += await redis.lLen(key).catch(() => redis.zCard(key));
      else if (/:(delayed|active)$/.test(key)) queued += await (key.endsWith(':active') ? redis.lLen(key) : redis.zCard(key));
    }
  for (const instance of instances) if (instance.ready) instance.rssAfter = rssOf(instance.child.pid);

  // Alerts: one message per subscriber chat.
  const perChat = new Map<number, number>();
  for (const s of sent) if (s.chat >= FIRST_SUBSCRIBER && s.method === 'sendMessage') perChat.set(s.chat, (perChat.get(s.chat) ?? 0) + 1);
  const doubled = [...perChat.values()].filter((n) => n > 1).length;
  const firstSent = new Map<number, Sent>();
  for (const s of sent) if (s.chat >= FIRST_SUBSCRIBER && s.method === 'sendMessage' && !firstSent.has(s.chat)) firstSent.set(s.chat, s);
  // Each alert's delay: from the start of its minute on the bot's clock to its message at the Bot API.
  const delays = subscriptions
    .map((sub, i) => {
      const first = firstSent.get(FIRST_SUBSCRIBER + i);
      return first === undefined ? undefined : first.at + offset - dueAt(i);
    })
    .filter((d) => d !== undefined)
    .sort((a, b) => a - b);
  const unlike = [...firstSent].filter(([chat, s]) => !s.text.includes(`(${subscriptions[chat - FIRST_SUBSCRIBER]!.stopNo})`)).length;
  console.log(
    `alerts: expected ${SUBSCRIPTIONS}, delivered ${perChat.size}, not delivered ${SUBSCRIPTIONS - perChat.size} (jobs still queued at the end: ${queued}), doubled ${doubled}; ` +
      `from their minute to the Bot API p50 ${(percentile(delays, 50) / 1000).toFixed(1)} s, p99 ${(percentile(delays, 99) / 1000).toFixed(1)} s, max ${((delays.at(-1) ?? NaN) / 1000).toFixed(1)} s` +
      (unlike > 0 ? `; ${unlike} not naming their stop` : ''),
  );
  if (doubled > 0) {
    // Where each doubled alert's first message came, against the kill: one in flight when its sender died was sent again by another.
    const firsts = [...perChat].filter(([, n]) => n > 1).map(([chat]) => firstSent.get(chat)!.at - killedAt);
    const seconds = sent.filter((s) => perChat.get(s.chat)! > 1 && s !== firstSent.get(s.chat)).map((s) => s.at - killedAt);
    console.log(
      `  the doubled ones: first sent ${firsts.map((ms) => `${ms >= 0 ? '+' : ''}${ms} ms`).join(', ')} from the kill, again ${seconds.map((ms) => `+${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
  }

  // The agency: requests per interval per feed, over the run's whole intervals.
  const firstWindow = Math.ceil(readyAt / INTERVAL_MS) * INTERVAL_MS;
  const windows = Math.floor((endedAt - firstWindow) / INTERVAL_MS);
  for (const [feed, path] of [
    ['TripUpdates', '/gtfs-rt/trip-updates'],
    ['VehiclePositions', '/gtfs-rt/vehicle-positions'],
  ] as const) {
    const counts = Array.from(
      { length: windows },
      (_, w) => agency.filter((r) => r.path === path && r.at >= firstWindow + w * INTERVAL_MS && r.at < firstWindow + (w + 1) * INTERVAL_MS).length,
    );
    const byCount = new Map<number, number>();
    for (const n of counts) byCount.set(n, (byCount.get(n) ?? 0) + 1);
    console.log(
      `agency, ${feed.padEnd(16)}: per ${INTERVAL_MS / 1000}-s interval max ${Math.max(...counts)}, mean ${(counts.reduce((a, b) => a + b, 0) / windows).toFixed(2)} over ${windows} intervals ` +
        `(${[...byCount]
          .sort(([a], [b]) => a - b)
          .map(([n, w]) => `${n} request${n === 1 ? '' : 's'}: ${w}`)
          .join(', ')}); 304s ${agency.filter((r) => r.path === path && r.status === 304).length}`,
    );
  }
  const polls = agency.filter((r) => r.path === '/gtfs-rt/trip-updates' && r.at >= readyAt).map((r) => r.at);
  const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
  const killGap = gaps.find((_, i) => polls[i]! <= killedAt && polls[i + 1]! > killedAt);
  console.log(
    `agency, TripUpdates: longest time between two requests ${(Math.max(...gaps) / 1000).toFixed(1)} s; across the kill of its poller ${killGap === undefined ? '?' : (killGap / 1000).toFixed(1)} s`,
  );
  console.log(`agency, static GTFS zip: ${agency.filter((r) => r.path === '/gtfs/static.zip').length} requests (one per start)`);

  // The Bot API: the busiest second of pushes (alerts and edits) and of everything sent.
  const busiest = (items: Sent[]) => {
    const perSecond = new Map<number, number>();
    for (const s of items) perSecond.set(Math.floor(s.at / 1000), (perSecond.get(Math.floor(s.at / 1000)) ?? 0) + 1);
    return Math.max(0, ...perSecond.values());
  };
  const pushes = sent.filter((s) => s.chat >= FIRST_SUBSCRIBER || EDITS.has(s.method));
  const pushSeconds = new Map<number, number>();
  for (const p of pushes) pushSeconds.set(Math.floor(p.at / 1000), (pushSeconds.get(Math.floor(p.at / 1000)) ?? 0) + 1);
  const over = [...pushSeconds].filter(([, n]) => n > 29).sort(([, a], [, b]) => b - a);
  console.log(
    `Bot API: ${pushSeconds.size} seconds with pushes, ${over.length} over the pace of 29/s (ALERT_TELEGRAM_PER_SECOND), ${over.filter(([, n]) => n > 30).length} over 30` +
      (over.length > 0
        ? `: ${over
            .slice(0, 5)
            .map(([second, n]) => `${n} at +${second - Math.floor(readyAt / 1000)} s`)
            .join(', ')} from ready (the kill at +${Math.round((killedAt - readyAt) / 1000)} s)`
        : ''),
  );
  const perChatSecond = new Map<string, number>();
  for (const s of sent)
    perChatSecond.set(`${s.chat}:${Math.floor(s.at / 1000)}`, (perChatSecond.get(`${s.chat}:${Math.floor(s.at / 1000)}`) ?? 0) + 1);
  console.log(
    `Bot API: busiest second of pushes ${busiest(pushes)} (alerts ${pushes.filter((s) => SENDS.has(s.method)).length}, edits ${pushes.filter((s) => EDITS.has(s.method)).length}; Telegram: about 30/s), ` +
      `of everything sent ${busiest(sent)} (riders' answers included); busiest chat-second ${Math.max(...perChatSecond.values())} (Telegram: about 1/s a chat)`,
  );

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => percentile(sorted, p);
  console.log(
    `riders: ${asked} questions, ${latencies.length} answered (${asked - latencies.length} not), p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms; ` +
      `${reposted} posts refused or dropped and posted again, ${refusedEverywhere} refused by every instance, ${answeredTwice} answered twice` +
      (answersWithoutStop > 0 ? `; ${answersWithoutStop} answers not naming the stop asked, such as ${JSON.stringify(sampleWithout)}` : ''),
  );
  const calm = latencies.filter((_, i) => askedTimes[i]! < killedAt - 10_000 || askedTimes[i]! > restartedAt + 30_000).sort((a, b) => a - b);
  console.log(
    `riders away from the kill (asked before 10 s ahead of it, or 30 s after the restart): ${calm.length} answers, p50 ${percentile(calm, 50).toFixed(0)} ms, p99 ${percentile(calm, 99).toFixed(0)} ms`,
  );
  for (const instance of instances)
    console.log(
      `  ${instance.name.padEnd(22)} RSS ${instance.rssBefore?.toFixed(0)} MB at its start -> ${instance.rssAfter?.toFixed(0)} MB ${instance === victim ? 'when killed' : 'at the end'}; each minute ${instance.rssSeries.map((mb) => mb.toFixed(0)).join(', ')}`,
    );
  console.log(
    `run: ${((endedAt - readyAt) / MINUTE).toFixed(1)} minutes from ready to the end (the bot's clock ${simNow(readyAt).toISOString().slice(11, 16)}-${simNow(endedAt).toISOString().slice(11, 16)} UTC)`,
  );
  // What the instances logged (LOG_LEVEL=warn): each message and how often.
  for (const instance of instances) {
    const messages = new Map<string, number>();
    for (const line of readFileSync(instance.logFile, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const entry = (() => {
        try {
          return JSON.parse(line) as { level?: number; msg?: string };
        } catch {
          return { level: 60, msg: line.slice(0, 120) };
        }
      })();
      const key = `${entry.level === 40 ? 'warn' : entry.level === 50 ? 'error' : 'fatal'}: ${entry.msg}`;
      if (entry.level !== 40 && !messages.has(key)) console.log(`  ${instance.name}, first ${key}: ${line.slice(0, 600)}`);
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    if (messages.size > 0) console.log(`  ${instance.name} logged ${[...messages].map(([msg, n]) => `${n} x ${JSON.stringify(msg)}`).join(', ')}`);
  }
} finally {
  await cleanUp();
}
