import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FeedProblem, asFeedProblem } from '../net/problem.js';
import type { Location } from '../net/location.js';

// The static GTFS zip, brought to a local file only when it changed: a conditional GET (ETag,
// Last-Modified) for a URL, size and modification time for a file; and, for servers that give
// neither validator, the content's hash, so the same bytes are never imported twice. "Changed"
// means unlike every file already seen: the one in use, and the last one refused.

export interface Validators {
  etag?: string;
  lastModified?: string;
  /** size:mtime of a file source. */
  fileStamp?: string;
  sha256?: string;
}

export type Download = { changed: false } | { changed: true; path: string; validators: Validators };

export interface DownloadOptions {
  location: Location;
  /** The files already seen (imported or refused): the same again is "unchanged". */
  seen: Validators[];
  /** Where the zip goes (replaced). */
  target: string;
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  onBytes?: (received: number, total: number | undefined) => void;
}

export async function downloadFeed(options: DownloadOptions): Promise<Download> {
  const { location, seen } = options;
  if (location.kind === 'file') {
    const info = await stat(location.path).catch((err: unknown) => {
      throw asFeedProblem(err, 'file');
    });
    const fileStamp = `${info.size}:${Math.trunc(info.mtimeMs)}`;
    if (seen.some((v) => v.fileStamp === fileStamp)) return { changed: false };
    await copyFile(location.path, options.target).catch((err: unknown) => {
      throw asFeedProblem(err, 'file');
    });
    return { changed: true, path: options.target, validators: { fileStamp } };
  }

  const headers: Record<string, string> = {};
  const etags = seen.flatMap((v) => (v.etag ? [v.etag] : []));
  if (etags.length > 0) headers['if-none-match'] = etags.join(', ');
  // The latest date seen: a server answers 304 when its file is no newer than that one.
  const lastModified = seen
    .flatMap((v) => (v.lastModified && Number.isFinite(Date.parse(v.lastModified)) ? [v.lastModified] : []))
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  if (lastModified) headers['if-modified-since'] = lastModified;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const partial = `${options.target}.part`;
  try {
    const response = await options.fetch(location.url, { headers, signal: controller.signal }).catch((err: unknown) => {
      throw asFeedProblem(err, controller.signal.aborted ? 'timeout' : 'network');
    });
    if (response.status === 304) return { changed: false };
    if (response.status < 200 || response.status > 299 || response.body === null) {
      await response.body?.cancel().catch(() => undefined);
      throw new FeedProblem('http', `HTTP ${response.status}`, response.status);
    }
    const total = Number(response.headers.get('content-length')) || undefined;
    if (total !== undefined && total > options.maxBytes) throw new FeedProblem('too-large', `zip over ${options.maxBytes} bytes`);
    const hash = createHash('sha256');
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > options.maxBytes) return done(new FeedProblem('too-large', `zip over ${options.maxBytes} bytes`));
        hash.update(chunk);
        options.onBytes?.(received, total);
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body), count, createWriteStream(partial)).catch((err: unknown) => {
      throw asFeedProblem(err, controller.signal.aborted ? 'timeout' : 'network');
    });
    const sha256 = hash.digest('hex');
    if (seen.some((v) => v.sha256 === sha256)) {
      await rm(partial, { force: true });
      return { changed: false };
    }
    await rename(partial, options.target);
    const etag = response.headers.get('etag') ?? undefined;
    const lastModified = response.headers.get('last-modified') ?? undefined;
    return { changed: true, path: options.target, validators: { sha256, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) } };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
