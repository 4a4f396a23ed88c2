import { BotError, GrammyError, type Context } from 'grammy';
import { attempt } from '../../util/attempt.js';
import { createErrorBoundary } from '../error-boundary.js';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import type { Speaking } from '../../core/index.js';
import { describeError } from './describe-error.js';

/**
 * Any feature's failure ends here (the shared boundary: logged without secrets, the rider told in
 * their language), unless Telegram itself refuses us that chat (403: telling fails too). A button
 * is told in a toast, a message by a reply. grammY hands over a BotError (what was thrown, and the
 * update's context); the runner may also hand over what failed before a context existed.
 */
export function errorBoundary(deps: Pick<FeatureDeps, 'logger' | 'redact'> & { core: Pick<Speaking, 't' | 'localeOf'> }) {
  const boundary = createErrorBoundary({
    core: deps.core,
    logger: deps.logger,
    describe: (err) => describeError(err, deps.redact),
    unanswerable: (err) => err instanceof GrammyError && err.error_code === 403,
    failed: 'update failed',
  });
  return (err: BotError<Context>) => {
    const error = attempt(() => (err instanceof BotError ? err.error : err), undefined);
    const ctx = attempt(() => (err instanceof BotError ? err.ctx : undefined), undefined);
    const updateId = attempt(() => ctx?.update.update_id, undefined);
    return boundary({
      error,
      ...(typeof updateId === 'number' ? { about: { updateId } } : {}),
      ...(ctx ? { chat: () => chatContextOf(ctx), tell: (apology) => tell(ctx, apology) } : {}),
    });
  };
}

async function tell(ctx: Context, apology: () => Promise<string>): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: await apology() });
  else if (ctx.chat && ctx.msg) await ctx.reply(await apology());
}
