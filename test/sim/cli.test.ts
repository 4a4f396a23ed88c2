import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/sim/cli-args.js';

// `npm run sim` runs `tsx src/sim/cli.ts`; here the same file runs under node --import tsx.

const CLI = join(import.meta.dirname, '..', '..', 'src', 'sim', 'cli.ts');

describe('sim CLI', () => {
  it('starts on a free port, prints where and with which credentials, answers, logs without the key, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--app-id', 'cli-app'], {
      env: { ...process.env, SIM_API_KEY: 'cli-key-42', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      while (!stdout.includes('\n')) await once(child.stdout, 'data');
      const line = stdout.trim();
      expect(line).toMatch(/^OC Transpo v1\.2 simulator listening on http:\/\/127\.0\.0\.1:\d+ \(appID=cli-app apiKey=cli-key-42\)$/);
      const url = /(http:\/\/\S+)/.exec(line)?.[1];

      const response = await fetch(`${url}/v1.2/GetRouteSummaryForStop`, {
        method: 'POST',
        body: new URLSearchParams({ appID: 'cli-app', apiKey: 'cli-key-42', stopNo: '3017', format: 'json' }),
      });
      const json = (await response.json()) as any;
      expect(json.GetRouteSummaryForStopResult.StopDescription).toBe('BASELINE STATION');

      while (!stderr.includes('sim request')) await once(child.stderr, 'data');
      const log = JSON.parse(stderr.split('\n').find((l) => l.includes('sim request')) ?? '{}');
      expect(log).toMatchObject({ operation: 'GetRouteSummaryForStop', stopNo: '3017', status: 200 });
      expect(stderr).not.toContain('cli-key-42');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});

describe('parseSimArgs', () => {
  it('takes flags first, then SIM_* variables, then the demo defaults', () => {
    expect(parseSimArgs([], {})).toEqual({ port: 8089, host: '127.0.0.1', appId: 'arrivals-demo', apiKey: 'demo-key-0000' });
    expect(parseSimArgs(['--port', '9000'], { SIM_PORT: '9100', SIM_APP_ID: 'env-app', SIM_HOST: '0.0.0.0' })).toEqual({
      port: 9000,
      host: '0.0.0.0',
      appId: 'env-app',
      apiKey: 'demo-key-0000',
    });
  });

  it('refuses a bad port and unknown flags', () => {
    expect(() => parseSimArgs(['--port', '70000'], {})).toThrow(/port/);
    expect(() => parseSimArgs([], { SIM_PORT: 'eighty' })).toThrow(/port/);
    expect(() => parseSimArgs(['--verbose'], {})).toThrow();
  });
});
