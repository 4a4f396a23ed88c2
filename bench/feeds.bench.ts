// Several agencies in one bot: `npm run bench feeds` (FEEDS_BENCH_COPIES=250, the default, makes
// each feed about OC Transpo's size). Three city-sized GTFS feeds, each with its TripUpdates over
// HTTP, opened as FEEDS_FILE opens them (sources/open.ts openFeeds); the same feed alone beside it.
// Each runs in a child process of its own so that its peak memory is its alone. Then riders ask
// arrivals across the three feeds, from one to ten thousand per window, and the bench counts the
// realtime requests each feed made: the poller's promise is one per feed per interval, whatever
// the number of riders.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../src/domain/clock.js';
import { silentLogger } from '../src/log.js';
import { DEMO_API_KEY, loadDemoNetwork, startSimServer } from '../src/sim/index.js';
import { demoGtfsFiles, zipGtfs } from '../src/sim/gtfs-zip.js';
import type { FeedEntry } from '../src/sources/kinds.js';
import { openFeeds } from '../src/sources/open.js';

const REFRESH_SECONDS = 2;
const WINDOW_INTERVALS = 3;
const RIDERS = [1, 10, 100, 1_000];

interface Figures {
  feeds: number;
  readyMs: number;
  peakRssMb: number;
  rssAfterMb: number;
  heapAfterMb: number;
  riders: Array<{ riders: number; intervals: number; requestsPerFeed: number[]; p50Ms: number; p99Ms: number; failed: number }>;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

/** Child: open `count` feeds of the zip, wait for every schedule, then riders. */
async function child(zip: string, count: number, dataDir: string): Promise<Figures> {
  const sim = await startSimServer({ apiKey: DEMO_API_KEY });
  // Each feed's TripUpdates through a counter, so the bench sees every request a feed makes.
  const requests = new Map<string, number>();
  const realtime = createServer((req, res) => {
    const feed = req.url?.split('/')[1] ?? '';
    requests.set(feed, (requests.get(feed) ?? 0) + 1);
    fetch(`${sim.url}/gtfs-rt/trip-updates`, { headers: { 'Ocp-Apim-Subscription-Key': DEMO_API_KEY } })
      .then(async (upstream) => res.writeHead(upstream.status).end(Buffer.from(await upstream.arrayBuffer())))
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => realtime.listen(0, '127.0.0.1', resolve));
  const realtimeUrl = `http://127.0.0.1:${(realtime.address() as AddressInfo).port}`;

  const ids = ['oc', 'sto', 'ct'].slice(0, count);
  const entries: FeedEntry[] = ids.map((id) => ({
    id,
    name: id.toUpperCase(),
    source: {
      kind: 'gtfs',
      gtfs: { scheduleUrl: zip, tripUpdatesUrl: `${realtimeUrl}/${id}/trip-updates`, headers: {}, refreshSeconds: REFRESH_SECONDS },
    },
  }));
  const started = performance.now();
  const opened = await openFeeds(entries, { dataDir, now: systemClock, logger: silentLogger(), quietRequests: true, folders: 'per-feed' });
  while (opened.source.status?.().some((s) => s.schedule !== 'ready')) await new Promise((resolve) => setTimeout(resolve, 50));
  const readyMs = performance.now() - started;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  globalThis.gc?.();
  const rssAfterMb = mb(process.memoryUsage().rss);
  const heapAfterMb = mb(process.memoryUsage().heapUsed);

  const codes = [...loadDemoNetwork().stopsById.values()].map((stop) => stop.code);
  const riders: Figures['riders'] = [];
  for (const count of RIDERS) {
    // Start the window on a fresh interval, so each window holds the same number of polls.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_SECONDS * 1000));
    requests.clear();
    const windowMs = WINDOW_INTERVALS * REFRESH_SECONDS * 1000;
    const latencies: number[] = [];
    let failed = 0;
    const windowStart = performance.now();
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / count) * windowMs));
        const stop = `${ids[i % ids.length]}:${codes[i % codes.length]}`;
        const asked = performance.now();
        await opened.source.nextTripsAllRoutes(stop).catch(() => (failed += 1));
        latencies.push(performance.now() - asked);
      }),
    );
    // Answers may run past the window when riders outpace the machine: count the intervals they took.
    riders.push({
      riders: count,
      intervals: Math.max(performance.now() - windowStart, windowMs) / (REFRESH_SECONDS * 1000),
      requestsPerFeed: ids.map((id) => requests.get(id) ?? 0),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      failed,
    });
  }
  await opened.close();
  realtime.close();
  await sim.close();
  return { feeds: count, readyMs, peakRssMb, rssAfterMb, heapAfterMb, riders };
}

const [mode, zipArg, countArg, dataArg] = process.argv.slice(2);
if (mode === 'child') {
  console.log(JSON.stringify(await child(zipArg!, Number(countArg), dataArg!)));
  process.exit(0);
}

const copies = Number(process.env.FEEDS_BENCH_COPIES ?? 250);
const dir = mkdtempSync(join(tmpdir(), 'feeds-bench-'));
const run = (count: number): Figures => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), 'child', join(dir, 'feed.zip'), String(count), join(dir, `data-${count}`)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
};

try {
  writeFileSync(join(dir, 'feed.zip'), await zipGtfs(demoGtfsFiles(loadDemoNetwork(), copies)));
  console.log(`load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.log(
    `each feed: ${copies} copies of the demo network, zip ${(statSync(join(dir, 'feed.zip')).size / 1e6).toFixed(1)} MB; realtime every ${REFRESH_SECONDS} s`,
  );
  const one = run(1);
  const three = run(3);
  for (const f of [one, three]) {
    console.log(
      `${f.feeds} feed${f.feeds > 1 ? 's' : ' '}: every schedule in ${(f.readyMs / 1000).toFixed(1).padStart(5)} s  peak RSS ${Math.round(f.peakRssMb).toString().padStart(4)} MB  after, RSS ${Math.round(f.rssAfterMb).toString().padStart(4)} MB (heap ${Math.round(f.heapAfterMb)} MB)`,
    );
  }
  console.log(
    `ratios, three feeds to one: time ${(three.readyMs / one.readyMs).toFixed(2)}x, peak RSS ${(three.peakRssMb / one.peakRssMb).toFixed(2)}x, RSS after ${(three.rssAfterMb / one.rssAfterMb).toFixed(2)}x`,
  );
  for (const r of three.riders) {
    console.log(
      `${r.riders.toLocaleString('en').padStart(5)} riders in ${WINDOW_INTERVALS} intervals (${(r.riders / (WINDOW_INTERVALS * REFRESH_SECONDS)).toFixed(1).padStart(5)}/s), all answered within ${r.intervals.toFixed(1)} intervals: realtime requests per feed ${r.requestsPerFeed.join(' / ')} = ${r.requestsPerFeed.map((n) => (n / r.intervals).toFixed(2)).join(' / ')} per interval  answer p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms${r.failed > 0 ? `  (${r.failed} failed)` : ''}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
