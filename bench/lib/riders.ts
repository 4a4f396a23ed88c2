// Riders under load, webhook mode: the rig the riders and growth benches share. Updates are POSTed
// to the bot's webhook server as Telegram would (the secret header, one JSON update per request,
// at most CONNECTIONS at a time, Telegram's own max_connections default), and each is timed until
// its reply reaches the fake Bot API's sendMessage. The v1.2 demo server runs in a process of its
// own (bench/sim.bench.ts's way), each bot instance in another (bench/lib/riders-instance.ts), the
// fake Bot API and the posting here.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadDemoNetwork } from '../../src/sim/demo-network.js';
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from '../../test/chat/telegram/fake-bot-api.js';
import { deleteNamespace } from '../../test/support/redis.js';
import { BARE_REPLY, type InstanceSettings } from './riders-settings.js';

const SIM_CLI = fileURLToPath(new URL('../../src/sim/cli.ts', import.meta.url));
const INSTANCE = fileURLToPath(new URL('./riders-instance.ts', import.meta.url));
/** Tuesday 08:00 in Ottawa: every stop has buses coming, whatever the real time. */
const RUSH_HOUR = '2026-11-24T08:00-05:00';
const TOKEN = '123456:bench-Riders';
const SECRET = 'bench-webhook-secret';
const PATH = '/telegram/hook';
/** Telegram's default max_connections for a webhook. */
export const CONNECTIONS = 40;
/** Updates before the measured ones, from other users: JIT, connections and caches warm. */
const WARMUP = 200;
const FIRST_USER = 1_000_000;

export interface Rig {
  simUrl: string;
  api: FakeBotApi;
  /** Requests the v1.2 server has answered so far. */
  upstreamRequests(): Promise<number>;
  close(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  const sim = spawn(process.execPath, ['--import', 'tsx', SIM_CLI, '--port', '0', '--at', RUSH_HOUR], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  const [line] = (await once(createInterface({ input: sim.stdout }), 'line')) as [string];
  const simUrl = /(http:\/\/\S+)/.exec(line)?.[1];
  if (simUrl === undefined) throw new Error(`no URL in the simulator's first line: ${JSON.stringify(line)}`);
  const api = await startFakeBotApi({ token: TOKEN });
  return {
    simUrl,
    api,
    async upstreamRequests() {
      const res = await fetch(`${simUrl}/__sim/stats`);
      return ((await res.json()) as { requests: number }).requests;
    },
    async close() {
      await api.close();
      sim.kill('SIGTERM');
      if (sim.exitCode === null) await once(sim, 'exit');
    },
  };
}

export interface RidersSetup {
  label: string;
  kind: 'bot' | 'bare';
  instances: number;
  /** The transit cache (kind "bot"); on by default. */
  cache?: boolean;
  /** kind "bot": the store on Redis at this URL (a key prefix of its own, deleted after), else SQLite. */
  redisUrl?: string;
}

export interface RidersFigures {
  label: string;
  updates: number;
  users: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** v1.2 requests the measured updates caused. */
  upstream: number;
  /** The instances' CPU per update, in ms (all instances together). */
  cpuMsPerUpdate: number;
  /** This process's CPU per update (posting, and the fake Bot API): on two cores, it bounds the rate the bare bot shows. */
  rigCpuMsPerUpdate: number;
  /** The largest peak RSS of the instances. */
  maxRssMb: number;
  /** Updates answered otherwise than expected (a failure message, a refusal) or not at all. */
  wrong: number;
}

type Child = ChildProcessByStdio<Writable, Readable, null>;

async function startInstance(settings: InstanceSettings): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE, JSON.stringify(settings)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done === true) throw new Error(`a ${settings.kind} instance ended before listening`);
  return { port: (JSON.parse(first.value) as { port: number }).port, child, lines };
}

type Instance = { port: number; child: Child; lines: AsyncIterator<string> };

/** Sends a command to an instance and reads its one-line JSON answer. */
async function ask<T>(instance: Instance, command: 'cpu' | 'stop'): Promise<T> {
  instance.child.stdin.write(`${command}\n`);
  const line = await instance.lines.next();
  if (line.done === true) throw new Error(`an instance ended without answering "${command}"`);
  return JSON.parse(line.value) as T;
}

async function stopInstance(instance: Instance): Promise<{ maxRssMb: number }> {
  const answer = await ask<{ maxRssMb: number }>(instance, 'stop');
  if (instance.child.exitCode === null) await once(instance.child, 'exit');
  return answer;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function post(port: number, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: PATH,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-telegram-bot-api-secret-token': SECRET },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function update(id: number, user: number, stop: string): string {
  const from = { id: user, is_bot: false, first_name: 'Rider', language_code: user % 4 === 0 ? 'fr' : 'en' };
  return JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: 1_764_000_000,
      from,
      chat: { id: user, type: 'private', first_name: 'Rider' },
      text: `/next ${stop}`,
      entities: [{ type: 'bot_command', offset: 0, length: 5 }],
    },
  });
}

let nextUpdateId = 1;

/**
 * Sends `updates` updates from `users` users (user i sends updates i, i + users, ...; each asks
 * /next at one of the demo network's stops) as fast as the instances take them, round-robin over
 * `ports`, and times each until its reply. Replies to one chat come in the order of its updates
 * (the adapter queues a chat's updates), so the nth reply to a chat answers its nth update.
 */
