import { copyFile, open, readFile, rm, stat } from 'node:fs/promises';

// One HTTP request with a deadline that covers reading the body too and a size cap: what every
// source asks of the network (the v1.2 API's form POSTs, GTFS-Realtime's and the RSS's GETs, the
// static GTFS zip); readCapped, the same for a feed that may be a file (a recorded feed, replayed),
// capped alike; fetchCappedToFile and copyCapped, the same streamed to a file, for a body too big
// to hold (a schedule's zip). Redirects are not followed unless the caller says so: they would carry
// the credentials (a form field, a header) to wherever they point. Every way it fails is one
// FetchFailure kind; messages never hold the URL's query, a header or the body sent, and never a
// library's own words about the request.

export type FetchFailureKind = 'http' | 'timeout' | 'network' | 'too-large' | 'file';

/**
 * Where a feed's bytes are: an http(s) address, a file, or an address made again for each request
 * (one that carries a signature of the current minute, STO's), with what logs may say of it and
 * what the operator is told when its publisher refuses it.
 */
export type ByteLocation =
  { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'signed'; url: () => string; shown: string; refusal: string };

export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
    /** The HTTP status, for kind 'http'. */
    readonly status?: number,
    /** How long the server asked to be left alone (its Retry-After), for kind 'http'. */
    readonly retryAfterMs?: number,
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
  /** Only for a request that carries no credential in its headers or body. */
  followRedirects?: boolean;
}

/** The whole body of a 2xx answer. */
export function fetchCapped(request: CappedRequest): Promise<Uint8Array> {
  return underDeadline(request, async (response) => {
    await refuseUnlessOk(response);
    return wholeBody(response, request.maxBytes);
  });
}

async function wholeBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(response, maxBytes)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return Buffer.concat(chunks, total);
}

/** A body with what validates it next time (ETag, Last-Modified), or a 304 to a conditional GET. */
export type ConditionalBody = { notModified: true } | { notModified: false; bytes: Uint8Array; etag?: string; lastModified?: string };

/** What the last answer said of itself, sent back so that an unchanged feed answers 304 with no body. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/** A GET of `location` sent with the validators of the last answer (a file is always read whole). */
export async function readCappedConditional(
  location: ByteLocation,
  request: Omit<CappedRequest, 'url' | 'method' | 'body'>,
  validators: Validators,
): Promise<ConditionalBody> {
  if (location.kind === 'file') return { notModified: false, bytes: await readCapped(location, request) };
  // Signed at the instant of the request, as readCapped does.
  const url = location.kind === 'signed' ? location.url() : location.url;
  const headers = {
    ...request.headers,
    ...(validators.etag !== undefined ? { 'if-none-match': validators.etag } : {}),
    ...(validators.lastModified !== undefined ? { 'if-modified-since': validators.lastModified } : {}),
  };
  return underDeadline({ ...request, headers, url }, async (response) => {
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { notModified: true };
    }
    await refuseUnlessOk(response);
    const bytes = await wholeBody(response, request.maxBytes);
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    return {
      notModified: false,
      bytes,
      ...(etag !== null ? { etag } : {}),
      ...(lastModified !== null ? { lastModified } : {}),
    };
  });
}

/** A GET whose body went to a file, or a 304 to a conditional one. */
export type CappedFile = { notModified: true } | { notModified: false; bytes: number; headers: Headers };

export interface CappedFileRequest extends Omit<CappedRequest, 'method' | 'body'> {
  /** Where the body goes as it comes: replaced, and removed if the request fails. */
  path: string;
  /** Each chunk as it is written (a hash, progress), with the length the answer declared. */
  onChunk?: (chunk: Uint8Array, received: number, declared: number | undefined) => void;
}

/** A GET streamed to `request.path`: never held whole, under the same deadline and cap. */
export async function fetchCappedToFile(request: CappedFileRequest): Promise<CappedFile> {
  try {
    return await underDeadline(request, async (response) => {
      if (response.status === 304) {
        await response.body?.cancel().catch(() => undefined);
        return { notModified: true };
      }
      await refuseUnlessOk(response);
      const declared = declaredLength(response);
      const file = await open(request.path, 'w').catch(throwFileFailure);
      let received = 0;
      try {
        for await (const chunk of bodyChunks(response, request.maxBytes)) {
          await file.write(chunk).catch(throwFileFailure);
          received += chunk.byteLength;
          request.onChunk?.(chunk, received, declared);
        }
      } finally {
        await file.close().catch(() => undefined);
      }
      return { notModified: false, bytes: received, headers: response.headers };
    });
  } catch (err) {
    await rm(request.path, { force: true });
    throw err;
  }
}

