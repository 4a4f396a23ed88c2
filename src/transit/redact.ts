import { TransitError } from './errors.js';

/**
 * Every error leaves as a TransitError without the API key: our messages never include it, but an
 * upstream echo could, so messages are scrubbed, and no `cause` (which could hold the request) is kept.
 */
export function redactor(apiKey: string): (err: unknown) => TransitError {
  // The key as written, URL-encoded and form-encoded: an echo may come back in any of them.
  const spellings = [...new Set([apiKey, encodeURIComponent(apiKey), new URLSearchParams({ k: apiKey }).toString().slice(2)])];
  return (err) => {
    // Not ours: a bug or a surprise from below; 'parse' is the closest honest kind.
    const kind = err instanceof TransitError ? err.kind : 'parse';
    const code = err instanceof TransitError ? err.code : undefined;
    const message = err instanceof Error ? err.message : String(err);
    let clean = message;
    for (const spelling of spellings) clean = clean.split(spelling).join('[redacted]');
    if (err instanceof TransitError && clean === message && err.cause === undefined) return err;
    return new TransitError(kind, clean, code);
  };
}
