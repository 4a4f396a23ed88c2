import type { Context } from 'grammy';
import { findChannel, isAdministrator } from './chat-admins.js';
import { MAX_MESSAGE_LENGTH } from './render.js';
import type { ChatContext } from '../../core/index.js';

/**
 * What the core needs to know about a Telegram update's chat. Inline queries and buttons under
 * inline messages have no chat: they are treated as the user's private chat (whose id Telegram
 * makes equal to the user's id), so /lang and saved stops follow the user there.
 */
export function chatContextOf(ctx: Context): ChatContext | undefined {
  const chat = ctx.chat;
  const from = ctx.from;
  const chatId = chat ? String(chat.id) : from ? String(from.id) : undefined;
  if (chatId === undefined) return undefined;
  return {
    platform: 'telegram',
    chatId,
    chatType: !chat || chat.type === 'private' ? 'private' : chat.type === 'channel' ? 'channel' : 'group',
    ...(from ? { userId: String(from.id) } : {}),
    // A Bot API emulator may send anything here; only a string is a language code.
    ...(typeof from?.language_code === 'string' && from.language_code !== '' ? { languageCode: from.language_code } : {}),
    ...(ctx.me?.username ? { botUsername: ctx.me.username } : {}),
    maxReplyChars: MAX_MESSAGE_LENGTH,
    // Asked only when a command changes a group's alerts; a channel's posts come from its admins.
    ...(chat && from && (chat.type === 'group' || chat.type === 'supergroup')
      ? { userCanManage: () => isAdministrator(ctx.api, chat.id, from.id) }
      : {}),
    ...(from && (!chat || chat.type === 'private') ? { findChannel: (name: string) => findChannel(ctx.api, name, from.id, ctx.me.id) } : {}),
  };
}
