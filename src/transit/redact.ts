import { escapeMarkup } from '../util/escape.js';
import { createRedactor } from '../util/redact.js';
import { TransitError } from './errors.js';

/**
 * Replaces the API key, in every spelling an upstream echo could use, with "[redacted]". The
 * client runs every answer body through it before parsing, so that no excerpt in an error message
 * (which may cut the key short, out of reach of a later scrub) and no model value shown to a rider
 * can carry it.
 */
export function keyScrubber(apiKey: string): (text: string) => string {
  return createRedactor([
    ...new Set([
      apiKey,
      encodeURIComponent(apiKey),
      new URLSearchParams({ k: apiKey }).toString().slice(2),
      escapeMarkup(apiKey),
      JSON.stringify(apiKey).slice(1, -1),
      JSON.stringify(apiKey).slice(1, -1).replace(/\//g, '\\/'),
    ]),
  ]);
}

/**
 * Every error leaves as a TransitError without the API key: our messages never include it, but an
 * upstream echo could, so messages are scrubbed, and no `cause` (which could hold the request) is kept.
 */
export function redactor(apiKey: string): (err: unknown) => TransitError {
  const scrub = keyScrubber(apiKey);
  return (err) => {
    // Not ours: a bug or a surprise from below; 'parse' is the closest honest kind.
    const kind = err instanceof TransitError ? err.kind : 'parse';
    const code = err instanceof TransitError ? err.code : undefined;
    const message = err instanceof Error ? err.message : String(err);
    const clean = scrub(message);
    if (err instanceof TransitError && clean === message && err.cause === undefined) return err;
    return new TransitError(kind, clean, code);
  };
}
