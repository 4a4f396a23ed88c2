import type { Locale } from '../core.js';
import { messageReply } from '../format.js';
import type { Reply } from '../reply.js';
import type { HandlerContext } from './context.js';

/** /lang en|fr: remembered for the chat; the confirmation already speaks the new language. */
export async function handleLang(request: { locale: Locale }, ctx: HandlerContext): Promise<Reply> {
  const saved = await ctx.settings.setLocale(ctx.chat, request.locale);
  return saved ? messageReply('answer', ctx.t(request.locale, 'lang-set')) : messageReply('failure', ctx.say('lang-failed'));
}
