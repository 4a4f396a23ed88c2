import { PermissionFlagsBits, type BaseInteraction } from 'discord.js';
import type { ChatContext } from '../../core/index.js';
import { userChatId } from './chat-ids.js';
import { LIMITS } from './render.js';

/**
 * What the core needs to know about an interaction's chat. In a server the chat is the channel
 * (its /lang and saved stops are shared there); elsewhere (a DM, a user-installed app in another
 * chat) it is the user. The language code is the user's Discord locale ("fr", "en-US"): the core
 * uses it unless the chat chose one with /lang.
 */
export function chatContextOf(interaction: BaseInteraction): ChatContext {
  const channelId = interaction.guildId !== null ? interaction.channelId : null;
  const locale: unknown = interaction.locale;
  return {
    platform: 'discord',
    chatId: channelId ?? userChatId(interaction.user.id),
    chatType: channelId !== null ? 'group' : 'private',
    userId: interaction.user.id,
    // A local gateway may send anything here; only a string is a language code.
    ...(typeof locale === 'string' && locale !== '' ? { languageCode: locale } : {}),
    maxReplyChars: LIMITS.content,
    // Servers can override a command's default permissions: Manage Channels is checked again here,
    // from the member's permissions in this channel as the interaction carries them.
    ...(channelId !== null
      ? { userCanManage: () => Promise.resolve(interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) === true) }
      : {}),
  };
}
