import type { Subscription } from '../domain/subscription.js';
import type { ChatRef } from '../domain/chat.js';
import type { Locale } from '../domain/locale.js';
import type { IdentifierGrammar } from '../domain/identifiers.js';
import type { ChatContext } from './chat-context.js';
import type { CommandRequest, ParsedText } from './command-request.js';
import type { CommandSpec, Suggestion } from './commands/index.js';
import type { Fetched } from './format/alert.js';
import type { Reply } from '../domain/reply.js';
import type { Disruption } from '../domain/disruption.js';
import type { AlertTarget } from '../domain/chat.js';

export type { Locale };

/**
 * The platform-neutral bot: every adapter (terminal, Telegram, Discord) and the scheduler hand it
 * what a user asked, and render the Reply they get back. It never throws: failures come back as
 * Replies.
 */
export interface BotCore {
  /** Typed text, read once. null: stay silent (bare text in a group, a command for another bot). */
  parse(text: unknown, chat: ChatContext): ParsedText | null;
  /** The answer to parsed text: the command's reply, or the usage error in the chat's language. */
  answer(parsed: ParsedText, chat: ChatContext): Promise<Reply>;
  /** parse + answer. */
  handleText(text: unknown, chat: ChatContext): Promise<Reply | null>;
  /** A structured command: slash options, a pressed button, an inline query, a scheduled push. */
  run(request: CommandRequest, chat: ChatContext): Promise<Reply>;
  /** Whether running it asks the transit service (adapters rate-limit and defer those). */
  asksTransit(request: CommandRequest): boolean;
  /**
   * The message a due subscription sends, in its chat's language: a timed alert's arrivals (or
   * that they are unavailable); a "near" alert's notice, or undefined while the bus is not near.
   */
  alertReply(subscription: Subscription, fetched: Fetched): Promise<Reply | undefined>;
  /**
   * A disruption pushed to a chat watching `place` (a saved stop, a subscription's stop and route):
   * its whole text in the chat's language, and how to turn these pushes off.
   */
  disruptionReply(chat: AlertTarget, disruption: Disruption, place: { stopNo: string; routeNo?: string }): Promise<Reply>;
  /** The platform refuses the chat (the bot was blocked, kicked, removed): its alerts pause at once. */
  chatRefused(chat: ChatRef): Promise<void>;
  /** Someone used the bot in a chat that refused a push: its alerts paused for that resume. */
  chatReturned(chat: ChatRef): Promise<void>;
  /** A group became a supergroup with a new id: its alerts (and settings) follow. */
  chatMoved(from: ChatRef, to: ChatRef): Promise<void>;
  /** A shared location: the nearest stops, each a button asking for arrivals. */
  handleLocation(lat: number, lon: number, chat: ChatContext): Promise<Reply>;
  /**
   * Values to offer while `arg` of command `name` is typed (at most `limit`, 25 by default);
   * `given` holds the other options already filled in (a route is offered for the chosen stop).
   */
  suggest(
    name: string,
    arg: string,
    partial: string,
    chat: ChatContext,
    limit?: number,
    given?: Readonly<Record<string, string>>,
  ): Promise<Suggestion[]>;
  /** The chat's language: its /lang choice, else the platform's language code (remembered), else English. */
  localeOf(chat: ChatContext): Promise<Locale>;
  /** A string from the locale files, for the few texts an adapter says itself (rate limit, ...). */
  t(locale: Locale, id: string, args?: Record<string, string | number>): string;
  /** The command table, for adapters that derive their menus from it (Discord slash commands). */
  readonly commands: readonly CommandSpec[];
  /** The Telegram-style command menu in one language, from the table. */
  commandMenu(locale: Locale): Array<{ command: string; description: string }>;
  /** What the transit source's stop and route identifiers look like. */
  readonly identifiers: IdentifierGrammar;
}
