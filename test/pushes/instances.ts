// Helpers for running instance.ts processes against a local "platform" that records every
// accepted message: used by the two-instance test and the delivery bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { InstanceOptions } from './instance.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

export interface Accepted {
  chatId: string;
  instance: string;
  /** ms since the platform started. */
  at: number;
}

export interface Platform {
  url: string;
  accepted: Accepted[];
  /** From the `after`-th accepted message of `instance` on, its requests are held open, never answered. */
  holdFrom(instance: string, after: number): void;
  /** Requests held so far. */
  held(): number;
  /** Resolves once `check` holds (polled), or rejects after `ms`. */
  until(check: () => boolean, ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPlatform(): Promise<Platform> {
  const accepted: Accepted[] = [];
  const held: ServerResponse[] = [];
  const started = performance.now();
  let hold: { instance: string; after: number } | undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { chatId, instance } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chatId: string; instance: string };
      if (hold !== undefined && instance === hold.instance && accepted.filter((a) => a.instance === instance).length >= hold.after) {
        held.push(res);
        return;
      }
      accepted.push({ chatId, instance, at: performance.now() - started });
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    accepted,
    holdFrom: (instance, after) => void (hold = { instance, after }),
    held: () => held.length,
    async until(check, ms) {
      const end = performance.now() + ms;
      while (!check()) {
        if (performance.now() > end) throw new Error(`timed out after ${ms} ms (${accepted.length} accepted, ${held.length} held)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Instance {
  child: ChildProcess;
  /** Each tick's totals, as the instance printed them. */
  ticks: Array<Record<string, number>>;
  /** Every other line it printed. */
  lines: string[];
  /** Resolves once it printed this line. */
  printed(line: string): Promise<void>;
  stderr: () => string;
  tick(): void;
  /** Resolves once it printed `n` tick totals. */
  ticked(n?: number): Promise<void>;
  /** Ends its input: it stops cleanly and exits. */
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'instance.ts'), JSON.stringify(options)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ticks: Array<Record<string, number>> = [];
  const lines: string[] = [];
  const exited = once(child, 'exit');
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') resolve();
      else if (line.startsWith('{')) ticks.push(JSON.parse(line) as Record<string, number>);
      else lines.push(line);
    });
    void exited.then(() => reject(new Error(`instance ${options.name} exited before it was ready: ${stderr}`)));
  });
  await ready;
  return {
    child,
    ticks,
    lines,
    async printed(line) {
      while (!lines.includes(line)) {
        if (child.exitCode !== null) throw new Error(`instance ${options.name} exited: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stderr: () => stderr,
    tick: () => void child.stdin.write('tick\n'),
    async ticked(n = 1) {
      while (ticks.length < n) {
        if (child.exitCode !== null) throw new Error(`instance ${options.name} exited: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** How many times each chat got a message. */
export function countByChat(accepted: Accepted[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of accepted) counts.set(a.chatId, (counts.get(a.chatId) ?? 0) + 1);
  return counts;
}
