// How fast is the stop index on a whole city? `npx tsx bench/stops.bench.ts`
// Uses the full 2014 OC Transpo stops.txt when the shared data is present, else the test fixture.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadStopIndex } from '../src/stops/index.js';

const FULL = '/work/shared/data/octranspo-gtfs/stops-2014.txt';
const FIXTURE = fileURLToPath(new URL('../test/fixtures/gtfs/stops-2014-extract.txt', import.meta.url));
const file = existsSync(FULL) ? FULL : FIXTURE;

const heapBefore = process.memoryUsage().heapUsed;
const loadStart = performance.now();
const index = await loadStopIndex(file);
const loadMs = performance.now() - loadStart;
const heapAfter = process.memoryUsage().heapUsed;

// A fixed pseudo-random walk over the Ottawa area so runs are comparable.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const points = Array.from({ length: 1000 }, () => [45.25 + random() * 0.25, -75.95 + random() * 0.45] as const);
const words = ['laurier', 'rideau', 'bank', 'montreal', 'baseline', 'st laurent', 'des peres', 'carling / kirkwood', 'xyz'];

function rate(label: string, seconds: number, run: (i: number) => unknown): void {
  for (let i = 0; i < 200; i++) run(i); // warm-up
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) run(n++);
  const elapsed = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(36)} ${Math.round(n / elapsed).toLocaleString('en')} queries/s (${((elapsed / n) * 1e6).toFixed(1)} µs each)`);
}

console.log(`file: ${file}`);
console.log(
  `stop codes: ${index.size.toLocaleString('en')}; load + index: ${loadMs.toFixed(1)} ms; heap +${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB (rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB)`,
);
rate('nearest(5, within 1 km)', 1, (i) => index.nearest(...points[i % points.length]!, { limit: 5, withinMeters: 1000 }));
rate('nearest(5, no radius)', 1, (i) => index.nearest(...points[i % points.length]!, { limit: 5 }));
rate('search(words, 10)', 1, (i) => index.search(words[i % words.length]!, 10));
