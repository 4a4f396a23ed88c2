import type { ChatContext } from './chat.js';
import type { ButtonAction, Reply } from './reply.js';

export type Locale = 'en' | 'fr';

/**
 * The platform-neutral bot: every adapter (console, Telegram, Discord) hands it what a user did
 * and renders the Reply it gets back. It never throws: failures come back as Replies.
 */
export interface BotCore {
  /** Text a user typed. null: stay silent (bare text in a group, a command for another bot). */
  handleText(text: string, chat: ChatContext): Promise<Reply | null>;
  /** Whether this text asks the transit service (adapters rate-limit those, not /help or /lang). */
  asksTransit(text: string, chat: ChatContext): boolean;
  /** A pressed button. */
  handleAction(action: ButtonAction, chat: ChatContext): Promise<Reply>;
  /** A shared location: the nearest stops, each a button asking for arrivals. */
  handleLocation(lat: number, lon: number, chat: ChatContext): Promise<Reply>;
  /** The chat's language: its /lang choice, else the platform's language code, else English. */
  localeOf(chat: ChatContext): Promise<Locale>;
  /** A string from the locale files, for the few texts an adapter says itself (rate limit, ...). */
  t(locale: Locale, id: string, args?: Record<string, string | number>): string;
  /** The command menu (Telegram setMyCommands, Discord slash commands), from the one command table. */
  commandMenu(locale: Locale): Array<{ command: string; description: string }>;
}
