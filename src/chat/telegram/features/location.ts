import { Composer, type Context } from 'grammy';
import { admit } from '../admit.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { sendReply } from '../send.js';

/**
 * A shared location (the paperclip menu): the nearest stops, each a button for its arrivals.
 * In a group a location is usually meant for the people there, like bare text: the bot answers
 * only a location sent in reply to one of its own messages.
 */
export function location(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('message:location', async (ctx) => {
    const chat = chatContextOf(ctx);
    if (!chat) return;
    if (chat.chatType !== 'private' && ctx.message.reply_to_message?.from?.id !== ctx.me.id) return;
    if (!(await admit(ctx, chat, deps))) return;
    const { latitude, longitude } = ctx.message.location;
    await sendReply(ctx, await deps.core.handleLocation(latitude, longitude, chat));
  });
  return composer;
}
