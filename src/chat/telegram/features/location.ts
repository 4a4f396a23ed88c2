import { Composer, type Context } from 'grammy';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { answerInChat } from '../send.js';

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
    const { latitude: lat, longitude: lon } = ctx.message.location;
    await deps.pipeline.answer({ location: { lat, lon } }, chat, answerInChat(ctx));
  });
  return composer;
}
