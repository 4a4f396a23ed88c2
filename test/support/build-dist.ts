// The programs' tests start the bot as `npm start` does, from dist/: built here once before them
// when src/ changed since the last build (scripts/build.js).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.js', import.meta.url)), '--if-stale'], { stdio: 'inherit' });
}
