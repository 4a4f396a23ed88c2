import { GrammyError, type BotError, type Context } from 'grammy';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import { describeError } from './describe-error.js';

/**
 * Any feature's failure ends here: logged without secrets, and the rider told, in their language,
 * that something went wrong, unless Telegram itself refuses us that chat (403: telling fails too).
 */
export function errorBoundary(deps: Pick<FeatureDeps, 'core' | 'logger' | 'redact'>) {
  return async (err: BotError<Context>) => {
    const { ctx } = err;
    deps.logger.error({ updateId: ctx.update.update_id, error: describeError(err.error, deps.redact) }, 'update failed');
    if (err.error instanceof GrammyError && err.error.error_code === 403) return;
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
