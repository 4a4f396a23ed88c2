import type { Context } from 'grammy';
import type { Reply } from '../../bot/reply.js';
import { renderReply } from './render.js';

/** Sends a core Reply as an HTML message; in groups it answers the message that asked. */
export async function sendReply(ctx: Context, reply: Reply): Promise<void> {
  const { text, reply_markup } = renderReply(reply);
  const inGroup = ctx.chat !== undefined && ctx.chat.type !== 'private';
  const askedIn = ctx.msg?.message_id;
  await ctx.reply(text, {
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    ...(reply_markup ? { reply_markup } : {}),
    ...(inGroup && askedIn !== undefined ? { reply_parameters: { message_id: askedIn, allow_sending_without_reply: true } } : {}),
  });
}
