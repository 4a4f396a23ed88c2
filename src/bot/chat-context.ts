import type { ChatRef, Platform } from '../store/ports.js';

/** Who is talking to the bot and where: what a command needs to know of the platform. */
export interface ChatContext extends ChatRef {
  platform: Platform;
  /** Unique within the platform; settings are keyed by platform + chatId. */
  chatId: string;
  chatType: 'private' | 'group' | 'channel';
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
}
