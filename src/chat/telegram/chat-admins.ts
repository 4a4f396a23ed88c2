import type { Api } from 'grammy';
import type { ChannelLookup } from '../../core/index.js';

const ADMINS = new Set(['creator', 'administrator']);

/** Whether the user administers the chat, asked of Telegram now (permissions change at any time). */
export async function isAdministrator(api: Api, chatId: number | string, userId: number): Promise<boolean> {
  return ADMINS.has((await api.getChatMember(chatId, userId)).status);
}

/**
 * A channel by its public name, for "/subscribe @channel ..." in a private chat: whether the asker
 * administers it and whether the bot may post there. A channel Telegram will not show the bot is
 * as good as unknown.
 */
export async function findChannel(api: Api, name: string, userId: number, botId: number): Promise<ChannelLookup> {
  let chat;
  try {
    chat = await api.getChat(name);
  } catch {
    return { found: false };
  }
  if (chat.type !== 'channel') return { found: false };
  const [user, bot] = await Promise.all([
    api.getChatMember(chat.id, userId).catch(() => undefined),
    api.getChatMember(chat.id, botId).catch(() => undefined),
  ]);
  return {
    found: true,
    chat: { platform: 'telegram', chatId: String(chat.id), chatType: 'channel' },
    userIsAdmin: user !== undefined && ADMINS.has(user.status),
    botCanPost: bot?.status === 'creator' || (bot?.status === 'administrator' && bot.can_post_messages === true),
  };
}
