/** Who is talking to the bot and where: what a handler needs to know of the platform. */
export interface ChatContext {
  platform: 'telegram' | 'discord' | 'console';
  /** Unique within the platform; settings are keyed by platform + chatId. */
  chatId: string;
  chatType: 'private' | 'group' | 'channel';
  userId?: string;
  /** The platform's language code for the user ("fr-CA"), used until /lang chooses one. */
  languageCode?: string;
  /** The bot's own username, so "/next@ThisBot" is accepted and "/next@OtherBot" ignored. */
  botUsername?: string;
}
