// The GTFS source on a city-sized feed: `npm run bench gtfs-rt` (GTFS_BENCH_COPIES=250 for about
// OC Transpo's size). The demo network is repeated under new ids into one zip; the import runs in
// a child process of its own so its peak memory is its alone; then arrivals look-ups per stop
// (with a live feed). The realtime feed's own figures (decoding, refreshes, limits) are in
// gtfs-rt-feed.bench.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { decodeTripUpdates } from '../src/sources/gtfs/realtime/decode.js';
import { importFeed } from '../src/sources/gtfs/static/import-feed.js';
import { openTimetable } from '../src/sources/gtfs/static/timetable.js';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { demoTripUpdates } from '../src/sim/trip-updates.js';
import { PEAK_MS, timeLookups, writeDemoZip } from './lib/gtfs-lookups.js';

if (process.argv[2] === 'import') {
  // Child: the import alone.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await importFeed(process.argv[3]!, process.argv[4]!);
  delay.disable();
  console.log(
    JSON.stringify({
      ms: performance.now() - started,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      maxLoopDelayMs: delay.max / 1e6,
      rows: result.rows,
    }),
  );
  process.exit(0);
}

const copies = Number(process.env.GTFS_BENCH_COPIES ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'gtfs-bench-'));
try {
  const network = loadDemoNetwork();
  const zip = await writeDemoZip(dir, copies);
  const db = join(dir, 'feed.sqlite');
  const child = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'import', zip, db], { encoding: 'utf8' });
  const imported = JSON.parse(child) as { ms: number; maxRssMb: number; maxLoopDelayMs: number; rows: Record<string, number> };
  console.log(
    `feed: ${copies} copies of the demo network, zip ${(statSync(zip).size / 1e6).toFixed(1)} MB, ${imported.rows.stop_times?.toLocaleString('en')} stop times, ${imported.rows.stops} stops`,
  );
  console.log(
    `import                              ${(imported.ms / 1000).toFixed(1)} s, peak RSS ${Math.round(imported.maxRssMb)} MB, longest event-loop stall ${Math.round(imported.maxLoopDelayMs)} ms, database ${(statSync(db).size / 1e6).toFixed(0)} MB`,
  );

  const timetable = await openTimetable(db);
  // The demo network's own live feed at a morning peak.
  const times = await timeLookups(timetable, decodeTripUpdates(demoTripUpdates(network, PEAK_MS)));
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
  console.log(`arrivals look-up per stop (all routes, live)  median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${times.length} look-ups`);
  await timetable.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
