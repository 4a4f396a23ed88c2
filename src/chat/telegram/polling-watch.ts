import { GrammyError, type Transformer } from 'grammy';
import type { Logger } from '../../log.js';
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

export interface PollingWatchOptions {
  logger: Logger;
  redact: Redactor;
  now: () => number;
  sleep: Sleep;
  firstDelayMs?: number;
  maxDelayMs?: number;
  remindEveryMs?: number;
}

export function watchPolling(options: PollingWatchOptions): Transformer {
  const { logger, redact, now, sleep } = options;
  const firstDelayMs = options.firstDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const remindEveryMs = options.remindEveryMs ?? 5 * 60_000;
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
        if (result.ok) {
          succeeded();
          return result;
        }
        if (GIVE_UP.has(result.error_code)) return result;
        const retryAfter = result.parameters?.retry_after;
        if (retryAfter !== undefined) wait = Math.max(wait, retryAfter * 1000);
        failed(describeError(new GrammyError('getUpdates failed', result, method, payload), redact), wait);
      } catch (err) {
        if (signal?.aborted) throw err;
        failed(describeError(err, redact), wait);
      }
      await sleep(wait, signal as AbortSignal | undefined);
    }
  };
}
