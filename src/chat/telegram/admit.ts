import type { Context } from 'grammy';
import type { ChatContext } from '../../bot/chat-context.js';
import type { FeatureDeps } from './deps.js';

/**
 * The per-user gate in front of everything that may reach the transit service. A refused user
 * hears about it once per window, in their language, by the means the update allows; inline
 * results are redrawn with every keystroke, so there the notice stays for as long as it applies.
 */
export async function admit(ctx: Context, chat: ChatContext, deps: FeatureDeps): Promise<boolean> {
  const decision = deps.limiter.check(chat.userId ?? chat.chatId);
  if (decision === 'allow') return true;
  const say = async () => deps.core.t(await deps.core.localeOf(chat), 'rate-limited');
  const text = decision === 'refuse-and-tell' ? await say() : undefined;
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery(text === undefined ? {} : { text });
  } else if (ctx.inlineQuery) {
    await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true, button: { text: text ?? (await say()), start_parameter: 'help' } });
  } else if (text !== undefined && ctx.chat) {
    await ctx.reply(text);
  }
  deps.logger.info({ userId: chat.userId, told: text !== undefined }, 'rate limit: request refused');
  return false;
}
