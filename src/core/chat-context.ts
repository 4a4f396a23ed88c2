import type { ChatRef, ChatType, Platform } from '../domain/chat.js';

/** Who is talking to the bot and where: what a command needs to know of the platform. */
export interface ChatContext extends ChatRef {
  platform: Platform;
  /** Unique within the platform; settings are keyed by platform + chatId. */
  chatId: string;
  chatType: ChatType;
  userId?: string;
  /**
   * The platform's language code for the user ("fr-CA"), remembered for the chat when first seen
   * so that a push days later speaks it; a /lang choice wins over it. Absent for a push.
   */
  languageCode?: string;
  /** The bot's own username, so "/next@ThisBot" is accepted and "/next@OtherBot" ignored. */
  botUsername?: string;
  /** The longest text the platform shows in one message (Telegram 4,096, Discord 2,000). */
  maxReplyChars?: number;
  /**
   * Asks the platform, at the moment of the command, whether this user may change the chat's
   * alerts (a group's administrators). Absent: anyone may (a private chat, a channel's own post).
   */
  userCanManage?: () => Promise<boolean>;
  /** Finds a channel by its public name ("@ottawabuses"), for alerts set from a private chat. */
  findChannel?: (name: string) => Promise<ChannelLookup>;
}

export type ChannelLookup = { found: false } | { found: true; chat: ChatRef & { chatType: 'channel' }; userIsAdmin: boolean; botCanPost: boolean };
