import type { Logger } from '../log.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { ChatSettingsRepository, SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { Locale } from '../domain/locale.js';
import type { TransitSource } from '../domain/transit-source.js';
import { isAboutTheQuestion, isTransitError } from '../domain/transit-error.js';
import type { ChatContext } from './chat-context.js';
import type { ReadContext } from './read-context.js';
import { failureMessage } from './format/failure-message.js';
import { messageReply, type Say } from './format/text.js';
import type { Translate } from './i18n.js';
import type { Reply } from '../domain/reply.js';

/** Everything a command may use, passed in: no command imports a client, a store or a clock. */
export interface HandlerContext extends ReadContext {
  chat: ChatContext;
  locale: Locale;
  say: Say;
  /** For the rare reply in another language than the chat's (the answer to /lang). */
  t: Translate;
  /** Read once per request, so every time in one reply agrees. */
  now: Date;
  transit: TransitSource;
  chats: ChatSettingsRepository;
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  stops?: StopIndex;
  logger?: Logger;
}

/** The source's answer that the stop does not exist, as opposed to any trouble reaching it. */
export function isUnknownStop(err: unknown): boolean {
  return isTransitError(err) && err.kind === 'unknown-stop';
}

/** A transit failure as a reply in the rider's language; the details go to the log only. */
export function transitFailure(err: unknown, subject: { stopNo?: string; routeNo?: string }, ctx: HandlerContext): Reply {
  // The source logs the failure itself; an answer such as "no such stop" is the rider's typo.
  ctx.logger?.[isAboutTheQuestion(err) ? 'debug' : 'info']({ err, ...subject }, 'transit failure answered');
  const { id, args } = failureMessage(err, subject);
  return messageReply('failure', ctx.say(id, args));
}

/** A store failure: logged, and the rider told what the bot could not do (never a crash). */
export function storeFailure(err: unknown, messageId: string, ctx: HandlerContext, args?: Record<string, string>): Reply {
  ctx.logger?.warn({ err, platform: ctx.chat.platform }, 'store unavailable');
  return messageReply('failure', ctx.say(messageId, args));
}
