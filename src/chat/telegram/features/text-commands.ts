import { Composer, type Context } from 'grammy';
import { admit } from '../admit.js';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { sendReply } from '../send.js';

/** Commands and bare stop numbers, typed in any chat: the core decides; null means stay silent. */
export function textCommands(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on('message:text', async (ctx) => {
    const chat = chatContextOf(ctx);
    if (!chat) return;
    // Group chatter that is not a command never reaches the core, nor counts against anyone.
    if (chat.chatType !== 'private' && !ctx.message.text.trimStart().startsWith('/')) return;
    if (deps.core.asksTransit(ctx.message.text, chat) && !(await admit(ctx, chat, deps))) return;
    const reply = await deps.core.handleText(ctx.message.text, chat);
    if (reply) await sendReply(ctx, reply);
  });
  return composer;
}
