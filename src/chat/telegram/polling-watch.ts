import { GrammyError, type Transformer } from 'grammy';
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import { attempt } from '../../util/attempt.js';
import type { Redactor } from '../../util/redact.js';
import type { Sleep } from '../../util/sleep.js';
import { describeError, type ErrorSummary } from './describe-error.js';

// The runner's own getUpdates retries are silent (or print the raw error, whose URL holds the
// token), back off without bound (an hour of outage means up to an hour more of waiting) and
// sleep on a timer that stop() cannot cut short. So getUpdates failures are handled here: retried
// with a capped backoff that stopping interrupts, and told to the operator once when polling
// starts failing, again every few minutes while it still fails, and once when it recovers.
// 401 (token revoked) and 409 (another poller, or a webhook set) are passed on: the runner stops
// on them, and retrying would only fight the other instance.

const GIVE_UP = new Set([401, 409]);

/** A Bot API answer as it may really arrive: any field missing or of another type. */
type LooseAnswer = { ok?: unknown; result?: unknown; error_code?: unknown; parameters?: { retry_after?: unknown } };
type ApiError = ConstructorParameters<typeof GrammyError>[1];

export interface PollingWatchOptions {
  logger: Logger;
  redact: Redactor;
  clock: Clock;
  sleep: Sleep;
  firstDelayMs?: number;
  maxDelayMs?: number;
  remindEveryMs?: number;
  /** The longest wait a 429's retry_after may impose; a proxy could ask for days, or for NaN. */
  maxRetryAfterMs?: number;
}

export function watchPolling(options: PollingWatchOptions): Transformer {
  const { logger, redact, clock, sleep } = options;
  const now = () => clock().getTime();
  const firstDelayMs = options.firstDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const remindEveryMs = options.remindEveryMs ?? 5 * 60_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10 * 60_000;
  let outage: { since: number; failures: number; warnedAt: number } | undefined;

  const failed = (error: ErrorSummary, retryInMs: number) => {
    const t = now();
    if (!outage) {
      outage = { since: t, failures: 1, warnedAt: t };
      logger.warn({ error, retryInMs }, 'telegram polling failing; retrying');
      return;
    }
    outage.failures++;
    if (t - outage.warnedAt < remindEveryMs) return;
    outage.warnedAt = t;
    logger.warn({ error, failures: outage.failures, failingForSeconds: Math.round((t - outage.since) / 1000) }, 'telegram polling still failing');
  };

  const succeeded = () => {
    if (!outage) return;
    logger.info({ failures: outage.failures, failedForSeconds: Math.round((now() - outage.since) / 1000) }, 'telegram polling recovered');
    outage = undefined;
  };

  return async (prev, method, payload, signal) => {
    if (method !== 'getUpdates') return prev(method, payload, signal);
    for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
      let wait = delay;
      try {
        const result = await prev(method, payload, signal);
        // Read as untrusted: a proxy or an emulator may answer null, leave out `ok`, or give no
        // list of updates (which the runner would ask for again at once, without a pause).
        const answer = typeof result === 'object' && result !== null ? (result as LooseAnswer) : undefined;
        const list = answer?.ok === true && Array.isArray(answer.result) ? (answer.result as unknown[]) : undefined;
        if (list !== undefined) {
          const updates = list.filter(isUpdate);
          if (updates.length < list.length)
            logger.warn({ dropped: list.length - updates.length }, 'telegram sent entries that are not updates; dropped');
          // A list of nothing but such entries is no answer either.
          if (updates.length > 0 || list.length === 0) {
            succeeded();
            return { ...answer, result: updates } as typeof result;
          }
        }
        if (typeof answer?.error_code === 'number' && GIVE_UP.has(answer.error_code)) return result;
        const retryAfter = attempt(() => answer?.parameters?.retry_after, undefined);
        if (typeof retryAfter === 'number' && retryAfter > 0) wait = Math.max(wait, Math.min(retryAfter * 1000, maxRetryAfterMs));
        // A refusal reads as Telegram's error; anything else (ok, but no list of
        // updates) as the answer itself.
        const refusal = answer && answer.ok !== true ? new GrammyError('getUpdates failed', answer as ApiError, method, payload) : result;
        failed(describeError(refusal, redact), wait);
      } catch (err) {
        if (signal?.aborted) throw err;
        failed(describeError(err, redact), wait);
      }
      await sleep(wait, signal as AbortSignal | undefined);
    }
  };
}

/**
 * An entry the runner can take: an object with a whole update_id. The runner reads the last one's
 * id for the next offset, so an id that is no number ("7" makes the offset "71") would stop
 * polling for good, and a last entry without one would make it ask for the same updates again.
 */
function isUpdate(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && Number.isSafeInteger((entry as { update_id?: unknown }).update_id);
}
