// The static GTFS import on a city-sized feed: `npm run bench gtfs-import` (GTFS_BENCH_COPIES=250,
// the default, is about OC Transpo's size; GTFS_BENCH_RUNS rounds, 3 by default). Each round runs,
// side by side and each in a child process of its own (so that peak memory is its alone):
//   - the project's import (src/sources/gtfs/static/import-feed.ts), with its longest event-loop stall;
//   - the `gtfs` npm package (4.18, better-sqlite3) importing the same zip (not a dependency of the
//     project: installed on first use under the system's temp folder, GTFS_BENCH_SKIP_GTFS=1 skips it);
//   - reading alone: the zip inflated and its CSV read into rows, nothing written;
//   - SQLite's own bulk insert on this machine: as many rows as the feed has, made inside SQLite
//     (no parsing, no binding) into the stop_times table in one transaction: the floor;
//   - an idle process for as long as the import took: its longest "stall" is the machine's own
//     scheduling noise (another process or SQLite's thread holding the core), not the code's.
// Medians over the rounds; the machine may be shared, so compare within one run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { demoGtfsFiles, zipGtfs } from '../src/sim/gtfs-zip.js';
import { CsvRows } from '../src/gtfs-format/csv-rows.js';
import { openDb } from '../src/sources/gtfs/static/db.js';
import { importFeed } from '../src/sources/gtfs/static/import-feed.js';
import { DEFAULT_IMPORT_LIMITS } from '../src/sources/gtfs/static/import-limits.js';
import { createTableSql, TABLES } from '../src/sources/gtfs/static/schema.js';
import { openZip } from '../src/sources/gtfs/static/zip-entries.js';

interface Figures {
  ms: number;
  rows: number;
  maxRssMb: number;
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
  /** Of ms, the part after the rows were in (indexes, derived tables). */
  indexMs?: number;
}

const FILES = TABLES.map((t) => `${t.name}.txt`);

async function measure(work: () => Promise<{ rows: number; indexMs?: number }>): Promise<Figures> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const { rows, indexMs } = await work();
  const ms = performance.now() - started;
  delay.disable();
  return {
    ms,
    rows,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    maxLoopDelayMs: delay.max / 1e6,
    p99LoopDelayMs: delay.percentile(99) / 1e6,
    ...(indexMs !== undefined ? { indexMs } : {}),
  };
}

const children: Record<string, (zip: string, db: string, rows: number) => Promise<{ rows: number; indexMs?: number }>> = {
  async ours(zip, db) {
    let rowsIn = 0;
    const result = await importFeed(zip, db, {
      onProgress: (p) => {
        if (p.stage === 'indexes' && rowsIn === 0) rowsIn = performance.now();
      },
    });
    return { rows: Object.values(result.rows).reduce((a, b) => a + b, 0), indexMs: performance.now() - rowsIn };
  },
  async gtfs(zip, db) {
    const gtfs = (await import(pathToFileURL(process.env.GTFS_PACKAGE_ENTRY!).href)) as {
      importGtfs: (config: { agencies: Array<{ path: string }>; sqlitePath: string; verbose: boolean }) => Promise<void>;
    };
    await gtfs.importGtfs({ agencies: [{ path: zip }], sqlitePath: db, verbose: false });
    const sqlite = await openDb(db, 'read');
    let rows = 0;
    for (const file of FILES) {
      const [row] = await sqlite.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${file.replace('.txt', '')}`).catch(() => [{ n: 0 }]);
      rows += row?.n ?? 0;
    }
    await sqlite.close();
    return { rows };
  },
  async read(zip) {
    const archive = await openZip(zip);
    let rows = 0;
    for (const file of FILES.filter((f) => archive.sizes.has(f))) {
      const csv = new CsvRows({ maxFieldChars: DEFAULT_IMPORT_LIMITS.maxFieldChars }, () => (rows += 1));
      const decoder = new StringDecoder('utf8');
      for await (const chunk of (await archive.open(file)) as AsyncIterable<Buffer>) csv.push(decoder.write(chunk));
      csv.end();
      rows -= 1; // the header
    }
    archive.close();
    return { rows };
  },
  async idle(_, __, ms) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { rows: 0 };
  },
  async floor(_, db, rows) {
    const sqlite = await openDb(db, 'create');
    await sqlite.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF;');
    await sqlite.run(createTableSql(TABLES.find((t) => t.name === 'stop_times')!));
    // Values of the demo feed's shape: "<trip>~<copy>" ids, times in seconds, small integers.
    await sqlite.run(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO stop_times SELECT 'T' || (i / 30) || '~' || (i % 250), 21600 + i % 60000, 21600 + i % 60000, 'S' || (i % 8000) || '~' || (i % 250),
                                     i % 30 + 1, NULL, 0, 0 FROM n`,
      [rows - 1],
    );
    await sqlite.close();
    return { rows };
  },
};

