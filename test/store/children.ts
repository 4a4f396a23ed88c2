// Starts child.ts processes and lets them loose together.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildJob } from './child.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

interface Finished {
  code: number | null;
  stdout: string[];
  stderr: string;
}

/** Children still running: a test that fails while one hangs (a spinning open) ends it in its clean-up. */
const running = new Set<ReturnType<typeof spawn>>();

/** Kills the children this module started that are still running. */
export function killLeftoverChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

function start(job: ChildJob, uid?: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'child.ts'), JSON.stringify(job)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(uid !== undefined ? { uid, gid: uid } : {}),
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const stdout: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      stdout.push(line);
      if (line === 'ready') resolve();
    });
    child.on('exit', () => reject(new Error(`child exited before it was ready: ${stderr || stdout.join('\n')}`)));
  });
  ready.catch(() => undefined);
  const finished: Promise<Finished> = once(child, 'close').then(([code]) => ({ code: code as number | null, stdout, stderr }));
  return { child, ready, finished };
}

/** Runs the jobs in separate processes, each starting its calls when all are ready; their results in order. */
export async function runTogether<T>(jobs: ChildJob[]): Promise<T[]> {
  const children = jobs.map((job) => start(job));
  await Promise.all(children.map((c) => c.ready));
  for (const c of children) c.child.stdin.end('go\n');
  const results = await Promise.all(children.map((c) => c.finished));
  return results.map((r) => {
    if (r.code !== 0) throw new Error(`child failed (${r.code}): ${r.stderr}`);
    return JSON.parse(r.stdout.at(-1)!) as T;
  });
}

/** Opens a store in a child process (as another user when uid is given) and reports how it went. */
export async function openInChild(job: Extract<ChildJob, { kind: 'open' }>, uid?: number): Promise<Finished> {
  const c = start(job, uid);
  c.child.stdin.end();
  return c.finished;
}
