// A real Redis Cluster for tests, made and torn down by the test file that asks for it: three
// primaries and three replicas (`redis-server --cluster-enabled yes`) on free loopback ports, their
// files in a temp folder, joined by `redis-cli --cluster create`. Where redis-server is missing the
// suites are skipped, loudly (a line on stderr), not failed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe } from 'vitest';

const HAS_REDIS =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('redis-cli', ['--version'], { stdio: 'ignore' }).status === 0;
if (!HAS_REDIS) process.stderr.write('\n*** redis-server or redis-cli not found: the Redis Cluster suites are SKIPPED ***\n\n');

/** describe() for suites that need a local Redis Cluster: skipped (loudly) where redis-server is missing. */
export const describeCluster = describe.runIf(HAS_REDIS);

export interface LocalCluster {
  /** REDIS_URL as the bot reads it: `redis+cluster://127.0.0.1:<a primary's port>`. */
  readonly url: string;
  readonly ports: readonly number[];
  /** The ports of the primaries now (a replica takes over a killed one). */
  primaries(): Promise<number[]>;
  /** The port of the primary that holds this key's slot now. */
  primaryOf(key: string): Promise<number>;
  /** Resolves once the replica of the primary on this port has every write the primary took. */
  replicated(port: number, ms?: number): Promise<void>;
  /** Kills the node on this port at once (SIGKILL). */
  kill(port: number): Promise<void>;
  /** Resolves once the killed primary on this port is no longer one, and the cluster is ok again. */
  failedOver(port: number, ms?: number): Promise<void>;
  /** Resolves once every live node says the cluster is ok and each slot has a live primary. */
  healthy(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

const NODES = 6;
/** How long a primary may be silent before the others fail it over: short, for the tests. */
const NODE_TIMEOUT_MS = 1_000;

/** Starts a cluster before the suite's tests and stops it after; read it in the tests through `get()`. */
export function useLocalCluster(): { get(): LocalCluster } {
  let cluster: LocalCluster | undefined;
  beforeAll(async () => {
    cluster = await startLocalCluster();
  }, 30_000);
  afterAll(async () => cluster?.stop());
  return {
    get() {
      if (cluster === undefined) throw new Error('the local cluster has not started');
      return cluster;
    },
  };
}

export async function startLocalCluster(): Promise<LocalCluster> {
  const root = mkdtempSync(join(tmpdir(), 'arrivals-cluster-'));
  const ports = await freePorts(NODES);
  const nodes = new Map<number, ChildProcess>();
  const stop = async () => {
    await Promise.all([...nodes.values()].map((child) => stopChild(child)));
    nodes.clear();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const dir = join(root, String(port));
      mkdirSync(dir);
      const child = spawn(
        'redis-server',
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--cluster-enabled', 'yes'],
          ...['--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', String(NODE_TIMEOUT_MS)],
          ...['--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--loglevel', 'warning'],
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      nodes.set(port, child);
    }
    await Promise.all(ports.map((port) => untilAnswers(port)));
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '1', '--cluster-yes'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  } catch (err) {
    await stop();
    throw err;
  }
  const cluster: LocalCluster = {
    url: `redis+cluster://127.0.0.1:${ports[0]}`,
    ports,
    async primaries() {
      const live = [...nodes.keys()];
      const text = await ask(live[0]!, ['CLUSTER', 'NODES']);
      return text
        .split('\n')
        .filter((line) => /\bmaster\b/.test(line) && !/\bfail\b/.test(line))
        .map((line) => Number(/:(\d+)@/.exec(line)![1]));
    },
    async primaryOf(key) {
      const live = [...nodes.keys()][0]!;
      const slot = Number(await ask(live, ['CLUSTER', 'KEYSLOT', key]));
      const text = await ask(live, ['CLUSTER', 'NODES']);
      for (const line of text.split('\n')) {
        if (!/\bmaster\b/.test(line) || /\bfail\b/.test(line)) continue;
        const ranges = line.split(' ').slice(8);
        const holds = ranges.some((range) => {
          const [from, to = from] = range.split('-').map(Number);
          return slot >= from! && slot <= to!;
        });
        if (holds) return Number(/:(\d+)@/.exec(line)![1]);
      }
      throw new Error(`no primary holds slot ${slot}`);
    },
    async replicated(port, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const info = await ask(port, ['INFO', 'replication']);
        const offset = /master_repl_offset:(\d+)/.exec(info)?.[1];
        if (offset !== undefined && new RegExp(`slave0:.*offset=${offset},`).test(info)) return;
        if (Date.now() > end) throw new Error(`the replica of ${port} has not caught up after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async kill(port) {
      const child = nodes.get(port);
      if (child === undefined) return;
      nodes.delete(port);
      child.kill('SIGKILL');
      if (child.exitCode === null) await once(child, 'exit');
    },
    async failedOver(port, ms = 20_000) {
      const end = Date.now() + ms;
      // The others fail it after the node timeout (1 s here), and its replica is promoted.
      while ((await cluster.primaries()).includes(port)) {
        if (Date.now() > end) throw new Error(`no replica took over from ${port} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cluster.healthy(Math.max(end - Date.now(), 1_000));
    },
    async healthy(ms = 15_000) {
      const end = Date.now() + ms;
      for (;;) {
        const states = await Promise.all([...nodes.keys()].map((port) => ask(port, ['CLUSTER', 'INFO']).catch(() => '')));
        if (states.every((info) => /cluster_state:ok/.test(info) && /cluster_slots_fail:0/.test(info) && /cluster_slots_pfail:0/.test(info))) return;
        if (Date.now() > end) throw new Error(`the local cluster is not healthy after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop,
  };
  await cluster.healthy();
  // A replica can take over only once it replicates: the bus may call it connected before its
  // first sync is done, and a primary killed then is simply lost.
  await replicating([...nodes.keys()]);
  return cluster;
}

async function replicating(ports: number[], ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const infos = await Promise.all(ports.map((port) => ask(port, ['INFO', 'replication']).catch(() => '')));
    const replicas = infos.filter((info) => /role:slave/.test(info));
    if (replicas.length === NODES / 2 && replicas.every((info) => /master_link_status:up/.test(info))) return;
    if (Date.now() > end) throw new Error(`the local cluster's replicas are not replicating after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ask(port: number, command: string[]): Promise<string> {
  const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return String(await client.sendCommand<string | number>(command));
  } finally {
    client.destroy();
  }
}

async function untilAnswers(port: number): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await ask(port, ['PING'])) === 'PONG') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`redis-server on port ${port} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

/** Ports free now whose cluster bus port (+10000) is free too. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (ports.includes(port) || ports.includes(port + 10_000) || ports.includes(port - 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
