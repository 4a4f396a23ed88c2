import { z } from 'zod';

// Who the bot talks to: a chat on one of the registered platforms (chat/platforms.ts) and what
// the platform said it is.

/** A chat platform's name ("telegram", "discord", "console"), as every stored chat keeps it. */
export type Platform = string;

/** A platform's name as stored records are read back (in a key, a record): a lower-case word, whichever platforms this build registers. */
export const PLATFORM_PATTERN = '[a-z][a-z0-9-]{0,31}';
export const platformName = z.string().regex(new RegExp(`^${PLATFORM_PATTERN}$`));

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
