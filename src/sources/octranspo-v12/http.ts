import { TransitError } from '../../domain/transit-error.js';
import { FetchFailure, fetchCapped } from '../capped-fetch.js';

// One form POST with a deadline and a size cap, its failures in the port's words; the caller
// decides about retries. Error messages name the operation, never the URL's query or the form
// (the form carries the API key).

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

export async function postForm(options: PostOptions): Promise<string> {
  try {
    const bytes = await fetchCapped({
      fetch: options.fetch,
      url: options.url,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: options.accept },
      body: options.form.toString(),
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
    });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  } catch (err) {
    throw asTransitError(err, options.label);
  }
}

function asTransitError(err: unknown, label: string): TransitError {
  if (!(err instanceof FetchFailure)) return new TransitError('unavailable', `${label}: request failed`, { reason: 'network' });
  const message = `${label}: ${err.message}`;
  switch (err.kind) {
    case 'http': {
      const status = err.status ?? 0;
      // A gateway in front of the API answers 401/403 for a refused key; 400 for a question it cannot read.
      if (status === 401 || status === 403) return new TransitError('refused-credentials', message, { code: status });
      if (status === 400) return new TransitError('bad-request', message, { code: status });
      // Too many requests: the agency's own budget spent, said as busy (not retried at once).
      if (status === 429)
        return new TransitError('unavailable', message, {
          reason: 'busy',
          code: status,
          ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
        });
      return new TransitError('unavailable', message, { reason: 'http', code: status });
    }
    case 'timeout':
      return new TransitError('unavailable', message, { reason: 'timeout' });
    case 'network':
    case 'file': // never: the API is always asked over HTTP
      return new TransitError('unavailable', message, { reason: 'network' });
    case 'too-large':
      return new TransitError('unavailable', message, { reason: 'malformed' });
  }
}
