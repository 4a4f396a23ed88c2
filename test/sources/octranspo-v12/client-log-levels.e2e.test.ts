import { afterEach, describe, expect, it } from 'vitest';
import { startUpstream, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { captureLogs, rejection } from './helpers.js';

// An operator's warnings are for trouble with the service; a rider's mistyped stop is not one.

let upstream: Upstream;
afterEach(() => upstream.close());

/** The level of each "transit request failed" line. */
function failureLevels(lines: string[]): number[] {
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.msg === 'transit request failed')
    .map((line) => line.level);
}

const WARN = 40;
const DEBUG = 20;

describe('how a failed request is logged', () => {
  it.each([
    ['an unknown stop (10)', '10', DEBUG],
    ['no routes at the stop (13)', '13', DEBUG],
    ['a refused key (1)', '1', WARN],
    ['the data source down (2)', '2', WARN],
  ])('%s', async (_name, code, level) => {
    upstream = await startUpstream(() => ({ body: `{"GetRouteSummaryForStopResult":{"Error":"${code}"}}`, contentType: 'application/json' }));
    const { lines, logger } = captureLogs();
    const error = await rejection(clientFor(upstream, { format: 'json', logger }).routeSummary('3017'));
    expect(error.code).toBe(Number(code));
    expect(failureLevels(lines)).toEqual([level]);
  });

  it('warns when the service answers with an HTTP error', async () => {
    upstream = await startUpstream(() => ({ status: 503, body: 'down' }));
    const { lines, logger } = captureLogs();
    await rejection(clientFor(upstream, { logger, retryDelayMs: 1 }).routeSummary('3017'));
    expect(failureLevels(lines)).toEqual([WARN]);
  });
});