async function drive(
  rig: Rig,
  ports: number[],
  updates: number,
  users: number,
  firstUser: number,
  expected: (call: RecordedCall, stop: string) => boolean,
): Promise<{ elapsedMs: number; latencies: number[]; wrong: number }> {
  const stops = [...loadDemoNetwork().stopCodes.keys()];
  const waiting = new Map<number, number[]>();
  const latencies: number[] = [];
  let wrong = 0;
  let lastReplyAt = 0;
  let allAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  const unsubscribe = rig.api.onCall((call) => {
    if (call.method !== 'sendMessage') return;
    const sentAt = waiting.get(Number(call.params.chat_id))?.shift();
    if (sentAt === undefined) return;
    lastReplyAt = performance.now();
    latencies.push(lastReplyAt - sentAt);
    const chat = Number(call.params.chat_id);
    if (!expected(call, stops[chat % stops.length]!)) wrong++;
    if (latencies.length === updates) allAnswered();
  });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < updates) {
      const i = next++;
      const user = firstUser + (i % users);
      const queue = waiting.get(user) ?? [];
      waiting.set(user, queue);
      queue.push(performance.now());
      const status = await post(ports[i % ports.length]!, update(nextUpdateId++, user, stops[user % stops.length]!));
      if (status !== 200) wrong++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  // A reply that never comes is counted as wrong, not waited for forever.
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  unsubscribe();
  return { elapsedMs: lastReplyAt - started, latencies, wrong: wrong + (updates - latencies.length) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * Starts `setup.instances` instances, warms them, then sends each batch of `batches` (update
 * counts, one after the other, from `users` users) and measures it. Instances, their store and
 * their key prefix are gone when it returns.
 */
export async function measureRiders(rig: Rig, setup: RidersSetup, batches: number[], users: number): Promise<RidersFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riders-bench-'));
  const namespace = `bench-riders-${process.pid}-${setup.label.replace(/\W+/g, '-')}`;
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < setup.instances; i++) {
      instances.push(
        await startInstance({
          kind: setup.kind,
          token: TOKEN,
          secret: SECRET,
          path: PATH,
          apiRoot: rig.api.apiRoot,
          simUrl: rig.simUrl,
          clockStart: RUSH_HOUR,
          cache: setup.cache ?? true,
          dataDir,
          namespace,
          ...(setup.redisUrl !== undefined ? { redisUrl: setup.redisUrl } : {}),
        }),
      );
    }
    const ports = instances.map((instance) => instance.port);
    // An answer with arrivals names its stop in its title and has times ("9 min (08:09)"); the
    // bare bot's is its fixed text.
    const expected = (call: RecordedCall, stop: string) => {
      const text = String(call.params.text);
      return setup.kind === 'bare'
        ? text === BARE_REPLY
        : text.startsWith('<b>') && text.includes(`(${stop})</b>`) && / min \(\d\d:\d\d\)/.test(text);
    };
    await drive(rig, ports, WARMUP, WARMUP, FIRST_USER, expected);
    const figures: RidersFigures[] = [];
    let user = FIRST_USER + WARMUP;
    for (const updates of batches) {
      for (const instance of instances) instance.child.stdin.write('mark\n');
      const upstreamBefore = await rig.upstreamRequests();
      const rigCpu = process.cpuUsage();
      const run = await drive(rig, ports, updates, users, user, expected);
      const rigCpuUsed = process.cpuUsage(rigCpu);
      user += users;
      const upstream = (await rig.upstreamRequests()) - upstreamBefore - 1;
      const cpu = await Promise.all(instances.map((instance) => ask<{ cpuMs: number }>(instance, 'cpu')));
      const sorted = [...run.latencies].sort((a, b) => a - b);
      figures.push({
        label: setup.label,
        updates,
        users,
        perSecond: (run.latencies.length / run.elapsedMs) * 1000,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? NaN,
        upstream,
        cpuMsPerUpdate: cpu.reduce((sum, c) => sum + c.cpuMs, 0) / updates,
        rigCpuMsPerUpdate: (rigCpuUsed.user + rigCpuUsed.system) / 1000 / updates,
        maxRssMb: 0,
        wrong: run.wrong,
      });
    }
    const stopped = await Promise.all(instances.splice(0).map(stopInstance));
    for (const f of figures) f.maxRssMb = Math.max(...stopped.map((s) => s.maxRssMb));
    return figures;
  } finally {
    await Promise.all(instances.map(stopInstance));
    if (setup.redisUrl !== undefined) await deleteNamespace(namespace);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function ridersLine(f: RidersFigures): string {
  return (
    `${f.label.padEnd(36)} ${f.updates} updates/${f.users} users: ${f.perSecond.toFixed(0).padStart(5)} updates/s, ` +
    `p50 ${f.p50Ms.toFixed(0).padStart(4)} ms, p99 ${f.p99Ms.toFixed(0).padStart(4)} ms, max ${f.maxMs.toFixed(0)} ms; upstream ${f.upstream}; CPU ${f.cpuMsPerUpdate.toFixed(2)} ms/update (the rig's ${f.rigCpuMsPerUpdate.toFixed(2)}), peak RSS ${Math.round(f.maxRssMb)} MB; wrong ${f.wrong}`
  );
}

/** Closes what the rig's posting holds open (keep-alive sockets). */
export function closeRiders(): void {
  agent.destroy();
}
