import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { textOf } from '../../util/text-of.js';
import { describeError as describeAnyError, type ErrorSummary, type SummaryText } from '../describe-error.js';

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

/** Any error as a log line may show it, without the bot token or an interaction token. Never throws. */
export function describeError(err: unknown, redact: Redact): ErrorSummary {
  return describeAnyError(err, (value) => redact(textOf(value).replace(INTERACTION_TOKEN, '$1[token]')), discordErrors);
}

/** discord.js's errors: Discord's refusal, an HTTP failure, a rate limit it would not wait out. */
function discordErrors(err: unknown, text: SummaryText): ErrorSummary | undefined {
  if (err instanceof DiscordAPIError) {
    return { type: 'DiscordAPIError', status: err.status, code: err.code, method: err.method, route: text(err.url), message: text(err.message) };
  }
  if (err instanceof HTTPError) return { type: 'HTTPError', status: err.status, method: err.method, route: text(err.url) };
  if (err instanceof RateLimitError)
    return { type: 'RateLimitError', route: text(err.route), retryAfterMs: err.retryAfter, global: String(err.global) };
  return undefined;
}
