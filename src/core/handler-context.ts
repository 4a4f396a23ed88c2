import type { Logger } from '../log.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { ChatSettingsRepository, RiderPlacesRepository, SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { RiderReportsRepository } from '../domain/rider-reports.js';
import type { ShownTrips } from './shown-trips.js';
import type { Locale } from '../domain/locale.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { SvgToPng } from '../domain/route-line.js';
import { isAboutTheQuestion, isTransitError } from '../domain/transit-error.js';
import type { ChatContext } from './chat-context.js';
import type { ReadContext } from './read-context.js';
import { failureMessage } from './format/failure-message.js';
import { messageReply, type Say } from './format/text.js';
import type { Translate } from './i18n.js';
import type { CommandRequest } from '../domain/command-request.js';
import type { Reply } from '../domain/reply.js';
import { stopChoiceReply } from './format/stop-choice.js';

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
  /** Riders' reports of buses that did not come; absent (RIDER_REPORTS=off): no 👻 button, and a press is told so. */
  riderReports?: RiderReportsRepository;
  /** What the chat's boards showed, for the 👻 button under the next one (with riderReports). */
  shownTrips?: ShownTrips;
  logger?: Logger;
  /** Where the chat shared its location lately, if it did (choices nearest first). */
  riderPlace?: { lat: number; lon: number };
  /** Turns /line's drawing into a PNG; absent, /line answers with the text strip alone. */
  drawPng?: SvgToPng;
  /** The digest of the picture the message being redrawn shows now (a live round): that picture is not rasterised again. */
  shownPicture?: string;
  /** The request being run, with its options checked (an answer may offer to run it again otherwise). */
  request?: CommandRequest;
  /** A route's live map at a stop, when the bot serves one. */
  mapAddress?: MapAddress;
  /** The places the chat leaves from and its walking pace (/place, /walk, /leave); absent: not kept. */
  places?: RiderPlacesRepository;
}

/** The address of a route's live map with the rider's stop marked; undefined when none is served to riders. */
export type MapAddress = (route: string, stop: string) => string | undefined;

/** The source's answer that the stop does not exist, as opposed to any trouble reaching it. */
export function isUnknownStop(err: unknown): boolean {
  return isTransitError(err) && err.kind === 'unknown-stop';
}

/** Several feeds have the stop: the rider is asked which. */
export function isAmbiguousStop(err: unknown): boolean {
  return isTransitError(err) && err.kind === 'ambiguous-stop';
}

/** A transit failure as a reply in the rider's language; the details go to the log only. */
export function transitFailure(err: unknown, subject: { stopNo?: string; routeNo?: string }, ctx: HandlerContext): Reply {
  // A code several feeds have: the rider picks the agency, and the same request runs again.
  if (isTransitError(err) && err.kind === 'ambiguous-stop' && err.choices !== undefined && ctx.request !== undefined && subject.stopNo !== undefined)
    return stopChoiceReply(subject.stopNo, err.choices, ctx.request, ctx.say, ctx.riderPlace);
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
