// Which Discord chat a ChatContext (and so a saved stop, a language, a subscription) belongs to.
// A server channel is its channel id: everyone there shares its /lang and saved stops. A direct
// message, or the app used outside the bot's servers, is the user: "@" and the user's id, so that
// settings follow the person and a push can open the DM channel whenever it needs one. Discord's
// ids are digits only, so the two forms never meet.

export type ChatTarget = { kind: 'channel'; channelId: string } | { kind: 'user'; userId: string };

const SNOWFLAKE = /^[0-9]{17,20}$/;

export function userChatId(userId: string): string {
  return `@${userId}`;
}

/** Where a push to `chatId` goes, or undefined when it is not a Discord chat id at all. */
export function targetOf(chatId: unknown): ChatTarget | undefined {
  if (typeof chatId !== 'string') return undefined;
  const user = chatId.startsWith('@');
  const id = user ? chatId.slice(1) : chatId;
  if (!SNOWFLAKE.test(id)) return undefined;
  return user ? { kind: 'user', userId: id } : { kind: 'channel', channelId: id };
}
