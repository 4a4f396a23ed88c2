import { Composer, type Context } from 'grammy';
import type { Reply } from '../../../domain/reply.js';
import type { Answering } from '../../pipeline.js';
import { decodeButton, type ButtonPress } from '../callback-data.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { isMessageNotModified } from '../send-failures.js';
import { plainText } from '../render.js';
import { inPlaceEdit, sendReply } from '../send.js';
import { keepBoardLive, sendLiveLocation, sendTrack, type LiveLocations } from '../live-location.js';
import { localeFromCode, requestInTodaysFeeds, type ChatContext } from '../../../core/index.js';

/**
 * Buttons under replies. An `update` button (Refresh, a page's ◀ ▶, 🔴 Live) edits the message in place (the
 * same button tapped again within the throttle interval is answered locally); a `reply` button answers with a new message
 * (in place under inline messages, which have no chat to post in); a `notice` button (Save)
 * answers with a toast. Every callback query is answered, or the rider's button keeps spinning.
 */
export function buttons(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('callback_query:data', async (ctx) => {
    const chat = chatContextOf(ctx);
    const decoded = decodeButton(ctx.callbackQuery.data);
    // A button sent under another set of feeds names its stop in today's form.
    const press = decoded && { ...decoded, command: requestInTodaysFeeds(deps.core.identifiers, decoded.command) };
    if (!chat || !press) {
      const locale = chat ? await deps.core.localeOf(chat) : localeFromCode(ctx.from?.language_code);
      await ctx.answerCallbackQuery({ text: deps.core.t(locale, 'button-expired') });
      return;
    }
    // The same button pressed again is held back, not another one: ▶ after ◀ turns a page at once.
    const messageKey = `${ctx.callbackQuery.inline_message_id ?? `${ctx.chat?.id}:${ctx.callbackQuery.message?.message_id}`}|${ctx.callbackQuery.data}`;
    if (press.effect === 'update' && !deps.throttle.tryRefresh(messageKey)) {
      await ctx.answerCallbackQuery({ text: deps.core.t(await deps.core.localeOf(chat), 'refresh-up-to-date') });
      return;
    }
    await deps.pipeline.answer({ request: press.command }, chat, {
      refused: (text) => ctx.answerCallbackQuery({ text }),
      refusedQuietly: () => ctx.answerCallbackQuery(),
      respond: async (reply) => answerPress(ctx, press, await reply, () => deps.throttle.forget(messageKey), { chat, live: deps.live }),
    } satisfies Answering);
  });
  return composer;
}

async function answerPress(
  ctx: Context,
  press: ButtonPress,
  reply: Reply,
  refreshFailed: () => void,
  where: { chat: ChatContext; live: LiveLocations | undefined },
): Promise<void> {
  const updates = press.effect === 'update';
  // A refresh that failed (the transit service is down) must not replace the arrivals and
  // their buttons with an apology: the rider keeps the message and reads why in a toast.
  if (updates && reply.kind !== 'answer') {
    refreshFailed();
    await ctx.answerCallbackQuery({ text: plainText(reply, 200), show_alert: true });
    return;
  }
  // A notice that asks a choice (which way?) comes as a message: a toast holds no buttons.
  if (press.effect === 'notice' && (reply.buttons ?? []).length === 0) {
    await ctx.answerCallbackQuery({ text: plainText(reply, 200) });
    return;
  }
  const inline = ctx.callbackQuery?.inline_message_id !== undefined;
  // 🚌: one message that follows the trip (and its pin), kept by the live rounds.
  if (!updates && !inline && reply.follow !== undefined && reply.kind === 'answer' && where.live !== undefined) {
    await sendTrack(ctx, where.chat, reply, where.live);
    await ctx.answerCallbackQuery();
    return;
  }
  // A 📍 with a fresh fix in a chat: a pin that follows the bus (inline messages have no chat to send it to).
  if (!updates && !inline && reply.location !== undefined && reply.kind === 'answer' && where.live !== undefined) {
    await sendLiveLocation(ctx, where.chat, reply, press.command, where.live);
    await ctx.answerCallbackQuery();
    return;
  }
  if (updates || inline) {
    // Arrivals carry their own "Updated at 08:12", so a refreshed message shows when it was. A
    // picture (/line) is redrawn in place too: the new PNG and its caption, no second photo.
    const message = ctx.callbackQuery?.message;
    const edit = inPlaceEdit(reply, message !== undefined && 'photo' in message && message.photo !== undefined);
    try {
      if (edit.method === 'editMessageText') await ctx.editMessageText(edit.text, edit.options);
      else if (edit.method === 'editMessageCaption') await ctx.editMessageCaption(edit.options);
      else await ctx.editMessageMedia(edit.media, edit.options);
    } catch (err) {
      if (!isMessageNotModified(err)) throw err;
    }
    const messageId = ctx.callbackQuery?.message?.message_id;
    if (reply.liveUntil !== undefined && !inline && messageId !== undefined && where.live !== undefined) {
      await keepBoardLive(where.chat, messageId, reply, press.command, where.live);
    }
  } else {
    await sendReply(ctx, reply);
  }
  await ctx.answerCallbackQuery();
}
