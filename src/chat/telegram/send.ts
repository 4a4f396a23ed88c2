import type { Context } from 'grammy';
import type { Reply } from '../../domain/reply.js';
import { htmlMessage } from './render.js';

/** Sends a core Reply as an HTML message; in groups it answers the message that asked. */
export async function sendReply(ctx: Context, reply: Reply): Promise<void> {
  const { text, options } = htmlMessage(reply);
  const inGroup = ctx.chat !== undefined && ctx.chat.type !== 'private';
  const askedIn = ctx.msg?.message_id;
  await ctx.reply(text, {
    ...options,
    ...(inGroup && askedIn !== undefined ? { reply_parameters: { message_id: askedIn, allow_sending_without_reply: true } } : {}),
  });
}
