import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { textOf } from '../../util/text-of.js';

// The bot token travels in a header, never in a URL, but an error's message or stack can quote
// what a server or a proxy echoed; interaction tokens (valid 15 minutes, enough to answer as the
// bot) sit in the URLs of the callback and webhook routes that errors carry. Nothing from an
// error is logged or passed on before going through here.

export type Redact = (text: string) => string;

const MAX_TEXT = 500;
const INTERACTION_TOKEN = /(\/(?:interactions|webhooks)\/\d+\/)[^/?#\s"']+/g;

/** Text with every secret and interaction token removed, on one line, cut to a readable length. */
export function scrub(text: unknown, redact: Redact): string {
  const line = (typeof text === 'string' ? text : textOf(text)).replace(/\s+/g, ' ');
  return redact(line.replace(INTERACTION_TOKEN, '$1[token]')).slice(0, MAX_TEXT);
}

/**
 * A loggable summary of anything thrown, secrets removed; never the raw object, and never a throw
 * itself (a getter that throws, a revoked proxy). Log it under a key other than `err`, which pino
 * would serialise again from the original.
 */
export function describeError(err: unknown, redact: Redact): Record<string, unknown> {
  try {
    if (err instanceof DiscordAPIError) {
      return {
        type: 'DiscordAPIError',
        status: err.status,
        code: err.code,
        method: err.method,
        route: scrub(err.url, redact),
        message: scrub(err.message, redact),
      };
    }
    if (err instanceof HTTPError) return { type: 'HTTPError', status: err.status, method: err.method, route: scrub(err.url, redact) };
    if (err instanceof RateLimitError)
      return { type: 'RateLimitError', route: scrub(err.route, redact), retryAfterMs: err.retryAfter, global: err.global };
    if (err instanceof Error) {
      return {
        type: scrub(err.name, redact),
        message: scrub(err.message, redact),
        stack: redact(String(err.stack ?? '').replace(INTERACTION_TOKEN, '$1[token]')).slice(0, 4 * MAX_TEXT),
      };
    }
    return { type: typeof err, message: scrub(err, redact) };
  } catch {
    return { type: 'unknown', message: 'an error that cannot be described' };
  }
}
