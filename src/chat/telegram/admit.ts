import type { Context } from 'grammy';
import type { ChatContext } from '../../bot/chat.js';
import type { FeatureDeps } from './deps.js';

/**
 * The per-user gate in front of everything that may reach the transit service. A refused user
 * hears about it once per window, in their language, by the means the update allows.
 */
export async function admit(ctx: Context, chat: ChatContext, deps: FeatureDeps): Promise<boolean> {
  const decision = deps.limiter.check(chat.userId ?? chat.chatId);
  if (decision === 'allow') return true;
  const text = decision === 'refuse-and-tell' ? deps.core.t(await deps.core.localeOf(chat), 'rate-limited') : undefined;
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery(text === undefined ? {} : { text });
  } else if (ctx.inlineQuery) {
    await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
  } else if (text !== undefined && ctx.chat) {
    await ctx.reply(text);
  }
  deps.logger.info({ userId: chat.userId, told: text !== undefined }, 'rate limit: request refused');
  return false;
}
