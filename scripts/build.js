// Compiles src/ to dist/, which `npm start` runs: TypeScript's emit only (the type check is
// `npm run typecheck`'s job), then the files the program reads beside its modules (the demo
// network). `--if-stale`: only when a file under src/, a tsconfig or package.json is newer than the
// last build, so that `npm start` after an edit runs the edit and otherwise starts at once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'dist');
const STAMP = join(OUT, '.built');
/** Folders of src/ whose files (not TypeScript) the program reads at run time. */
const ASSETS = ['sim/network', 'web/page'];

function newestUnder(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestUnder(join(path, name))), stat.mtimeMs);
}

function stale() {
  if (!existsSync(STAMP)) return true;
  const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((name) => newestUnder(join(ROOT, name)));
  return Math.max(...inputs) > statSync(STAMP).mtimeMs;
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
rmSync(OUT, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--noCheck'], { stdio: 'inherit' });
for (const folder of ASSETS) cpSync(join(ROOT, 'src', folder), join(OUT, folder), { recursive: true });
writeFileSync(STAMP, `${new Date().toISOString()}\n`);
