import { readFile } from 'node:fs/promises';
import { FetchFailure, fetchCapped } from '../../capped-fetch.js';
import { FeedProblem, asFeedProblem } from './problem.js';
import type { Location } from './location.js';

// One GET (or one file read) of a whole, size-capped body, with a deadline. Redirects are not
// followed: they would carry the subscription header to wherever they point.

export interface FetchBytesOptions {
  fetch: typeof fetch;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
}

export async function fetchBytes(location: Location, options: FetchBytesOptions): Promise<Uint8Array> {
  if (location.kind === 'file') {
    try {
      return await readFile(location.path);
    } catch (err) {
      throw asFeedProblem(err, 'file');
    }
  }
  try {
    return await fetchCapped({
      fetch: options.fetch,
      url: location.url,
      headers: { accept: 'application/x-protobuf, application/octet-stream', ...options.headers },
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
    });
  } catch (err) {
    if (err instanceof FetchFailure) throw new FeedProblem(err.kind, err.message, err.status);
    throw asFeedProblem(err, 'network');
  }
}
