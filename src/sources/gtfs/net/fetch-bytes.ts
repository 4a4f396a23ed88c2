import { readFile } from 'node:fs/promises';
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
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await options.fetch(location.url, {
      headers: { accept: 'application/x-protobuf, application/octet-stream', ...options.headers },
      signal: controller.signal,
      redirect: 'manual',
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw new FeedProblem('http', `HTTP ${response.status}`, response.status);
    }
    return await readCapped(response, options.maxBytes);
  } catch (err) {
    if (err instanceof FeedProblem) throw err;
    if (timedOut) throw new FeedProblem('timeout', `no complete answer within ${options.timeoutMs} ms`);
    throw asFeedProblem(err, 'network');
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedProblem('too-large', `body over ${maxBytes} bytes`);
  }
  if (!response.body) return new Uint8Array();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FeedProblem('too-large', `body over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
