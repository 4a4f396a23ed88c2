import { TRANSIT_ERROR_KINDS, TransitError, UNAVAILABLE_REASONS, type TransitErrorKind, type UnavailableReason } from '../../domain/transit-error.js';
import { describeThrown, isTransitError, safeRead } from './fail.js';
import { keyPattern } from './key-pattern.js';

/**
 * Replaces the API key, in every spelling an upstream echo could use (key-pattern.ts), with
 * "[redacted]". The client runs it three times: on every answer body before parsing (so that no
 * excerpt of raw text can carry the key), on every text of the parsed tree after decoding (so
 * that no escape the raw scrub could not see survives, tree-scrub.ts), and on every string of the
 * model and every error message that leaves the client.
 */
export function keyScrubber(apiKey: string): (text: string) => string {
  const pattern = keyPattern(apiKey);
  return (text) => text.replace(pattern, '[redacted]');
}

const KINDS: ReadonlySet<string> = new Set<string>(TRANSIT_ERROR_KINDS);
const REASONS: ReadonlySet<string> = new Set<string>(UNAVAILABLE_REASONS);

/** A message is a log line: longer ones are cut, after scrubbing, so the cut never splits a key. */
const MAX_MESSAGE_CHARS = 500;
/** Past this, a message is not even scanned (that alone would hold up the event loop); it is left out. */
const MAX_SCANNED_CHARS = 1_000_000;

function cleanText(scrub: (text: string) => string, text: string): string {
  if (text.length > MAX_SCANNED_CHARS) return `(${text.length} characters left out)`;
  const clean = scrub(text);
  return clean.length > MAX_MESSAGE_CHARS ? `${clean.slice(0, MAX_MESSAGE_CHARS)}... (${clean.length} characters)` : clean;
}

/**
 * Every error leaves as a fresh TransitError without the API key: our messages never include it,
 * but an upstream echo or whatever fetch rejects with could, anywhere: in the message, the stack,
 * a `cause` or any other property. So only kind, reason, code, a scrubbed message and a scrubbed stack are
 * carried over, each read without trusting the thrown value's shape; this never throws.
 */
export function redactor(apiKey: string): (err: unknown) => TransitError {
  const scrub = keyScrubber(apiKey);
  return (err) => {
    const ours = isTransitError(err);
    const kind = safeRead(err, 'kind');
    const reason = safeRead(err, 'reason');
    const code = safeRead(err, 'code');
    const retryAfterMs = safeRead(err, 'retryAfterMs');
    const known = ours && typeof kind === 'string' && KINDS.has(kind);
    const error = new TransitError(
      // Not ours: a bug or a surprise from below; an answer that made no sense is the closest honest reading.
      known ? (kind as TransitErrorKind) : 'unavailable',
      cleanText(scrub, describeThrown(err)),
      {
        ...(!known
          ? { reason: 'malformed' as const }
          : typeof reason === 'string' && REASONS.has(reason)
            ? { reason: reason as UnavailableReason }
            : {}),
        ...(ours && typeof code === 'number' && Number.isFinite(code) ? { code } : {}),
        ...(ours && typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? { retryAfterMs } : {}),
      },
    );
    // Keep where it came from: the original stack, scrubbed, reads better than this line's.
    const stack = ours ? safeRead(err, 'stack') : undefined;
    if (typeof stack === 'string') error.stack = stack.length > MAX_SCANNED_CHARS ? error.stack : scrub(stack);
    return error;
  };
}
