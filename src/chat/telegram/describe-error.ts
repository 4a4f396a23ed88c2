import { GrammyError, HttpError } from 'grammy';
import { attempt } from '../../util/attempt.js';
import { clip } from '../../util/clip.js';
import type { Redactor } from '../../util/redact.js';
import { textOf } from '../../util/text-of.js';

// The bot token is part of every Bot API URL, and a network error's message (and its nested
// cause) can quote that URL. Nothing from an error is logged before passing through here
// (a redactor from src/util/redact.ts, over the token and the webhook secret).
//
// Whatever was thrown is read as untrusted: Telegram, a proxy or an emulator may answer without a
// description, with a number for one, or without `ok`, and a bug may throw anything at all.
// Describing never throws, or the failure would be replaced by a TypeError (or take the bot down).

/** What a log line says of an error: strings and numbers only, each secret-free and bounded. */
export type ErrorSummary = Record<string, string | number>;

const MAX_TEXT = 2_000;
const MAX_STACK = 4_000;
const MAX_CAUSES = 3;

/** A loggable summary of an error with every secret removed; never the raw object. Log it under a
 * key other than `err`, which pino would re-serialise as an Error. */
export function describeError(err: unknown, redact: Redactor): ErrorSummary {
  return attempt(() => summarize(err, redact), { type: 'unknown', message: '[an error that cannot be read]' });
}

function summarize(err: unknown, redact: Redactor): ErrorSummary {
  const text = (value: unknown, max = MAX_TEXT) => clip(redact(value), max);
  const field = (read: () => unknown) => attempt(read, undefined);
  if (attempt(() => err instanceof GrammyError, false)) {
    const e = err as GrammyError;
    const summary: ErrorSummary = { type: 'GrammyError', method: text(field(() => e.method)) };
    const code = field(() => e.error_code);
    if (code !== undefined) summary.code = typeof code === 'number' ? code : text(code);
    const description = field(() => e.description);
    if (description !== undefined) summary.description = text(description);
    return summary;
  }
  if (attempt(() => err instanceof HttpError, false)) {
    const e = err as HttpError;
    return { type: 'HttpError', message: text(field(() => e.message)), cause: text(causeChain(field(() => e.error))) };
  }
  if (attempt(() => err instanceof Error, false)) {
    const e = err as Error;
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
function causeChain(first: unknown): string {
  const texts: string[] = [];
  for (let cause = first, depth = 0; cause !== undefined && depth < MAX_CAUSES; depth++) {
    texts.push(textOf(cause));
    const current = cause;
    cause = attempt(() => (current instanceof Error ? current.cause : undefined), undefined);
  }
  return texts.join(' <- ');
}
