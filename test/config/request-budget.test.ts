import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

// The agency's request budget as settings: OC_REQUESTS_PER_SECOND for every v1.2 feed (the
// demo's variables included), a FEEDS_FILE entry's requestsPerSecond for its own, and a wrong
// value of either named, with what is expected.

const FILES: Record<string, string> = {};
const readFile = (path: string) => {
  const text = FILES[path];
  if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
  return text;
};

function load(env: Record<string, string>, feeds?: unknown) {
  if (feeds !== undefined) FILES['/etc/feeds.json'] = JSON.stringify(feeds);
  return loadConfig({ ...(feeds !== undefined ? { FEEDS_FILE: '/etc/feeds.json' } : {}), ...env }, readFile);
}

function problemsOf(env: Record<string, string>, feeds?: unknown): string[] {
  try {
    load(env, feeds);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

const v12 = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  kind: 'octranspo-v1.2',
  appId: 'app',
  apiKey: 'key-secret-77',
  ...extra,
});
const rateOf = (feed: { source: unknown } | undefined) => (feed?.source as { v12: { requestsPerSecond?: number } }).v12.requestsPerSecond;

describe('the agency request budget settings', () => {
  it('defaults to 10 a second, and OC_REQUESTS_PER_SECOND sets it, fractions too', () => {
    expect(load({ OC_APP_ID: 'app', OC_API_KEY: 'key' }).feeds.list.map(rateOf)).toEqual([10]);
    expect(load({ OC_APP_ID: 'app', OC_API_KEY: 'key', OC_REQUESTS_PER_SECOND: '2.5' }).feeds.list.map(rateOf)).toEqual([2.5]);
    expect(load({ OC_REQUESTS_PER_SECOND: ' 4 ' }).feeds.demo?.requestsPerSecond).toBe(4);
  });

  it("gives each FEEDS_FILE entry its own, else the environment's", () => {
    const config = load({ OC_REQUESTS_PER_SECOND: '3' }, [
      v12('fast', { requestsPerSecond: 20 }),
      v12('slow', { requestsPerSecond: 0.5 }),
      v12('plain'),
    ]);
    expect(config.feeds.list.map(rateOf)).toEqual([20, 0.5, 3]);
  });

  it('names a wrong value of either, with what is expected, and no secret', () => {
    for (const value of ['0', '-1', 'fast', '1e3', '5000']) {
      const problems = problemsOf({ OC_REQUESTS_PER_SECOND: value });
      expect(problems).toEqual([expect.stringMatching(/^OC_REQUESTS_PER_SECOND: expected a number of requests a second above 0, at most 1000/)]);
    }
    const problems = problemsOf({}, [
      v12('zero', { requestsPerSecond: 0 }),
      v12('word', { requestsPerSecond: 'ten' }),
      v12('huge', { requestsPerSecond: 1e6 }),
    ]);
    expect(problems).toHaveLength(3);
    for (const [i, id] of ['zero', 'word', 'huge'].entries()) {
      expect(problems[i]).toContain(id);
      expect(problems[i]).toContain('requestsPerSecond');
      expect(problems[i]).toContain('a number of requests a second above 0');
    }
    expect(problems.join('\n')).not.toContain('key-secret-77');
  });
});
