import { Composer, type Context } from 'grammy';
import { admit } from '../admit.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { sendReply } from '../send.js';

/**
 * Commands and bare stop numbers, typed in any chat, and commands posted in a channel (only its
 * administrators can post there). The text is parsed once; null means stay silent.
 */
export function textCommands(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on(['message:text', 'channel_post:text'], async (ctx) => {
    const chat = chatContextOf(ctx);
    const text = ctx.msg.text;
    if (!chat) return;
    // Group chatter that is not a command never reaches the core, nor counts against anyone.
    if (chat.chatType !== 'private' && !text.trimStart().startsWith('/')) return;
    const parsed = deps.core.parse(text, chat);
    if (parsed === null) return;
    if (parsed.ok && deps.core.asksTransit(parsed.request) && !(await admit(ctx, chat, deps))) return;
    await sendReply(ctx, await deps.core.answer(parsed, chat));
  });
  return composer;
}
