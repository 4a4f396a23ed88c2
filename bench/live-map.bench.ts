// The live map's JSON endpoint under 500 open maps: each map polls GET /map/api/route for its own
// stop of the demo network's routes 95 and 7 (61 route-and-stop pairs), every page's poll sent as
// soon as the last one came back, through the product's handler over HTTP, on the demo server's
// GTFS twin with its moving buses (a weekday morning clock). Figures: requests a second, latency,
// how many times the source was read (one reading serves every page within 2 s), the answer's
// size; then one route read without the sharing (the schedule's part is kept per import).
//   npx tsx bench/live-map.bench.ts [seconds]
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTranslator, localeFromCode, packageLanguages } from '../src/core/index.js';
import type { TransitSource } from '../src/domain/transit-source.js';
import { silentLogger } from '../src/log.js';
import { DEMO_ALERTS_HEADER, DEMO_API_KEY, DEMO_APP_ID, DEMO_GTFS_PATH, DEMO_VEHICLES_PATH, startSimServer } from '../src/sim/index.js';
import { openGtfsFeed } from '../src/sources/gtfs/open-feed.js';
import { createWebHandler, startWebServer } from '../src/web/index.js';

const SECONDS = Number(process.argv[2] ?? 10);
const OPEN_MAPS = 500;
const MORNING = Date.parse('2026-03-02T14:00:00Z');

const started = Date.now();
const now = () => new Date(MORNING + (Date.now() - started));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-map-'));
const sim = await startSimServer({ port: 0, host: '127.0.0.1', now, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, logger: silentLogger() });
const feed = await openGtfsFeed(
  {
    scheduleUrl: `${sim.url}${DEMO_GTFS_PATH}`,
    vehiclePositionsUrl: `${sim.url}${DEMO_VEHICLES_PATH}`,
    headers: { [DEMO_ALERTS_HEADER]: DEMO_API_KEY },
    refreshSeconds: 5,
  },
  { dataDir, now, logger: silentLogger(), refresh: false },
);
await feed.transit.refreshSchedule();

let reads = 0;
const counted: TransitSource = { ...feed.transit, routeMap: (query) => (reads++, feed.transit.routeMap!(query)) };
const t = createTranslator(packageLanguages());
const handler = createWebHandler({ transit: counted, t, localeFromCode, initDataMaxAgeSeconds: 3600, pollSeconds: 10, now, logger: silentLogger() });
const web = await startWebServer({ port: 0, host: '127.0.0.1', handler, logger: silentLogger() });

const pairs: string[] = [];
for (const route of ['95', '7']) {
  const map = await feed.transit.routeMap!({ route });
  for (const stop of new Set(map.directions.flatMap((d) => d.stops.map((s) => s.stop)))) pairs.push(`route=${route}&stop=${stop}`);
}

// Every page keeps its own connection, as a browser does.
const agents = Array.from({ length: OPEN_MAPS }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
function get(path: string, agent: Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.localUrl}${path}`, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// Every page opens its connection first, in tens: a burst of 500 connects measures the kernel's
// listen queue (SYNs dropped, retried after 1 s, 3 s...), not the map.
const pathOf = (i: number) => `/api/route?${pairs[i % pairs.length]}&lang=en`;
for (let i = 0; i < OPEN_MAPS; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => get(pathOf(i + j), agents[i + j]!)));
reads = 0;

const latencies: number[] = [];
let failures = 0;
let bytes = 0;
const until = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: OPEN_MAPS }, async (_, i) => {
    const path = pathOf(i);
    while (performance.now() < until) {
      const at = performance.now();
      const answer = await get(path, agents[i]!);
      latencies.push(performance.now() - at);
      bytes = answer.bytes;
      if (answer.status !== 200) failures++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`open maps: ${OPEN_MAPS} polling without pause, ${pairs.length} route-and-stop pairs, ${SECONDS} s`);
console.log(`requests: ${latencies.length} (${(latencies.length / SECONDS).toFixed(0)}/s), failed ${failures}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}`);
console.log(`source readings: ${reads} (${(reads / SECONDS).toFixed(1)}/s); answer size ${bytes} bytes`);

const one: number[] = [];
for (let i = 0; i < 50; i++) {
  const at = performance.now();
  await feed.transit.routeMap!({ route: '95', stop: '3017' });
  one.push(performance.now() - at);
}
one.sort((a, b) => a - b);
console.log(`one route read (vehicles filtered, schedule part kept): median ${one[25]!.toFixed(2)} ms`);

for (const agent of agents) agent.destroy();
await web.close();
await feed.transit.close();
await sim.close();
rmSync(dataDir, { recursive: true, force: true });
