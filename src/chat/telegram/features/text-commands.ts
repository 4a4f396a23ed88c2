import { Composer, type Context } from 'grammy';
import { chatContextOf } from '../chat-context.js';
import type { FeatureDeps } from '../deps.js';
import { keepBoardLive, sendTrack } from '../live-location.js';
import { answerInChat, sendReply } from '../send.js';

/**
 * Commands and bare stop numbers, typed in any chat, and commands posted in a channel (only its
 * administrators can post there). The core reads the text once; what it does not take gets silence.
 * A typed /live is kept up to date like the button's board: it says it will be.
 */
export function textCommands(deps: FeatureDeps): Composer<Context> {
  const composer = new Composer();
  composer.on(['message:text', 'channel_post:text'], async (ctx) => {
    const chat = chatContextOf(ctx);
    const text = ctx.msg.text;
    if (!chat) return;
    // Group chatter that is not a command never reaches the core, nor counts against anyone.
    if (chat.chatType !== 'private' && !text.trimStart().startsWith('/')) return;
    const live = deps.live;
    await deps.pipeline.answer({ text }, chat, {
      ...answerInChat(ctx),
      respond: async (answer) => {
        const reply = await answer;
        // A typed /track or /off: one message that follows the trip, as the 🚌 button's.
        if (reply.follow !== undefined && reply.kind === 'answer' && live !== undefined) return sendTrack(ctx, chat, reply, live);
        const sent = await sendReply(ctx, reply);
        const parsed = reply.liveUntil !== undefined && live !== undefined ? deps.core.parse(text, chat) : null;
        if (parsed?.ok === true && live !== undefined) await keepBoardLive(chat, sent, reply, parsed.request, live);
      },
    });
  });
  return composer;
}
