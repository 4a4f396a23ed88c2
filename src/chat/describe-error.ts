import { attempt } from '../util/attempt.js';
import { clip } from '../util/clip.js';
import type { Redactor } from '../util/redact.js';
import { textOf } from '../util/text-of.js';

// A platform's credentials travel with every request (Telegram's token in each URL, Discord's
// interaction tokens in the callback routes), and an error's message, stack or nested cause can
// quote them. Nothing from an error is logged before passing through here, with the adapter's
// redactor. Whatever was thrown is read as untrusted: a platform, a proxy or an emulator may
// answer off its documented shape, and a bug may throw anything at all (null, a getter that
// throws, a revoked proxy). Describing never throws, or the failure would be replaced by another.

/** What a log line says of an error: strings and numbers only, each secret-free and bounded. */
export type ErrorSummary = Record<string, string | number>;

/** Any value as text, secrets removed, at most `max` characters (2,000 by default). */
export type SummaryText = (value: unknown, max?: number) => string;

/**
 * A platform's own error classes (grammY's, discord.js's) as summaries; undefined for anything
 * else. It may throw (an `instanceof` on a revoked proxy does): it is read under guard.
 */
export type PlatformErrors = (err: unknown, text: SummaryText) => ErrorSummary | undefined;

const MAX_TEXT = 2_000;
const MAX_STACK = 4_000;
const MAX_CAUSES = 3;

/**
 * A loggable summary of an error, never the raw object. Log it under a key other than `err`,
 * which pino would serialise again from the original.
 */
export function describeError(err: unknown, redact: Redactor, platform?: PlatformErrors): ErrorSummary {
  return attempt(() => summarize(err, redact, platform), { type: 'unknown', message: '[an error that cannot be read]' });
}

function summarize(err: unknown, redact: Redactor, platform: PlatformErrors | undefined): ErrorSummary {
  const text: SummaryText = (value, max = MAX_TEXT) => clip(redact(value), max);
  const own = platform && attempt(() => platform(err, text), undefined);
  if (own !== undefined) return own;
  if (attempt(() => err instanceof Error, false)) {
    const e = err as Error;
    const field = (read: () => unknown) => attempt(read, undefined);
    const summary: ErrorSummary = {
      type: text(
        field(() => e.name),
        100,
      ),
      message: text(field(() => e.message)),
    };
    const stack = field(() => e.stack);
    if (stack !== undefined) summary.stack = text(stack, MAX_STACK);
    const cause = field(() => e.cause);
    if (cause !== undefined) summary.cause = text(causeChain(cause));
    return summary;
  }
  return { type: err === null ? 'null' : typeof err, message: text(err) };
}

/** "TypeError: fetch failed <- Error: connect ECONNREFUSED ...": a network error's reason is often a cause or two down. */
export function causeChain(first: unknown): string {
  const texts: string[] = [];
  for (let cause = first, depth = 0; cause !== undefined && depth < MAX_CAUSES; depth++) {
    texts.push(textOf(cause));
    const current = cause;
    cause = attempt(() => (current instanceof Error ? current.cause : undefined), undefined);
  }
  return texts.join(' <- ');
}
