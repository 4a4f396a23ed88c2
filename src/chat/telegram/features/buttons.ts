import { Composer, type Context } from 'grammy';
import type { ButtonAction } from '../../../bot/reply.js';
import { admit } from '../admit.js';
import { decodeAction } from '../callback-data.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { isMessageNotModified } from '../send-failures.js';
import { htmlMessage, plainText } from '../render.js';
import { sendReply } from '../send.js';

/**
 * Buttons under replies. Refresh edits the message in place (a second tap within the throttle
 * interval is answered locally); a route or stop button answers with a new message (in place
 * under inline messages, which have no chat to post in); Save answers with a toast.
 * Every callback query is answered, or the rider's button keeps spinning.
 */
export function buttons(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('callback_query:data', async (ctx) => {
    const chat = chatContextOf(ctx);
    const action = decodeAction(ctx.callbackQuery.data);
    if (!chat || !action) {
      const locale = chat ? await deps.core.localeOf(chat) : 'en';
      await ctx.answerCallbackQuery({ text: deps.core.t(locale, 'button-expired') });
      return;
    }
    const inlineMessage = ctx.callbackQuery.inline_message_id;
    const messageKey = inlineMessage ?? `${ctx.chat?.id}:${ctx.callbackQuery.message?.message_id}`;
    if (action.type === 'refresh' && !deps.throttle.tryRefresh(messageKey)) {
      await ctx.answerCallbackQuery({ text: deps.core.t(await deps.core.localeOf(chat), 'refresh-up-to-date') });
      return;
    }
    if (!(await admit(ctx, chat, deps))) return;

    const reply = await deps.core.handleAction(action, chat);
    // A refresh that failed (the transit service is down) must not replace the arrivals and
    // their buttons with an apology: the rider keeps the message and reads why in a toast.
    if (action.type === 'refresh' && reply.kind !== 'answer') {
      deps.throttle.forget(messageKey);
      await ctx.answerCallbackQuery({ text: plainText(reply, 200), show_alert: true });
      return;
    }
    if (action.type === 'save-stop') {
      await ctx.answerCallbackQuery({ text: plainText(reply, 200) });
      return;
    }
    if (editsInPlace(action, inlineMessage)) {
      // Arrivals carry their own "Updated at 08:12", so a refreshed message shows when it was.
      const { text, options } = htmlMessage(reply);
      try {
        await ctx.editMessageText(text, options);
      } catch (err) {
        if (!isMessageNotModified(err)) throw err;
      }
    } else {
      await sendReply(ctx, reply);
    }
    await ctx.answerCallbackQuery();
  });
  return composer;
}

function editsInPlace(action: ButtonAction, inlineMessage: string | undefined): boolean {
  return action.type === 'refresh' || inlineMessage !== undefined;
}
