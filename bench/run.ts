// `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process so that one
// benchmark's heap and JIT state do not colour the next one's figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
// What follows the name is the bench's own (`npm run bench -- soak --quick`).
const extra = process.argv.slice(3);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace('.bench.ts', '')}`);
  execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, file), ...extra], { stdio: 'inherit' });
}
