// Who the bot talks to: the chat platforms (one list, every type and check derived from it) and
// a chat on one of them.

export const PLATFORMS = ['telegram', 'discord', 'console'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const CHAT_TYPES = ['private', 'group', 'channel'] as const;
/** A person, a group (a Discord server channel too), a channel only its administrators post in. */
export type ChatType = (typeof CHAT_TYPES)[number];

/** A chat on one platform; a Telegram chat and a Discord channel with the same id never meet. */
export interface ChatRef {
  platform: Platform;
  chatId: string;
}

/** A chat a push goes to, with what the platform said it is. */
export interface AlertTarget extends ChatRef {
  chatType: ChatType;
}
