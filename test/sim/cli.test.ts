import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/sim/cli-args.js';
import { json, list, type NextTripsReply, type RouteSummaryReply } from './helpers.js';
import { PROJECT_ROOT } from '../main/run-bot.js';
import { builtProgram } from '../support/build-dist.js';

// `npm run sim` runs the built `dist/sim/cli.js`, and so do these tests (built before them:
// test/support/build-dist.ts).

const CLI = builtProgram('sim/cli.ts');

/** The CLI in its own process; `stop` sends SIGTERM and resolves to the exit code. */
async function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (out.stdout += chunk));
  child.stderr.on('data', (chunk) => (out.stderr += chunk));
  const exited = once(child, 'exit');
  while (!out.stdout.includes('\n') && child.exitCode === null) await Promise.race([once(child.stdout, 'data'), exited]);
  const line = out.stdout.trim();
  return {
    child,
    line,
    url: /(http:\/\/\S+)/.exec(line)?.[1] ?? '',
    out,
    async stop(): Promise<number | null> {
      child.kill('SIGTERM');
      return ((await exited) as [number | null])[0];
    },
  };
}

describe('sim CLI', () => {
  it('starts on a free port, prints where (not a key of its own), answers, logs without the key, and stops on SIGTERM', async () => {
    const cli = await startCli(['--app-id', 'cli-app'], { SIM_API_KEY: 'cli-key-42' });
    try {
      expect(cli.line).toMatch(
        /^OC Transpo v1\.2 simulator listening on http:\/\/127\.0\.0\.1:\d+ \(appID=cli-app apiKey=\(as given, not shown\)\)$/,
      );
      const response = await fetch(`${cli.url}/v1.2/GetRouteSummaryForStop`, {
        method: 'POST',
        body: new URLSearchParams({ appID: 'cli-app', apiKey: 'cli-key-42', stopNo: '3017', format: 'json' }),
      });
      const summary = json<RouteSummaryReply>(await response.text());
      expect(summary.GetRouteSummaryForStopResult.StopDescription).toBe('BASELINE STATION');

      while (!cli.out.stderr.includes('sim request')) await once(cli.child.stderr, 'data');
      const log = json(cli.out.stderr.split('\n').find((l) => l.includes('sim request')) ?? '{}');
      expect(log).toMatchObject({ operation: 'GetRouteSummaryForStop', stopNo: '3017', status: 200 });
      expect(cli.out.stderr).not.toContain('cli-key-42');
      expect(cli.out.stdout).not.toContain('cli-key-42');
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('prints the demo credentials by default, serves the fault given by --fault, and runs the clock from --at', async () => {
    const cli = await startCli(['--fault', 'error-2', '--at', '2026-11-24T08:00-05:00']);
    const ask = async () => {
      const response = await fetch(`${cli.url}/v1.2/GetNextTripsForStop`, {
        method: 'POST',
        body: new URLSearchParams({ appID: 'arrivals-demo', apiKey: 'demo-key-0000', stopNo: '3017', routeNo: '95', format: 'json' }),
      });
      return json<NextTripsReply>(await response.text());
    };
    try {
      expect(cli.line).toContain('(appID=arrivals-demo apiKey=demo-key-0000)');
      expect(await ask()).toEqual({ GetNextTripsForStopResult: { Error: '2' } });
      await fetch(`${cli.url}/__sim/faults`, { method: 'POST', body: '{}' });
      const direction = list((await ask()).GetNextTripsForStopResult.Route.RouteDirection)[0];
      // The simulated clock started at 08:00 Ottawa time a moment ago, and runs on from there.
      expect(direction?.RequestProcessingTime).toMatch(/^2026112408\d{4}$/);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('refuses a bad flag with the usage and exit code 2, before listening', async () => {
    const child = spawn(process.execPath, [CLI, '--fault', 'explode'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // 'close' rather than 'exit': it waits for stderr to be read to its end.
    const [code] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    expect(code).toBe(2);
    expect(stderr).toContain('--fault must be one of');
    expect(stderr).toContain('usage: npm run sim --');
  });
});

describe('parseSimArgs', () => {
  it('takes flags first, then SIM_* variables, then the demo defaults', () => {
    expect(parseSimArgs([], {})).toEqual({ port: 8089, host: '127.0.0.1', appId: 'arrivals-demo', apiKey: 'demo-key-0000', faults: {} });
    expect(parseSimArgs(['--port', '9000'], { SIM_PORT: '9100', SIM_APP_ID: 'env-app', SIM_HOST: '0.0.0.0' })).toEqual({
      port: 9000,
      host: '0.0.0.0',
      appId: 'env-app',
      apiKey: 'demo-key-0000',
      faults: {},
    });
    expect(parseSimArgs(['--app-id', 'flag-app', '--api-key', 'flag-key'], { SIM_APP_ID: 'env-app', SIM_API_KEY: 'env-key' })).toMatchObject({
      appId: 'flag-app',
      apiKey: 'flag-key',
    });
    expect(parseSimArgs([], { SIM_API_KEY: 'env-key' }).apiKey).toBe('env-key');
  });

  it('takes a fault plan for drills from --fault and --latency-ms', () => {
    expect(parseSimArgs(['--fault', 'html'], {}).faults).toEqual({ failure: 'html' });
    expect(parseSimArgs(['--latency-ms', '1500', '--fault', 'error-2'], {}).faults).toEqual({ failure: 'error-2', latencyMs: 1500 });
  });

  it('takes the instant the clock starts from with --at, only with an offset', () => {
    expect(parseSimArgs([], {}).startAt).toBeUndefined();
    expect(parseSimArgs(['--at', '2026-11-24T08:00-05:00'], {}).startAt).toBe(Date.parse('2026-11-24T13:00:00Z'));
    expect(parseSimArgs(['--at', '2026-11-25T04:30:00Z'], {}).startAt).toBe(Date.parse('2026-11-25T04:30:00Z'));
    expect(() => parseSimArgs(['--at', '2026-11-24T08:00'], {})).toThrow(/--at must be an ISO instant with an offset/);
    expect(() => parseSimArgs(['--at', 'tomorrow'], {})).toThrow(/--at/);
  });

  it('refuses a bad port, a bad fault plan and unknown flags, naming the flag', () => {
    expect(() => parseSimArgs(['--port', '70000'], {})).toThrow(/port/);
    expect(() => parseSimArgs([], { SIM_PORT: 'eighty' })).toThrow(/port/);
    expect(() => parseSimArgs(['--fault', 'explode'], {})).toThrow(/--fault must be one of http-500, error-2, .*"explode"/);
    expect(() => parseSimArgs(['--latency-ms', 'soon'], {})).toThrow(/--latency-ms/);
    expect(() => parseSimArgs(['--latency-ms', '999999'], {})).toThrow(/--latency-ms/);
    expect(() => parseSimArgs(['--verbose'], {})).toThrow();
  });
});

// `npm run sim` stopped as a process manager stops it: a signal to the npm process. Whatever npm
// starts beneath it (a shell, node) must not outlive it, still listening on the port.

async function refused(url: string, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    const answered = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (!answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('npm run sim, stopped', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('by %s to npm leaves nothing listening', async (signal) => {
    const npm = spawn('npm', ['run', '--silent', 'sim', '--', '--port', '0'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    npm.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const exited = once(npm, 'exit');
    while (!/listening on (http:\/\/\S+)/.test(stdout) && npm.exitCode === null) await Promise.race([once(npm.stdout, 'data'), exited]);
    const url = /listening on (http:\/\/\S+)/.exec(stdout)![1]!;
    expect(await refused(url, 0)).toBe(false);
    npm.kill(signal);
    await exited;
    expect(await refused(url, 5_000)).toBe(true);
  });
});
