import { localeFromCode, type ChatContext, type Speaking } from '../core/index.js';
import type { Logger } from '../log.js';
import { attempt } from '../util/attempt.js';
import type { ErrorSummary } from './describe-error.js';

/** One event that failed, as its adapter knows it. */
export interface Failure {
  error: unknown;
  /** What identifies the event in the log (an update id, an interaction's id); never a token. */
  about?: Record<string, unknown>;
  /** The chat to apologise in, for its language; the default language when it cannot be placed (or this throws). */
  chat?: () => ChatContext | undefined;
  /** Says the apology in the platform's way; absent when there is nobody to tell. */
  tell?: (apology: () => Promise<string>) => Promise<unknown>;
}

export interface ErrorBoundaryDeps {
  core: Pick<Speaking, 't' | 'localeOf'>;
  logger: Logger;
  /** The platform's describer: its error classes, its secrets removed. */
  describe: (err: unknown) => ErrorSummary;
  /** The platform's word that the event can no longer be answered at all: telling would fail too. */
  unanswerable?: (err: unknown) => boolean;
  /** The log line of a failure ("update failed", "interaction failed"). */
  failed: string;
}

/**
 * Where every adapter's failures end: logged without secrets, and the rider told, in their
 * language, that something went wrong, unless the platform says telling cannot work. It never
 * throws, whatever was thrown and whatever state the event is in: a throw here would reach the
 * platform's library (grammY's runner prints it raw, a webhook answers 500 and gets the update
 * again, discord.js's gateway handler ends the process).
 */
export function createErrorBoundary(deps: ErrorBoundaryDeps): (failure: Failure) => Promise<void> {
  const { core, logger, describe } = deps;
  return async ({ error, about = {}, chat, tell }) => {
    logger.error({ ...about, error: describe(error) }, deps.failed);
    if (tell === undefined || attempt(() => deps.unanswerable?.(error) === true, false)) return;
    try {
      await tell(async () => {
        const where = chat?.();
        // No chat to ask: the language of a chat whose platform names none.
        return core.t(where ? await core.localeOf(where) : localeFromCode(undefined), 'error-internal');
      });
    } catch (second) {
      logger.warn({ ...about, error: describe(second) }, 'could not tell the user about the failure');
    }
  };
}
