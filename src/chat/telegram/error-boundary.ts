import { GrammyError, type BotError, type Context } from 'grammy';
import { attempt } from '../../util/attempt.js';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import { describeError } from './describe-error.js';

/**
 * Any feature's failure ends here: logged without secrets, and the rider told, in their language,
 * that something went wrong, unless Telegram itself refuses us that chat (403: telling fails too).
 * It never throws: a throw here would reach grammY's runner (which prints the raw error under a
 * banner) or, in webhook mode, answer Telegram 500 so that it delivers the update again.
 */
export function errorBoundary(deps: Pick<FeatureDeps, 'core' | 'logger' | 'redact'>) {
  return async (err: BotError<Context>) => {
    const error = attempt(() => err.error, undefined);
    const ctx = attempt(() => err.ctx, undefined);
    const updateId = attempt(() => ctx?.update.update_id, undefined);
    deps.logger.error({ ...(typeof updateId === 'number' ? { updateId } : {}), error: describeError(error, deps.redact) }, 'update failed');
    if (!ctx || isForbidden(error)) return;
    try {
      const chat = chatContextOf(ctx);
      const text = deps.core.t(chat ? await deps.core.localeOf(chat) : 'en', 'error-internal');
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
      else if (ctx.chat && ctx.msg) await ctx.reply(text);
    } catch (second) {
      deps.logger.warn({ error: describeError(second, deps.redact) }, 'could not tell the user about the failure');
    }
  };
}

function isForbidden(error: unknown): boolean {
  return attempt(() => error instanceof GrammyError && error.error_code === 403, false);
}
