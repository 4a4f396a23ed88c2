import { GrammyError } from 'grammy';
import type { Logger } from '../../log.js';
import { attempt } from '../../util/attempt.js';
import type { Redactor } from '../../util/redact.js';
import { describeError } from './describe-error.js';

/**
 * Polling ended by itself (the runner gives up on 401 and 409): tells the operator why and what
 * to do, and returns the error that ended() rejects with, so main exits 1 after its shutdown
 * steps. Never throws: it runs in a promise handler, where a throw would be an unhandled rejection.
 */
export function reportPollingStopped(err: unknown, logger: Logger, redact: Redactor): Error {
  const hint = whyPollingStopped(err);
  logger.error({ error: describeError(err, redact), ...(hint ? { hint } : {}) }, 'telegram polling stopped');
  return new Error(`Telegram polling stopped${hint ? `: ${hint}` : ' (see the log)'}`);
}

function whyPollingStopped(err: unknown): string | undefined {
  const code = attempt(() => (err instanceof GrammyError ? err.error_code : undefined), undefined);
  if (code === 409) return 'another process polls with this token, or a webhook is set: run one poller, or set TELEGRAM_WEBHOOK_URL to run several';
  if (code === 401) return 'Telegram no longer accepts the bot token: check TELEGRAM_BOT_TOKEN';
  return undefined;
}
