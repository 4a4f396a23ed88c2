import { createHash } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { copyCapped, fetchCappedToFile } from '../../capped-fetch.js';
import { asFeedProblem } from '../net/problem.js';
import type { Location } from '../net/location.js';

// The static GTFS zip, brought to a local file only when it changed: a conditional GET (ETag,
// Last-Modified) for a URL, size and modification time for a file; and, for servers that give
// neither validator, the content's hash, so the same bytes are never imported twice. "Changed"
// means unlike every file already seen: the one in use, and the last one refused. The zip goes
// through the one capped fetch (capped-fetch.ts: its deadline, cap and failures without the
// request), streamed to disk: it may be hundreds of megabytes. Redirects are followed, as agencies
// serve their zip from elsewhere: this request carries no credential in its headers.

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
    await copyCapped(location.path, options.target, options.maxBytes).catch((err: unknown) => {
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
  const partial = `${options.target}.part`;
  const hash = createHash('sha256');
  const answer = await fetchCappedToFile({
    fetch: options.fetch,
    url: location.kind === 'signed' ? location.url() : location.url,
    headers,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    // A signed address carries its key in the query: a redirect would take it elsewhere.
    followRedirects: location.kind === 'url',
    path: partial,
    onChunk(chunk, received, declared) {
      hash.update(chunk);
      options.onBytes?.(received, declared);
    },
  }).catch((err: unknown) => {
    throw asFeedProblem(err, 'network');
  });
  if (answer.notModified) return { changed: false };
  const sha256 = hash.digest('hex');
  if (seen.some((v) => v.sha256 === sha256)) {
    await rm(partial, { force: true });
    return { changed: false };
  }
  await rename(partial, options.target).catch(async (err: unknown) => {
    await rm(partial, { force: true });
    throw asFeedProblem(err, 'file');
  });
  const etag = answer.headers.get('etag') ?? undefined;
  const modified = answer.headers.get('last-modified') ?? undefined;
  return { changed: true, path: options.target, validators: { sha256, ...(etag ? { etag } : {}), ...(modified ? { lastModified: modified } : {}) } };
}
