// Time to a first answer of the terminal chat: `/next 3017 95` piped into the bot as `npm start`
// runs it (node dist/main.js, built from src/ by scripts/build.js), beside the same bot compiled
// at every start by tsx (`npm run dev`). FIRST_ANSWER_RUNS rounds (5 by default), each a fresh
// process and data folder, the two ways taking turns; medians (the machine may be shared, so
// compare within one run). `npm run bench first-answer`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.FIRST_ANSWER_RUNS ?? 5);

function firstAnswer(args: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'first-answer-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin.end('/next 3017 95\n');
  return new Promise((resolve, reject) => {
    let out = '';
    let answeredAt: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (answeredAt === undefined && out.includes('3017')) answeredAt = performance.now();
    });
    child.on('error', reject);
    child.on('close', () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (answeredAt === undefined) reject(new Error(`no answer from ${args.join(' ')}: ${out.slice(0, 200)}`));
      else resolve(answeredAt - started);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

execFileSync(process.execPath, [join(ROOT, 'scripts/build.js'), '--if-stale'], { stdio: 'inherit' });
const ways = { 'node dist/main.js (npm start)': ['dist/main.js'], 'tsx src/main.ts (npm run dev)': ['--import', 'tsx', 'src/main.ts'] };
const figures: Record<string, number[]> = {};
for (let round = 0; round < RUNS; round++) {
  for (const [name, args] of Object.entries(ways)) (figures[name] ??= []).push(await firstAnswer(args));
}
for (const [name, runs] of Object.entries(figures)) {
  console.log(`${name.padEnd(32)} first answer ${(median(runs) / 1000).toFixed(2)} s (median of ${RUNS})`);
}
const [built, compiled] = Object.values(figures).map(median);
console.log(`ratio: the built bot answers in ${((built! / compiled!) * 100).toFixed(0)}% of the time tsx takes`);
