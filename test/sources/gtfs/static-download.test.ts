import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedProblem } from '../../../src/sources/gtfs/net/problem.js';
import { downloadFeed, type DownloadOptions } from '../../../src/sources/gtfs/static/download.js';
import { tempDir } from './helpers.js';

// The schedule's zip comes through the one capped fetch, streamed to disk: its cap and deadline
// hold for the body as it comes, what failed leaves no partial file, and a zip that cannot be
// written is said as the disk's fault, not the network's. A zip given as a file is capped alike.

const ZIP = Buffer.alloc(3_000, 0x50);

describe('the schedule download', () => {
  const dir = tempDir();
  let server: Server;
  let base: string;
  const stalled: ServerResponse[] = [];
  const asked: Record<string, string | undefined>[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push({ url: req.url, ifNoneMatch: req.headers['if-none-match'] });
      if (req.url === '/zip') {
        if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
        return res.writeHead(200, { etag: '"v1"', 'content-length': ZIP.length }).end(ZIP);
      }
      // Chunked: no length declared, so the cap can only count.
      if (req.url === '/endless') {
        res.writeHead(200);
        const more = () => {
          if (res.write(Buffer.alloc(1_000, 0x50))) setImmediate(more);
          else res.once('drain', more);
        };
        res.on('close', () => res.removeAllListeners('drain'));
        return more();
      }
      if (req.url === '/stalls') {
        res.writeHead(200, { 'content-length': ZIP.length });
        res.write(ZIP.subarray(0, 1_000));
        return void stalled.push(res);
      }
      if (req.url === '/moved') return res.writeHead(302, { location: '/zip' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of stalled) res.destroy();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    dir.remove();
  });

  const target = (name: string) => join(dir.path, name);
  const options = (url: string, name: string, more: Partial<DownloadOptions> = {}): DownloadOptions => ({
    location: { kind: 'url', url: `${base}${url}` },
    seen: [],
    target: target(name),
    fetch: globalThis.fetch,
    timeoutMs: 5_000,
    maxBytes: 10_000,
    ...more,
  });
  const problem = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: unknown) => err as FeedProblem,
    );

  it('brings a zip, its validators, and answers "unchanged" to a 304; a redirect to it is followed', async () => {
    const got = await downloadFeed(options('/zip', 'a.zip'));
    expect(got.changed && readFileSync(got.path).equals(ZIP)).toBe(true);
    expect(got.changed && got.validators.etag).toBe('"v1"');
    expect(await downloadFeed(options('/zip', 'b.zip', { seen: [{ etag: '"v1"' }] }))).toEqual({ changed: false });
    expect(asked.at(-1)?.ifNoneMatch).toBe('"v1"');
    expect((await downloadFeed(options('/moved', 'c.zip'))).changed).toBe(true);
  });

  it('refuses a body past the cap as it comes, with no length declared, and leaves no partial file', async () => {
    const failed = await problem(downloadFeed(options('/endless', 'endless.zip', { maxBytes: 50_000 })));
    expect([failed?.kind, failed?.message]).toEqual(['too-large', 'body is over the 50000-byte limit']);
    expect([existsSync(target('endless.zip.part')), existsSync(target('endless.zip'))]).toEqual([false, false]);
  });

  it('holds the deadline through the body: a server that stops halfway is a timeout, its part removed', async () => {
    const failed = await problem(downloadFeed(options('/stalls', 'stalls.zip', { timeoutMs: 300 })));
    expect([failed?.kind, failed?.message]).toEqual(['timeout', 'no complete answer within 300 ms']);
    expect(existsSync(target('stalls.zip.part'))).toBe(false);
  });

  it("says a zip that cannot be written as the disk's fault, not the network's", async () => {
    const failed = await problem(downloadFeed(options('/zip', join('no-such-folder', 'd.zip'))));
    expect([failed?.kind, failed?.message]).toEqual(['file', 'file (ENOENT)']);
  });

  it('refuses a zip given as a file past the same cap, as it would the same bytes over HTTP', async () => {
    const file = target('given.zip');
    writeFileSync(file, ZIP);
    const failed = await problem(downloadFeed({ ...options('', 'e.zip', { maxBytes: 1_000 }), location: { kind: 'file', path: file } }));
    expect([failed?.kind, failed?.message]).toEqual(['too-large', 'file of 3000 bytes is over the 1000-byte limit']);
    expect(existsSync(target('e.zip'))).toBe(false);
    expect((await downloadFeed({ ...options('', 'f.zip'), location: { kind: 'file', path: file } })).changed).toBe(true);
  });
});
