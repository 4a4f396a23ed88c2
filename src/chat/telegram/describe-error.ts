import { GrammyError, HttpError } from 'grammy';
import { attempt } from '../../util/attempt.js';
import type { Redactor } from '../../util/redact.js';
import { causeChain, describeError as describeAnyError, type ErrorSummary, type SummaryText } from '../describe-error.js';

export type { ErrorSummary };

/** Any error as a log line may show it, without the token or the webhook secret. Never throws. */
export function describeError(err: unknown, redact: Redactor): ErrorSummary {
  return describeAnyError(err, redact, grammyErrors);
}

/**
 * grammY's errors: Telegram's refusal (which may come without a description, or with a number
 * for one, from an emulator), or a request that never got an answer (its reason a cause or two down).
 */
function grammyErrors(err: unknown, text: SummaryText): ErrorSummary | undefined {
  const field = (read: () => unknown) => attempt(read, undefined);
  if (err instanceof GrammyError) {
    const summary: ErrorSummary = { type: 'GrammyError', method: text(field(() => err.method)) };
    const code = field(() => err.error_code);
    if (code !== undefined) summary.code = typeof code === 'number' ? code : text(code);
    const description = field(() => err.description);
    if (description !== undefined) summary.description = text(description);
    return summary;
  }
  if (err instanceof HttpError)
    return { type: 'HttpError', message: text(field(() => err.message)), cause: text(causeChain(field(() => err.error))) };
  return undefined;
}
