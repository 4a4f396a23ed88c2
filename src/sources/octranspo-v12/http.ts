import { TransitError } from '../../domain/transit-error.js';
import { safeRead } from './fail.js';

// One form POST with a deadline and a size cap. Maps every way it can fail onto a TransitError
// kind; the caller decides about retries. Error messages name the operation, never the URL's
// query or the form (the form carries the API key).

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface PostOptions {
  fetch: typeof fetch;
  url: string;
  /** Short name for messages ("GetNextTripsForStop"). */
  label: string;
  form: URLSearchParams;
  accept: string;
  timeoutMs: number;
  maxBytes?: number;
}

export interface PostResult {
  status: number;
  body: string;
}

export async function postForm(options: PostOptions): Promise<PostResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await options.fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: options.accept },
      body: options.form.toString(),
      signal: controller.signal,
      // Following a redirect would re-post the form, API key included, wherever it points; a 3xx
      // comes back as an 'http' error instead.
      redirect: 'manual',
    });
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw new TransitError('http', `${options.label}: HTTP ${response.status}`, response.status);
    }
    const body = await readCapped(response, options.maxBytes ?? MAX_BODY_BYTES, options.label);
    return { status: response.status, body };
  } catch (err) {
    if (err instanceof TransitError) throw err;
    if (timedOut) throw new TransitError('timeout', `${options.label}: no complete answer within ${options.timeoutMs} ms`);
    throw networkError(options.label, err);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the body as UTF-8, refusing it as soon as it passes `maxBytes` (declared or counted). */
async function readCapped(response: Response, maxBytes: number, label: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new TransitError('parse', `${label}: body of ${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  if (!response.body) return '';
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
      throw new TransitError('parse', `${label}: body is not a byte stream`);
    }
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TransitError('parse', `${label}: body is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * fetch reports a refused connection as a TypeError whose `cause` has the system code. Keep only
 * that code (or the error's name), if it looks like one: the original objects can carry request
 * details we do not want in logs, and a rejection can be anything, getters that throw included.
 */
function networkError(label: string, err: unknown): TransitError {
  const code = [safeRead(safeRead(err, 'cause'), 'code'), safeRead(err, 'name')].find(
    (c) => typeof c === 'string' && /^[A-Za-z_][\w-]{0,40}$/.test(c),
  );
  return new TransitError('network', `${label}: request failed (${typeof code === 'string' ? code : 'unknown'})`);
}
