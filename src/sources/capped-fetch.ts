import { readFile, stat } from 'node:fs/promises';

// One HTTP request of a whole, size-capped body, with a deadline that covers reading the body
// too: what every source asks of the network (the v1.2 API's form POSTs, GTFS-Realtime's and the
// RSS's GETs); and readCapped, the same for a feed that may be a file (a recorded feed, replayed),
// capped alike. Redirects are not followed: they would carry the credentials (a form field, a
// header) to wherever they point. Every way it fails is one FetchFailure kind; messages never
// hold the URL's query, a header or the body sent, and never a library's own words about the
// request.

export type FetchFailureKind = 'http' | 'timeout' | 'network' | 'too-large' | 'file';

/** Where a feed's bytes are: an http(s) address, or a file. */
export type ByteLocation = { kind: 'url'; url: string } | { kind: 'file'; path: string };

export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
    /** The HTTP status, for kind 'http'. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface CappedRequest {
  fetch: typeof fetch;
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}

export async function fetchCapped(request: CappedRequest): Promise<Uint8Array> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    const response = await request.fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
      redirect: 'manual',
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchFailure('http', `HTTP ${response.status}`, response.status);
    }
    return await readBody(response, request.maxBytes);
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    if (timedOut) throw new FetchFailure('timeout', `no complete answer within ${request.timeoutMs} ms`);
    throw new FetchFailure('network', `request failed (${systemCode(err)})`);
  } finally {
    clearTimeout(timer);
  }
}

/** A GET of `location` (or the file's bytes), capped at `maxBytes` either way. */
export async function readCapped(location: ByteLocation, request: Omit<CappedRequest, 'url' | 'method' | 'body'>): Promise<Uint8Array> {
  if (location.kind === 'url') return fetchCapped({ ...request, url: location.url });
  try {
    // Refused before it is read, as a body that declares its length is.
    const { size } = await stat(location.path);
    if (size > request.maxBytes) throw new FetchFailure('too-large', `file of ${size} bytes is over the ${request.maxBytes}-byte limit`);
    return await readFile(location.path);
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    throw new FetchFailure('file', `file (${systemCode(err)})`);
  }
}

/** The body, refused as soon as it passes `maxBytes` (declared or counted). */
async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchFailure('too-large', `body of ${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    // The body's stream is typed loosely (ReadableStream<any>): check what it gives.
    const chunk: { done: boolean; value?: unknown } = await reader.read();
    if (chunk.done) break;
    const value = chunk.value;
    if (!(value instanceof Uint8Array)) {
      await reader.cancel().catch(() => undefined);
      throw new FetchFailure('network', 'body is not a byte stream');
    }
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchFailure('too-large', `body is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * fetch reports a refused connection as a TypeError whose `cause` has the system code. Keep only
 * that code (or the error's name), if it looks like one: the original objects can carry request
 * details, and a rejection can be anything, getters that throw included.
 */
function systemCode(err: unknown): string {
  const code = [read(read(err, 'cause'), 'code'), read(err, 'code'), read(err, 'name')].find(
    (c) => typeof c === 'string' && /^[A-Za-z_][\w-]{0,40}$/.test(c),
  );
  return typeof code === 'string' ? code : 'unknown';
}

function read(value: unknown, name: string): unknown {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}
