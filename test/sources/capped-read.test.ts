import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { FetchFailure, readCapped } from '../../src/sources/capped-fetch.js';
import { createRealtimePoller } from '../../src/sources/gtfs/realtime/poller.js';
import { octranspoRssFeed } from '../../src/sources/octranspo-rss/feed.js';
import { encodeFeed, tempDir } from './gtfs/helpers.js';

// One capped read for every feed, whether it is an address or a file (a recorded feed replayed
// with CLOCK_START): the same cap and the same kinds of failure either way. A file used to be read
// whole, whatever its size.

const T0 = Date.parse('2025-03-12T08:00:00Z');
const logger = pino({ level: 'silent' });

describe('a capped read', () => {
  const dir = tempDir();
  const big = join(dir.path, 'big.bin');
  let server: Server;
  let base: string;
  beforeAll(async () => {
    writeFileSync(big, Buffer.alloc(5 * 1024 * 1024, 0x20));
    server = createServer((req, res) => {
      if (req.url === '/big') res.end(Buffer.alloc(2_000, 0x20));
      else res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    dir.remove();
  });

  const request = (maxBytes: number) => ({ fetch: globalThis.fetch, headers: {}, timeoutMs: 5_000, maxBytes });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: unknown) => err as FetchFailure,
    );

  it('refuses a file past the cap as it refuses a body past it, and reads either under it', async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (err: unknown) => err as FetchFailure,
      );
    const file = await failure(readCapped({ kind: 'file', path: big }, request(1_000)));
    const url = await failure(readCapped({ kind: 'url', url: `${base}/big` }, request(1_000)));
    expect([file?.kind, url?.kind]).toEqual(['too-large', 'too-large']);
    expect((await readCapped({ kind: 'file', path: big }, request(6 * 1024 * 1024))).length).toBe(5 * 1024 * 1024);
    expect((await readCapped({ kind: 'url', url: `${base}/big` }, request(2_000))).length).toBe(2_000);
  });

  it('says a missing file and a refused address as kinds, never with the path or a library message', async () => {
    const missing = await failure(readCapped({ kind: 'file', path: join(dir.path, 'none.pb') }, request(1_000)));
    expect([missing?.kind, missing?.message]).toEqual(['file', 'file (ENOENT)']);
    const http = await failure(readCapped({ kind: 'url', url: `${base}/gone?key=secret` }, request(1_000)));
    expect([http?.kind, http?.status, http?.message]).toEqual(['http', 404, 'HTTP 404']);
  });

  it('refuses a recorded trip-updates file past the feed cap: "too large", said to the operator, riders answered from the schedule', async () => {
    const file = join(dir.path, 'trip-updates.pb');
    writeFileSync(
      file,
      encodeFeed({ header: { gtfsRealtimeVersion: '2.0', timestamp: T0 / 1000 }, entity: [{ id: 'e', tripUpdate: { trip: { tripId: 'T' } } }] }),
    );
    const poller = (maxBytes: number) =>
      createRealtimePoller({ location: { kind: 'file', path: file }, headers: {}, refreshMs: 30_000, maxBytes, now: fixedClock(T0), logger });
    const small = poller(10);
    expect((await small.read()).status).toBe('unavailable');
    expect(small.problem?.kind).toBe('too-large');
    expect((await poller(10_000).read()).status).toBe('live');
  });

  it("refuses a recorded RSS file past the RSS cap (4 MiB), as it would the publisher's answer", async () => {
    const rss = readFileSync(new URL('../fixtures/disruptions/octranspo-updates-en-2019-07-05.xml', import.meta.url), 'utf8');
    const padded = join(dir.path, 'updates.xml');
    writeFileSync(padded, `${rss}\n<!-- ${'x'.repeat(4 * 1024 * 1024)} -->\n`);
    const read = (english: string) => octranspoRssFeed({ english, refreshMs: 60_000, now: fixedClock(T0), logger }).read();
    expect((await read(padded)).status).toBe('unavailable');
    writeFileSync(padded, rss);
    expect((await read(padded)).status).toBe('ok');
  });
});
