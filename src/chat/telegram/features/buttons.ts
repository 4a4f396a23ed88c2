import { Composer, type Context } from 'grammy';
import { admit } from '../admit.js';
import { decodeButton } from '../callback-data.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { isMessageNotModified } from '../send-failures.js';
import { htmlMessage, plainText } from '../render.js';
import { sendReply } from '../send.js';

/**
 * Buttons under replies. An `update` button (Refresh) edits the message in place (a second tap
 * within the throttle interval is answered locally); a `reply` button answers with a new message
 * (in place under inline messages, which have no chat to post in); a `notice` button (Save)
 * answers with a toast. Every callback query is answered, or the rider's button keeps spinning.
 */
export function buttons(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('callback_query:data', async (ctx) => {
    const chat = chatContextOf(ctx);
    const press = decodeButton(ctx.callbackQuery.data);
    if (!chat || !press) {
      const locale = chat ? await deps.core.localeOf(chat) : 'en';
      await ctx.answerCallbackQuery({ text: deps.core.t(locale, 'button-expired') });
      return;
    }
    const inlineMessage = ctx.callbackQuery.inline_message_id;
    const messageKey = inlineMessage ?? `${ctx.chat?.id}:${ctx.callbackQuery.message?.message_id}`;
    const updates = press.effect === 'update';
    if (updates && !deps.throttle.tryRefresh(messageKey)) {
      await ctx.answerCallbackQuery({ text: deps.core.t(await deps.core.localeOf(chat), 'refresh-up-to-date') });
      return;
    }
    if (deps.core.asksTransit(press.command) && !(await admit(ctx, chat, deps))) return;

    const reply = await deps.core.run(press.command, chat);
    // A refresh that failed (the transit service is down) must not replace the arrivals and
    // their buttons with an apology: the rider keeps the message and reads why in a toast.
    if (updates && reply.kind !== 'answer') {
      deps.throttle.forget(messageKey);
      await ctx.answerCallbackQuery({ text: plainText(reply, 200), show_alert: true });
      return;
    }
    if (press.effect === 'notice') {
      await ctx.answerCallbackQuery({ text: plainText(reply, 200) });
      return;
    }
    if (updates || inlineMessage !== undefined) {
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