const [mode, zipArg, dbArg, rowsArg] = process.argv.slice(2);
if (mode !== undefined && children[mode] !== undefined) {
  const figures = await measure(() => children[mode]!(zipArg!, dbArg!, Number(rowsArg)));
  console.log(JSON.stringify(figures));
  process.exit(0);
}

const copies = Number(process.env.GTFS_BENCH_COPIES ?? 250);
const runs = Number(process.env.GTFS_BENCH_RUNS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'gtfs-import-bench-'));
/** The `gtfs` package's entry, installed once (it compiles its own better-sqlite3) into the temp folder. */
function gtfsPackageEntry(): string | undefined {
  if (process.env.GTFS_BENCH_SKIP_GTFS === '1') return undefined;
  const home = join(tmpdir(), 'arrivals-bench-gtfs-4.18.2');
  const resolve = () => createRequire(join(home, 'package.json')).resolve('gtfs');
  try {
    return resolve();
  } catch {
    console.log(`installing the gtfs package 4.18.2 for the comparison into ${home} (once; a few minutes)...`);
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'package.json'), '{"private":true}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', 'gtfs@4.18.2'], { cwd: home, stdio: 'inherit' });
    return resolve();
  }
}
const gtfsEntry = gtfsPackageEntry();

const child = (name: string, zip: string, rows = 0): Figures => {
  const db = join(dir, `${name}.sqlite`);
  rmSync(db, { force: true });
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), name, zip, db, String(rows)], {
    encoding: 'utf8',
    env: { ...process.env, GTFS_PACKAGE_ENTRY: gtfsEntry ?? '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

try {
  const zip = join(dir, 'feed.zip');
  writeFileSync(zip, await zipGtfs(demoGtfsFiles(loadDemoNetwork(), copies)));
  const results: Record<string, Figures[]> = { ours: [], gtfs: [], read: [], floor: [], idle: [] };
  for (let round = 0; round < runs; round++) {
    results.ours!.push(child('ours', zip));
    if (gtfsEntry !== undefined) results.gtfs!.push(child('gtfs', zip));
    results.read!.push(child('read', zip));
    results.floor!.push(child('floor', zip, results.ours!.at(-1)!.rows));
    results.idle!.push(child('idle', zip, Math.round(results.ours!.at(-1)!.ms)));
  }
  const m = (name: string, key: keyof Figures) => median(results[name]!.map((f) => f[key] ?? 0));
  const perSecond = (name: string) => m(name, 'rows') / (m(name, 'ms') / 1000);
  const k = (n: number) => `${Math.round(n / 1000).toLocaleString('en')}k`;
  console.log(
    `feed: ${copies} copies of the demo network, zip ${(statSync(zip).size / 1e6).toFixed(1)} MB, ${m('ours', 'rows').toLocaleString('en')} rows; medians of ${runs} rounds, each in its own process (machine possibly shared)`,
  );
  const line = (label: string, name: string, extra = '') =>
    console.log(
      `${label.padEnd(34)} ${(m(name, 'ms') / 1000).toFixed(1).padStart(5)} s  ${k(perSecond(name)).padStart(6)} rows/s  peak RSS ${String(Math.round(m(name, 'maxRssMb'))).padStart(4)} MB  longest stall ${String(Math.round(m(name, 'maxLoopDelayMs'))).padStart(5)} ms (p99 ${Math.round(m(name, 'p99LoopDelayMs'))})${extra}`,
    );
  line('import (this project)', 'ours', `  (indexes ${(m('ours', 'indexMs') / 1000).toFixed(1)} s)`);
  if (gtfsEntry !== undefined) line('import (gtfs 4.18.2)', 'gtfs');
  line('read only (inflate + CSV)', 'read');
  line('SQLite bulk insert (the floor)', 'floor');
  console.log(
    `idle process, as long as the import                                      longest stall ${String(Math.round(m('idle', 'maxLoopDelayMs'))).padStart(5)} ms (p99 ${Math.round(m('idle', 'p99LoopDelayMs'))}): the machine's own noise`,
  );
  const rowsInSeconds = (m('ours', 'ms') - m('ours', 'indexMs')) / 1000;
  console.log(
    `ratios: ${gtfsEntry !== undefined ? `this import ${(perSecond('ours') / perSecond('gtfs')).toFixed(2)}x gtfs's rows/s; ` : ''}rows in at ${k(m('ours', 'rows') / rowsInSeconds)} rows/s = ${((m('ours', 'rows') / rowsInSeconds / perSecond('floor')) * 100).toFixed(0)}% of SQLite's own insert, reading alone ${k(perSecond('read'))} rows/s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
