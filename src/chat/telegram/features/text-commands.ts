import { Composer, type Context } from 'grammy';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { answerInChat } from '../send.js';

/**
 * Commands and bare stop numbers, typed in any chat, and commands posted in a channel (only its
 * administrators can post there). The core reads the text once; what it does not take gets silence.
 */
export function textCommands(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on(['message:text', 'channel_post:text'], async (ctx) => {
    const chat = chatContextOf(ctx);
    const text = ctx.msg.text;
    if (!chat) return;
    // Group chatter that is not a command never reaches the core, nor counts against anyone.
    if (chat.chatType !== 'private' && !text.trimStart().startsWith('/')) return;
    await deps.pipeline.answer({ text }, chat, answerInChat(ctx));
  });
  return composer;
}
