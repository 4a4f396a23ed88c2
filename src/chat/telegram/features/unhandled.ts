import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../deps.js';

/** Registered last: whatever no feature took. A stray callback query still gets its answer. */
export function unhandled(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.use(async (ctx) => {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    deps.logger.debug({ updateId: ctx.update.update_id, kinds: Object.keys(ctx.update).filter((k) => k !== 'update_id') }, 'update not handled');
  });
  return composer;
}
