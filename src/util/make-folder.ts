import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `folder` and its missing parents, one level at a time. Node's recursive mkdir retries
 * for ever, holding the event loop (SIGTERM unheard), where the file system answers "no such
 * file" under a parent that exists (/proc, or /dev/fd which leads there); here that answer is an
 * error like any other. Throws mkdir's own errors, and EEXIST when a file is where the folder goes.
 */
export function makeFolder(folder: string): void {
  const missing: string[] = [];
  let path = resolve(folder);
  let found = statSync(path, { throwIfNoEntry: false });
  while (found === undefined && dirname(path) !== path) {
    missing.push(path);
    path = dirname(path);
    found = statSync(path, { throwIfNoEntry: false });
  }
  if (found !== undefined && !found.isDirectory())
    throw Object.assign(new Error(`${path} is not a folder`), { code: path === resolve(folder) ? 'EEXIST' : 'ENOTDIR' });
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (err) {
      // Another process (a second instance starting on the same DATA_DIR) made it first: a folder is what was wanted.
      if ((err as NodeJS.ErrnoException | null)?.code !== 'EEXIST' || statSync(level, { throwIfNoEntry: false })?.isDirectory() !== true) throw err;
    }
  }
}
