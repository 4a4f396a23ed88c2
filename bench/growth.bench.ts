// Growth: how each figure moves when the work doubles, `npm run bench growth`. Each line gives the
// figure at each size and, per step, "x2 work -> x? time": about x2 is linear, well above it
// (marked "super-linear") is a cost that grows faster than the work. The parts are the other
// benches' own (bench/lib/), at sizes that double:
// 1. feed size: the demo network repeated GTFS_BENCH_COPIES (25 by default), x2, x4, x8 times:
//    the static import, the realtime decode of a feed that size, and an arrivals look-up per stop
//    (the work of one look-up does not double: flat is the goal there);
// 2. riders: 500, 1,000 and 2,000 `/next` updates (4 per user) to one bot instance, webhook mode
//    (bench/riders.bench.ts's rig), the transit cache on;
// 3. subscriptions: the index read of a tick with BENCH_GROWTH_STORED (5,000 by default), x2, x4
//    stored (SQLite); alerts due in one minute, BENCH_GROWTH_ALERTS (160 by default), x2, x4, over
//    one stop per 20 alerts, delivered by one instance (in-process queue, SQLite, 29/s).
// BENCH_ONLY=feed,riders,stored,due picks parts.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeTripUpdates } from '../src/sources/gtfs/realtime/decode.js';
import { importFeed } from '../src/sources/gtfs/static/import-feed.js';
import { openTimetable } from '../src/sources/gtfs/static/timetable.js';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { demoTripUpdates } from '../src/sim/trip-updates.js';
import { alertsWorkspace, deliver, findDue } from './lib/alerts.js';
import { PEAK_MS, timeLookups, writeDemoZip } from './lib/gtfs-lookups.js';
import { feedOf, median, timeDecodes } from './lib/realtime-feeds.js';
import { closeRiders, measureRiders, startRig } from './lib/riders.js';

const COPIES = Number(process.env.GTFS_BENCH_COPIES ?? 25);
const STORED = Number(process.env.BENCH_GROWTH_STORED ?? 5_000);
const DUE = Number(process.env.BENCH_GROWTH_ALERTS ?? 160);
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => only === undefined || only.includes(part);

/** A step costing more than this many times the last one for twice the work is called out. */
const SUPER_LINEAR = 2.5;

/**
 * One line: the figure at each size, then per doubling "x2 work -> x? time". Kind "flat": the work
 * of one measure does not double with the size (one look-up, one reply), so the ratio should stay
 * near 1; "count": a count, not a time, shown for what the work was.
 */
