import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransitClient, MAX_BODY_BYTES } from '../../../src/sources/octranspo-v12/index.js';
import { fixtureScript, startUpstream, type Script, type Upstream } from './fake-upstream.js';
import { clientFor } from './client-factory.js';
import { fixture, rejection } from './helpers.js';

// Failures over real HTTP: status codes, retries, deadlines, oversized and garbage bodies.

let upstream: Upstream;
afterEach(() => upstream.close());

const good = fixtureScript({ GetNextTripsForStop: 'next-trips' });

/** Fails the first `failures` requests with `status`, then answers from the fixture. */
function failing(failures: number, status: number): Script {
  return (request, index) =>
    index < failures ? { status, body: '<html><body>Service Unavailable</body></html>', contentType: 'text/html' } : good(request, index);
}

describe('HTTP status', () => {
  it('retries a 5xx once and succeeds', async () => {
    upstream = await startUpstream(failing(1, 503));
    const stop = await clientFor(upstream).nextTrips('3020', '94');
    expect(stop.routes).toHaveLength(2);
    expect(upstream.requests).toHaveLength(2);
  });

  it('gives up after two 5xx with kind http and the status as code', async () => {
    upstream = await startUpstream(failing(2, 502));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect([error.reason, error.code, error.message]).toStrictEqual(['http', 502, 'GetNextTripsForStop: HTTP 502']);
    expect(upstream.requests).toHaveLength(2);
  });

  it('does not follow a redirect (it would re-post the key elsewhere)', async () => {
    let redirected = 0;
    const elsewhere = await startUpstream(() => {
      redirected++;
      return { body: fixture('next-trips.xml') };
    });
    upstream = await startUpstream(() => ({ status: 307, body: '', headers: { location: `${elsewhere.baseUrl}/v1.2/GetNextTripsForStop` } }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    await elsewhere.close();
    expect([error.reason, error.code]).toStrictEqual(['http', 307]);
    expect(upstream.requests).toHaveLength(1);
    expect(redirected).toBe(0);
  });

  it('draws the jitter of the retry delay once per retry, and not at all without a retry', async () => {
    upstream = await startUpstream(failing(1, 503));
    let draws = 0;
    const client = clientFor(upstream, {
      random: () => {
        draws++;
        return 0.5;
      },
    });
    await client.nextTrips('3020', '94');
    expect(draws).toBe(1);
    await client.nextTrips('3020', '95');
    expect(draws).toBe(1);
    expect(upstream.requests).toHaveLength(3);
  });

  it('does not retry a 4xx', async () => {
    upstream = await startUpstream(failing(5, 404));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect([error.reason, error.code]).toStrictEqual(['http', 404]);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('network', () => {
  it('retries a dropped connection once and succeeds', async () => {
    upstream = await startUpstream((request, index) => (index === 0 ? { hangUp: true } : good(request, index)));
    const stop = await clientFor(upstream).nextTrips('3020', '94');
    expect(stop.stopNo).toBe('3020');
    expect(upstream.requests).toHaveLength(2);
  });

  it('gives up after two dropped connections with kind network', async () => {
    upstream = await startUpstream(() => ({ hangUp: true }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect(error.reason).toBe('network');
    expect(error.code).toBeUndefined();
    expect(upstream.requests).toHaveLength(2);
  });

  it('reports a refused connection as network, after one retry', async () => {
    upstream = await startUpstream(good);
    const baseUrl = upstream.baseUrl;
    await upstream.close();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const error = await rejection(clientFor(upstream, { baseUrl, fetch: counting }).nextTrips('3020', '94'));
    expect(error.reason).toBe('network');
    expect(error.message).toBe('GetNextTripsForStop: request failed (ECONNREFUSED)');
    expect(calls).toBe(2);
  });
});

describe('deadline', () => {
  it('times out a server that never answers', async () => {
    upstream = await startUpstream(() => ({ silent: true }));
    const error = await rejection(clientFor(upstream, { timeoutMs: 100 }).routeSummary('3020'));
    expect([error.kind, error.reason, error.code]).toStrictEqual(['unavailable', 'timeout', undefined]);
    expect(upstream.requests).toHaveLength(1);
  });

  it('gives up after 8 s by default (fake clock; an upstream that never answers)', async () => {
    upstream = await startUpstream(() => ({ silent: true }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let signal: AbortSignal | undefined;
      const waitsForAbort: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          // As fetch does: reject with the abort reason (an Error when the client aborts).
          signal?.addEventListener('abort', () => {
            const reason: unknown = signal?.reason;
            reject(reason instanceof Error ? reason : new Error('aborted', { cause: reason }));
          });
        });
      const client = createTransitClient({ baseUrl: upstream.baseUrl, appId: 'a', apiKey: 'k', fetch: waitsForAbort });
      const outcome = rejection(client.routeSummary('3020'));
      await vi.advanceTimersByTimeAsync(7_999);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect([error.reason, error.message]).toStrictEqual(['timeout', 'GetRouteSummaryForStop: no complete answer within 8000 ms']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('times out a server that sends half an answer and stalls, without retrying', async () => {
    upstream = await startUpstream(() => ({ stall: fixture('next-trips.xml').slice(0, 400) }));
    const error = await rejection(clientFor(upstream, { timeoutMs: 150 }).nextTrips('3020', '94'));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('GetNextTripsForStop: no complete answer within 150 ms');
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('bodies', () => {
  it('refuses a body whose Content-Length is over 2 MB', async () => {
    upstream = await startUpstream(() => ({ body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect(error.reason).toBe('malformed');
    expect(error.message).toBe(`GetNextTripsForStop: body of ${MAX_BODY_BYTES + 1} bytes is over the ${MAX_BODY_BYTES}-byte limit`);
    expect(upstream.requests).toHaveLength(1);
  });

  it('stops reading a streamed body without Content-Length once it passes 2 MB', async () => {
    // 64 MB offered; the client must cut it short rather than buffer it.
    upstream = await startUpstream(() => ({ stream: 1024, chunkBytes: 64 * 1024 }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect(error.reason).toBe('malformed');
    expect(error.message).toBe(`GetNextTripsForStop: body is over the ${MAX_BODY_BYTES}-byte limit`);
  });

  it('accepts a body just under the limit (then judges its content)', async () => {
    const padded = fixture('next-trips.xml') + ' '.repeat(MAX_BODY_BYTES - Buffer.byteLength(fixture('next-trips.xml')));
    upstream = await startUpstream(() => ({ body: padded, contentLength: false }));
    const stop = await clientFor(upstream).nextTrips('3020', '94');
    expect(stop.routes).toHaveLength(2);
  });

  it.each([
    ['an HTML page', 'next-trips-html-page.xml', 'XML with a DOCTYPE (or an HTML page) refused'],
    ['plain text', 'next-trips-plain-text.xml', 'expected XML, got "API method not found"'],
    ['an empty body', 'next-trips-empty.xml', 'empty body'],
    ['a truncated body', 'next-trips-truncated.xml', 'truncated XML: no closing </soap:Envelope>'],
  ])('turns %s into a parse error without retrying', async (_name, name, message) => {
    upstream = await startUpstream(() => ({ body: fixture(name) }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect([error.reason, error.message]).toStrictEqual(['malformed', message]);
    expect(upstream.requests).toHaveLength(1);
  });

  it('turns JSON of the wrong shape into a parse error', async () => {
    upstream = await startUpstream(() => ({ body: fixture('next-trips-wrong-shape.json'), contentType: 'application/json' }));
    const error = await rejection(clientFor(upstream, { format: 'json' }).nextTrips('3020', '94'));
    expect(error.reason).toBe('malformed');
  });

  it('reads a 200 with no body at all as a parse error', async () => {
    upstream = await startUpstream(() => ({ status: 204, body: '' }));
    const error = await rejection(clientFor(upstream).nextTrips('3020', '94'));
    expect([error.reason, error.message]).toStrictEqual(['malformed', 'empty body']);
  });
});
