import type { Context } from 'grammy';
import type { Reply } from '../../domain/reply.js';
import type { Answering } from '../pipeline.js';
import { htmlMessage, locationKeyboard } from './render.js';

/** Sends a core Reply as an HTML message (its id returned); in groups it answers the message that asked. */
export async function sendReply(ctx: Context, reply: Reply): Promise<number> {
  const { text, options } = htmlMessage(reply);
  const inGroup = ctx.chat !== undefined && ctx.chat.type !== 'private';
  const askedIn = ctx.msg?.message_id;
  // Telegram asks for a location by a keyboard button, in private chats only, and never with inline buttons.
  const location = !inGroup && options.reply_markup === undefined ? locationKeyboard(reply) : undefined;
  const sent = await ctx.reply(text, {
    ...options,
    ...(location !== undefined ? { reply_markup: location } : {}),
    ...(inGroup && askedIn !== undefined ? { reply_parameters: { message_id: askedIn, allow_sending_without_reply: true } } : {}),
  });
  return sent.message_id;
}

/** A message's answer in its chat: the Reply as a message; a rate-limit notice once per window, then silence. */
export function answerInChat(ctx: Context): Answering {
  return {
    refused: async (notice) => {
      if (ctx.chat) await ctx.reply(notice);
    },
    refusedQuietly: () => Promise.resolve(),
    respond: async (reply) => void (await sendReply(ctx, await reply)),
  };
}
