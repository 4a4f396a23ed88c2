// The simulator under load: GetNextTripsForStopAllRoutes at one busy stop (3020, six route
// directions), XML then JSON, from ~50 concurrent keep-alive connections. The server runs in its
// own process (the CLI) so its memory figures are its own, on a clock started at a weekday rush
// hour so that every run answers with full trip lists, whatever the real time. Bounded by a
// request count and a time.
//   npx tsx bench/sim.bench.ts [requests-per-format]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DEMO_API_KEY, DEMO_APP_ID } from '../src/sim/credentials.js';

const CLI = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'src', 'sim', 'cli.ts');
const REQUESTS = Number(process.argv[2] ?? 20_000);
const WARMUP = 500;
const CONCURRENCY = 50;
const TIME_LIMIT_MS = 30_000;
const STOP = '3020';
/** Tuesday 08:00 in Ottawa. */
const RUSH_HOUR = '2026-11-24T08:00-05:00';

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function call(url: string, method: 'GET' | 'POST', body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Stats {
  requests: number;
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
}

async function stats(base: string): Promise<Stats> {
  return JSON.parse((await call(`${base}/__sim/stats`, 'GET')).text) as Stats;
}

function requestBody(format: string): string {
  return new URLSearchParams({ appID: DEMO_APP_ID, apiKey: DEMO_API_KEY, stopNo: STOP, format }).toString();
}

/** Errors come with HTTP 200 in v1.2: make sure the figures are for real answers, with trips. */
async function checkAnswer(base: string, format: string): Promise<void> {
  const { text } = await call(`${base}/v1.2/GetNextTripsForStopAllRoutes`, 'POST', requestBody(format));
  const trips = format === 'json' ? (text.match(/"TripDestination"/g) ?? []).length : (text.match(/<Trip>/g) ?? []).length;
  if (!text.includes('LAURIER STATION') || trips < 6) throw new Error(`not a full answer for ${STOP} (${format}): ${text.slice(0, 200)}`);
}

async function drive(base: string, format: string, count: number) {
  const body = requestBody(format);
  const url = `${base}/v1.2/GetNextTripsForStopAllRoutes`;
  const latencies: number[] = [];
  let issued = 0;
  let failures = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  async function worker() {
    while (issued < count && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      const reply = await call(url, 'POST', body);
      latencies.push(performance.now() - t0);
      bytes += reply.text.length;
      if (reply.status !== 200) failures++;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    done: latencies.length,
    failures,
    elapsedMs,
    rps: (latencies.length / elapsedMs) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    avgBytes: bytes / latencies.length,
  };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const memory = (s: Stats) => `rss ${mb(s.memory.rssBytes)}, heap ${mb(s.memory.heapUsedBytes)} / ${mb(s.memory.heapTotalBytes)}`;

const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--at', RUSH_HOUR], {
  stdio: ['ignore', 'pipe', 'ignore'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
try {
  let line = '';
  child.stdout.setEncoding('utf8');
  while (!line.includes('\n')) line += (await once(child.stdout, 'data'))[0];
  const base = /(http:\/\/\S+)/.exec(line)?.[1];
  if (!base) throw new Error(`no URL in ${JSON.stringify(line)}`);

  console.log(
    `simulator ${base} (own process, clock from ${RUSH_HOUR}); ${CONCURRENCY} concurrent keep-alive connections; ` +
      `stop ${STOP}; up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s per format`,
  );
  const before = await stats(base);
  console.log(`server before: ${memory(before)}`);
  for (const format of ['xml', 'json']) {
    await checkAnswer(base, format);
    await drive(base, format, WARMUP);
    const r = await drive(base, format, REQUESTS);
    console.log(
      `${format.padEnd(4)} ${r.done} requests in ${(r.elapsedMs / 1000).toFixed(2)} s: ${r.rps.toFixed(0)} req/s, ` +
        `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.avgBytes.toFixed(0)} B/answer, ${r.failures} failures`,
    );
    console.log(`server after ${format}: ${memory(await stats(base))}`);
  }
  const after = await stats(base);
  console.log(`server requests counted: ${after.requests - before.requests}`);
} finally {
  agent.destroy();
  child.kill('SIGTERM');
  await once(child, 'exit');
}
