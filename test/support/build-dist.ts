// The programs' tests start them as `npm start`, `npm run sim` and `npm run discord:deploy` do, from
// dist/: built here once before them when src/ changed since the last build (scripts/build.js).
// Starting a built file skips compiling the program's sources under tsx at every start.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.js', import.meta.url)), '--if-stale'], { stdio: 'inherit' });
}

/** The built file of a program's source under src/: "sim/cli.ts" -> <project>/dist/sim/cli.js. */
export function builtProgram(source: string): string {
  return fileURLToPath(new URL(`../../dist/${source.replace(/\.ts$/, '.js')}`, import.meta.url));
}
