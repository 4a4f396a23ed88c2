import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransitClient } from '../../../src/sources/octranspo-v12/index.js';
import { type TransitError } from '../../../src/domain/transit-error.js';
import { API_KEY, startUpstream, type Reply, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { captureLogs, rejection } from './helpers.js';

// The API key must never show in a log line, an error message, or any property of a thrown error
// (its cause included), even when the upstream or the fetch implementation echoes it back.

const SPELLINGS = [API_KEY, encodeURIComponent(API_KEY), new URLSearchParams({ k: API_KEY }).toString().slice(2)];

let upstream: Upstream;
afterEach(() => upstream.close());

/** Every way an error might be printed or shipped: own properties, cause chain, inspect, stack. */
function everyRendering(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(inspect(current, { showHidden: true, depth: 10 }));
    if (current instanceof Error) {
      parts.push(String(current.stack), current.message, JSON.stringify(current, Object.getOwnPropertyNames(current)));
      current = current.cause;
    } else {
      // String() of whatever was thrown, as a careless caller would print it: its default
      // "[object Object]" form is one of the renderings under test.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join('\n');
}

/** Not the key, and not a piece of it either: an excerpt cut short must not leave its start behind. */
function expectNoKey(text: string): void {
  for (const spelling of SPELLINGS) {
    for (let i = 0; i + 6 <= spelling.length; i++) expect(text).not.toContain(spelling.slice(i, i + 6));
  }
}

const ECHOES: Array<[string, Reply, 'xml' | 'json', TransitError['reason']]> = [
  ['an Error text quoting the key', { body: `{"GetRouteSummaryForStopResult":{"Error":"bad key ${API_KEY}"}}` }, 'json', 'unrecognised'],
  ['a plain-text body quoting the key', { body: `Invalid apiKey=${API_KEY}` }, 'xml', 'malformed'],
  ['an HTML page quoting the encoded key', { body: `<p>${encodeURIComponent(API_KEY)} refused</p>` }, 'json', 'malformed'],
  ['a 500 page quoting the key', { status: 500, body: `apiKey ${API_KEY}` }, 'xml', 'http'],
  // The parse error quotes the first 60 characters of the body; the key starts at 50, so the excerpt
  // would end in the middle of it, where scrubbing the message can no longer find it.
  [
    'a long plain-text body with the key where the excerpt is cut',
    { body: `Request refused (appID test-app), unknown apiKey: ${API_KEY}` },
    'xml',
    'malformed',
  ],
  [
    'a JSON Error text quoting the key with an escaped slash',
    { body: `{"GetRouteSummaryForStopResult":{"Error":"bad key ${API_KEY.replace('/', '\\/')}"}}` },
    'json',
    'unrecognised',
  ],
];

describe('the API key stays secret', () => {
  it.each(ECHOES)('when the upstream answers with %s', async (_name, reply, format, reason) => {
    upstream = await startUpstream(() => reply);
    const { lines, logger } = captureLogs();
    const error = await rejection(clientFor(upstream, { format, logger }).routeSummary('3017'));
    expect([error.kind, error.reason]).toStrictEqual(['unavailable', reason]);
    expectNoKey(everyRendering(error));
    // The failure was logged, and the log holds no key either.
    expect(lines.some((line) => line.includes('transit request failed'))).toBe(true);
    expectNoKey(lines.join(''));
  });

  it('when fetch throws an error that carries the request body and the key in its cause', async () => {
    upstream = await startUpstream(() => ({ body: '' }));
    const { lines, logger } = captureLogs();
    const leaky: typeof fetch = async (_input, init) => {
      const body = await new Response(init?.body).text();
      throw new TypeError(`fetch failed for body ${body}`, {
        cause: Object.assign(new Error(`key ${API_KEY}`), { code: 'ECONNRESET', apiKey: API_KEY }),
      });
    };
    const error = await rejection(clientFor(upstream, { logger, fetch: leaky }).nextTrips('3017', '95'));
    expect([error.reason, error.message]).toStrictEqual(['network', 'GetNextTripsForStop: request failed (ECONNRESET)']);
    expect(error.cause).toBeUndefined();
    expectNoKey(everyRendering(error));
    expectNoKey(lines.join(''));
  });

  it('when fetch throws something that is not an Error', async () => {
    upstream = await startUpstream(() => ({ body: '' }));
    // A rejection with a non-Error is the very case under test.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const leaky: typeof fetch = () => Promise.reject(`raw string with ${API_KEY}`);
    const error = await rejection(clientFor(upstream, { fetch: leaky }).routeSummary('3017'));
    expect(error.reason).toBe('network');
    expectNoKey(everyRendering(error));
  });

  it('in the debug log of a successful exchange', async () => {
    upstream = await startUpstream(() => ({
      body: '{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"BASELINE","Error":"","Routes":[]}}',
    }));
    const { lines, logger } = captureLogs();
    const client = clientFor(upstream, { logger, format: 'json' });
    await client.routeSummary('3017');
    await client.routeSummary('3017');
    expect(lines.some((line) => line.includes('transit answer'))).toBe(true);
    expect(lines.some((line) => line.includes('transit cache hit'))).toBe(true);
    expectNoKey(lines.join(''));
  });

  it.each([
    [
      'xml',
      `<GetRouteSummaryForStopResult><StopNo>3017</StopNo><StopDescription>echo ${API_KEY.replace('&', '&amp;')}</StopDescription><Routes/></GetRouteSummaryForStopResult>`,
    ],
    ['json', `{"GetRouteSummaryForStopResult":{"StopNo":"3017","StopDescription":"echo ${API_KEY.replace('/', '\\/')}","Error":"","Routes":[]}}`],
  ] as const)('in the model of a successful %s answer that echoes it (a rider would see it)', async (format, body) => {
    upstream = await startUpstream(() => ({ body }));
    const stop = await clientFor(upstream, { format }).routeSummary('3017');
    expect(stop.stopName).toBe('echo [redacted]');
    expectNoKey(JSON.stringify(stop));
  });

  it('in the logs of a Gtfs query whose value is the key (the question is logged with each answer)', async () => {
    upstream = await startUpstream(() => ({ body: '{"Query":{},"Gtfs":[]}' }));
    const { lines, logger } = captureLogs();
    const client = clientFor(upstream, { logger, format: 'json' });
    await client.gtfs({ table: 'stops', column: 'stop_code', value: API_KEY });
    await client.gtfs({ table: 'stops', column: 'stop_code', value: API_KEY });
    expect(lines.some((line) => line.includes('transit cache hit'))).toBe(true);
    expectNoKey(lines.join(''));
  });

  it('in the refusal of a rider text that is a real-length key (32 characters; messages used to quote 20 of them)', async () => {
    const longKey = '0123456789abcdef0123456789abcdef';
    const { lines, logger } = captureLogs();
    const client = createTransitClient({ baseUrl: 'http://127.0.0.1:1', appId: 'a', apiKey: longKey, logger });
    for (const call of [
      () => client.nextTrips(longKey, '95'),
      () => client.nextTrips('3017', longKey),
      () => client.gtfs({ table: longKey as 'stops' }),
    ]) {
      const error = await rejection(call());
      expect(error.kind).toBe('bad-request');
      const text = `${everyRendering(error)}\n${lines.join('')}`;
      for (let i = 0; i + 6 <= longKey.length; i++) expect(text).not.toContain(longKey.slice(i, i + 6));
    }
  });

  it('in the invalid-request errors of the factory and the methods', async () => {
    upstream = await startUpstream(() => ({ body: '' }));
    const error = await rejection(clientFor(upstream).nextTrips(API_KEY, API_KEY));
    expect(error.kind).toBe('bad-request');
    expectNoKey(everyRendering(error));
  });
});