/** A file copied to `target`, refused past `maxBytes` as a body is. */
export async function copyCapped(path: string, target: string, maxBytes: number): Promise<void> {
  try {
    refuseFileOver((await stat(path)).size, maxBytes);
    await copyFile(path, target);
  } catch (err) {
    throw err instanceof FetchFailure ? err : fileFailure(err);
  }
}

/** The request under its deadline; `use` reads the answer while the deadline still runs. */
async function underDeadline<T>(request: CappedRequest, use: (response: Response) => Promise<T>): Promise<T> {
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
      redirect: request.followRedirects === true ? 'follow' : 'manual',
    });
    return await use(response);
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    if (timedOut) throw new FetchFailure('timeout', `no complete answer within ${request.timeoutMs} ms`);
    throw new FetchFailure('network', `request failed (${systemCode(err)})`);
  } finally {
    clearTimeout(timer);
  }
}

async function refuseUnlessOk(response: Response): Promise<void> {
  if (response.status >= 200 && response.status <= 299) return;
  await response.body?.cancel().catch(() => undefined);
  throw new FetchFailure('http', `HTTP ${response.status}`, response.status, retryAfterMs(response.headers.get('retry-after')));
}

/** The longest a Retry-After is taken at its word: a server asking for hours is asked again sooner. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Retry-After as seconds ("30") or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  // An HTTP date names its day and month in letters; anything else that is not seconds is unreadable.
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : /[a-z]/i.test(text) ? Date.parse(text) - nowMs : Number.NaN;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

/** A GET of `location` (or the file's bytes), capped at `maxBytes` either way. */
export async function readCapped(location: ByteLocation, request: Omit<CappedRequest, 'url' | 'method' | 'body'>): Promise<Uint8Array> {
  if (location.kind === 'url') return fetchCapped({ ...request, url: location.url });
  // Signed at the instant of the request: a signature made earlier may have lapsed meanwhile.
  if (location.kind === 'signed') return fetchCapped({ ...request, url: location.url() });
  try {
    // Refused before it is read, as a body that declares its length is.
    refuseFileOver((await stat(location.path)).size, request.maxBytes);
    return await readFile(location.path);
  } catch (err) {
    throw err instanceof FetchFailure ? err : fileFailure(err);
  }
}

function refuseFileOver(size: number, maxBytes: number): void {
  if (size > maxBytes) throw new FetchFailure('too-large', `file of ${size} bytes is over the ${maxBytes}-byte limit`);
}

/** A file that could not be read or written (the disk's fault, not the network's). */
function fileFailure(err: unknown): FetchFailure {
  return new FetchFailure('file', `file (${systemCode(err)})`);
}

const throwFileFailure = (err: unknown): never => {
  throw fileFailure(err);
};

function declaredLength(response: Response): number | undefined {
  const declared = Number(response.headers.get('content-length'));
  return response.headers.has('content-length') && Number.isFinite(declared) ? declared : undefined;
}

/** The body's chunks, refused as soon as it passes `maxBytes` (declared or counted). */
async function* bodyChunks(response: Response, maxBytes: number): AsyncGenerator<Uint8Array, void, void> {
  const declared = declaredLength(response);
  if (declared !== undefined && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchFailure('too-large', `body of ${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return;
  const reader = response.body.getReader();
  let total = 0;
  let done = false;
  try {
    for (;;) {
      // The body's stream is typed loosely (ReadableStream<any>): check what it gives.
      const chunk: { done: boolean; value?: unknown } = await reader.read();
      if (chunk.done) {
        done = true;
        return;
      }
      const value = chunk.value;
      if (!(value instanceof Uint8Array)) throw new FetchFailure('network', 'body is not a byte stream');
      total += value.byteLength;
      if (total > maxBytes) throw new FetchFailure('too-large', `body is over the ${maxBytes}-byte limit`);
      yield value;
    }
  } finally {
    // Left early (over the cap, or the consumer failed): the connection is let go.
    if (!done) await reader.cancel().catch(() => undefined);
  }
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