function growthLine(label: string, sizes: number[], values: number[], unit: (v: number) => string, kind: 'time' | 'flat' | 'count' = 'time'): void {
  const steps = values.slice(1).map((value, i) => {
    const ratio = value / values[i]!;
    const work = sizes[i + 1]! / sizes[i]!;
    if (kind === 'count') return `x${work.toFixed(0)} size -> x${ratio.toFixed(2)} as many`;
    const flag = kind === 'flat' ? (ratio > 1.5 ? '  <- grows with the size' : '') : ratio > SUPER_LINEAR * (work / 2) ? '  <- super-linear' : '';
    return `x${work.toFixed(0)} ${kind === 'flat' ? 'size' : 'work'} -> x${ratio.toFixed(2)} time${flag}`;
  });
  console.log(`  ${label.padEnd(44)} ${values.map(unit).join(' / ')}`);
  console.log(`  ${''.padEnd(44)} ${steps.join(';  ')}`);
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const seconds = (v: number) => `${(v / 1000).toFixed(1)} s`;
const doubling = (base: number, steps: number) => Array.from({ length: steps }, (_, i) => base * 2 ** i);

console.log(`load average at start: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);

if (wanted('feed')) {
  const sizes = doubling(COPIES, 4);
  console.log(`\nFeed size: the demo network repeated ${sizes.join(', ')} times`);
  const dir = mkdtempSync(join(tmpdir(), 'growth-bench-'));
  try {
    const network = loadDemoNetwork();
    const seed = demoTripUpdates(network, PEAK_MS);
    const imports: number[] = [];
    const megabytes: number[] = [];
    const opened = [];
    for (const copies of sizes) {
      const zip = await writeDemoZip(dir, copies);
      const db = join(dir, `feed-${copies}.sqlite`);
      const started = performance.now();
      await importFeed(zip, db);
      imports.push(performance.now() - started);
      const realtime = feedOf([seed], seed.length * copies);
      megabytes.push(realtime.length / 1e6);
      const timetable = await openTimetable(db);
      const feed = decodeTripUpdates(realtime);
      await timeLookups(timetable, feed, 1); // warm-up
      opened.push({ realtime, timetable, feed });
    }
    // The sizes in turn, round after round: on a shared machine each size meets the same load.
    const decodeRounds: number[][] = sizes.map(() => []);
    const lookupRounds: number[][] = sizes.map(() => []);
    for (let round = 0; round < 7; round++) {
      for (const [i, { realtime, timetable, feed }] of opened.entries()) {
        decodeRounds[i]!.push(timeDecodes(realtime, 2).oursMs);
        lookupRounds[i]!.push(...(await timeLookups(timetable, feed, 1, false)));
      }
    }
    for (const { timetable } of opened) await timetable.close();
    const decodes = decodeRounds.map(median);
    const lookups = lookupRounds.map(median);
    const p95s = lookupRounds.map((times) => [...times].sort((a, b) => a - b)[Math.floor(0.95 * (times.length - 1))]!);
    growthLine('static import', sizes, imports, seconds);
    growthLine(`realtime decode (${megabytes.map((m) => m.toFixed(1)).join(', ')} MB)`, sizes, decodes, ms);
    growthLine('arrivals look-up per stop, median', sizes, lookups, ms, 'flat');
    growthLine('arrivals look-up per stop, p95', sizes, p95s, ms, 'flat');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (wanted('riders')) {
  const sizes = [500, 1_000, 2_000];
  console.log(`\nRiders: ${sizes.join(', ')} /next updates, 4 per user, to one instance (webhook, cache on, SQLite)`);
  const rig = await startRig();
  try {
    const runs = [];
    // Each size in a fresh instance, warmed the same way.
    for (const updates of sizes) {
      const [figures] = await measureRiders(rig, { label: 'bot', kind: 'bot', instances: 1 }, [updates], updates / 4);
      runs.push(figures!);
    }
    growthLine(
      'time to answer them all',
      sizes,
      runs.map((f) => (f.updates / f.perSecond) * 1000),
      seconds,
    );
    growthLine(
      'update to reply, p50',
      sizes,
      runs.map((f) => f.p50Ms),
      ms,
      'flat',
    );
    growthLine(
      'update to reply, p99',
      sizes,
      runs.map((f) => f.p99Ms),
      ms,
      'flat',
    );
    growthLine(
      'the instance CPU in all',
      sizes,
      runs.map((f) => f.cpuMsPerUpdate * f.updates),
      seconds,
    );
    const wrong = runs.reduce((n, f) => n + f.wrong, 0);
    if (wrong > 0) console.log(`  ${wrong} updates answered otherwise than with arrivals`);
  } finally {
    closeRiders();
    await rig.close();
  }
}

if (wanted('stored') || wanted('due')) {
  const workspace = alertsWorkspace();
  try {
    if (wanted('stored')) {
      const sizes = doubling(STORED, 3);
      console.log(`\nSubscriptions stored: ${sizes.map((n) => n.toLocaleString('en')).join(', ')} (SQLite), the index read of one minute's tick`);
      const runs = [];
      for (const stored of sizes)
        runs.push(await findDue(workspace, { dataDir: join(workspace.root, `find-${stored}`), namespace: `find-${stored}` }, stored));
      growthLine(
        'find due in one minute, median',
        sizes,
        runs.map((f) => f.medianMs),
        ms,
      );
      growthLine(
        'find due in one minute, p95',
        sizes,
        runs.map((f) => f.p95Ms),
        ms,
      );
      growthLine(
        'alerts found per minute (the work)',
        sizes,
        runs.map((f) => f.timed + f.windows),
        (v) => String(v),
        'count',
      );
      growthLine(
        'seeding them',
        sizes,
        runs.map((f) => f.seedMs),
        seconds,
      );
    }
    if (wanted('due')) {
      const sizes = doubling(DUE, 3);
      console.log(`\nAlerts due in one minute: ${sizes.join(', ')}, 20 per stop, one instance (in-process queue, SQLite)`);
      const runs = [];
      for (const due of sizes) {
        runs.push(
          await deliver(
            workspace,
            'growth',
            1,
            { dataDir: join(workspace.root, `deliver-${due}`) },
            { due, stops: Math.max(1, Math.round(due / 20)) },
          ),
        );
      }
      growthLine(
        'tick (collect, ask each stop, render, enqueue)',
        sizes,
        runs.map((f) => f.tickMs),
        ms,
      );
      growthLine(
        'last alert delivered (29/s)',
        sizes,
        runs.map((f) => f.lastMs),
        seconds,
      );
      const bad = runs.reduce((n, f) => n + f.duplicates + f.lost, 0);
      if (bad > 0) console.log(`  ${bad} alerts sent twice or lost`);
    }
  } finally {
    await workspace.cleanup();
  }
}
