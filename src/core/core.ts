import type { Subscription } from '../domain/subscription.js';
import type { Locale } from '../domain/locale.js';
import type { IdentifierGrammar } from '../domain/identifiers.js';
import type { ChatContext } from './chat-context.js';
import type { CommandRequest, ParsedText } from './command-request.js';
import type { Suggestion } from './commands/index.js';
import type { Fetched } from './format/alert.js';
import type { TripChange } from './format/trip-change.js';
import type { Reply } from '../domain/reply.js';
import type { Disruption } from '../domain/disruption.js';
import type { AlertTarget } from '../domain/chat.js';

export type { Locale };

// The platform-neutral core, one interface per caller: the adapters answer riders through
// RiderAnswers and say their own few words through Speaking; the pushes (alerts, disruptions)
// render through PushRendering. Each caller is handed only its part, so a test fake implements
// only what its caller uses. None of them throws: failures come back as Replies.

/** Answering riders: what the entry pipeline (and the live updater, running a request again) asks. */
export interface RiderAnswers {
  /** Typed text, read once. null: stay silent (bare text in a group, a command for another bot). */
  parse(text: unknown, chat: ChatContext): ParsedText | null;
  /** The answer to parsed text: the command's reply, or the usage error in the chat's language. */
  answer(parsed: ParsedText, chat: ChatContext): Promise<Reply>;
  /** parse + answer. */
  handleText(text: unknown, chat: ChatContext): Promise<Reply | null>;
  /**
   * A structured command: slash options, a pressed button, an inline query, a live message's
   * round. `shown.picture`: the digest of the picture the message shows now (a live round); an
   * answer whose picture is that one comes without its PNG (not rasterised again), its
   * `pictureDigest` saying so.
   */
  run(request: CommandRequest, chat: ChatContext, shown?: { picture?: string }): Promise<Reply>;
  /** Whether running it asks the transit service (adapters rate-limit and defer those). */
  asksTransit(request: CommandRequest): boolean;
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
}

/** Rendering pushes: the messages the scheduler sends to chats that asked for them. */
export interface PushRendering {
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
  /** A trip the chat waits for cancelled, vanished or skipping its stop, and the route's next one, in the chat's language. */
  tripChangeReply(chat: ChatContext, change: TripChange): Promise<Reply>;
}

/** Speaking: the few texts and menus an adapter says itself, in the chat's language and the source's words. */
export interface Speaking {
  /** The chat's language: its /lang choice, else the platform's language code (remembered), else English. */
  localeOf(chat: ChatContext): Promise<Locale>;
  /** A string from the locale files (rate limit, an expired button, the terminal's welcome...). */
  t(locale: Locale, id: string, args?: Record<string, string | number>): string;
  /** The Telegram-style command menu in one language, from the command table. */
  commandMenu(locale: Locale): Array<{ command: string; description: string }>;
  /** What the transit source's stop and route identifiers look like (a button's stop read, a stop shown). */
  readonly identifiers: IdentifierGrammar;
}

/** The whole core, as createBotCore makes it: only main holds it, and hands each caller its part. */
export type BotCore = RiderAnswers & PushRendering & Speaking;
