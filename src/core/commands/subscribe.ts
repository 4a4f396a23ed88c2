import { randomInt } from 'node:crypto';
import type { RouteArrivals, StopArrivals } from '../../domain/arrivals.js';
import type { NearDirection } from '../../domain/alert-kinds/index.js';
import { chooseDirection } from './near-direction.js';
import { TransitError } from '../../domain/transit-error.js';
import { sameRouteName } from '../../domain/route-names.js';
import { MAX_SUBSCRIPTIONS_PER_CHAT, type Subscription } from '../../domain/subscription.js';
import { type AlertTarget } from '../../domain/chat.js';
import { describeSubscription, nextTimeInWords } from '../format/subscription.js';
import { messageReply } from '../format/text.js';
import { isAmbiguousStop, isUnknownStop, storeFailure, transitFailure, type HandlerContext } from '../handler-context.js';
import type { Reply } from '../../domain/reply.js';
import { scheduleFrom } from './schedule-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import { subscribeWordsToOptions } from './subscribe-words.js';
import { subscribeOptionsToWords } from './subscribe-text.js';

const spec: CommandSpec = {
  name: 'subscribe',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop-or-label' },
    { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
    { name: 'time', kind: 'time', required: false, labelId: 'arg-time' },
    { name: 'days', kind: 'days', required: false, labelId: 'arg-days' },
    { name: 'when', kind: 'minutes', required: false, labelId: 'arg-when' },
    { name: 'window', kind: 'window', required: false, labelId: 'arg-window' },
    { name: 'target', kind: 'channel', required: false, labelId: 'arg-channel', textOnly: true },
    // Last: buttons carry the options by position, and those sent before it came must read as they did.
    { name: 'direction', kind: 'way', required: false, labelId: 'arg-way' },
  ],
  helpId: 'command-subscribe',
  descriptionId: 'command-subscribe.description',
  example: '/subscribe {stop} {route} 07:30 weekdays',
  asksTransit: true,
  managesChat: true,
};

/** /subscribe: arrivals pushed to this chat (or a channel) at a time, or when a bus is near. */
export const subscribe: CommandModule = {
  spec,
  wordsToOptions: (words, ctx) => subscribeWordsToOptions(spec, words, ctx.words),
  optionsToWords: subscribeOptionsToWords,
  async run(options, ctx) {
    const schedule = scheduleFrom(options, spec.example);
    if (!schedule.ok) return messageReply('usage-error', ctx.say(schedule.usage.id, schedule.usage.args));
    const near = schedule.value.kind === 'near';
    return addSubscription(
      options,
      () => ({ schedule: schedule.value }),
      ctx,
      near ? { name: 'subscribe', asWords: subscribeOptionsToWords } : undefined,
    );
  },
};

/** A near alert's request, to ask which way it watches: the command and how its options read as words. */
export interface NearRequest {
  name: 'notify' | 'subscribe' | 'leave';
  asWords: (options: Options) => string[];
}

/** What a subscription is, once the zone its times are read in is known. */
type Make = (timeZone: string) => Pick<Subscription, 'schedule'> & Partial<Pick<Subscription, 'oneShot' | 'endsAt'>>;

/**
 * Checks the stop (and the route there), then stores the subscription under a fresh id; shared
 * with the "notify me" button. Its times are read in the chat's zone, else on the stop's agency's clock.
 */
export async function addSubscription(options: Options, make: Make, ctx: HandlerContext, near?: NearRequest): Promise<Reply> {
  const typed = options.stop!;
  const target = await targetOf(options.target, ctx);
  if (!target.ok) return target.reply;
  const checked = await checkStopAndRoute(typed, options.route, ctx);
  if (!checked.ok) return checked.reply;
  // The stop as the source names it: with several feeds, the feed it belongs to.
  const stopNo = checked.stopNo;
  // The route as the source names it ("7" typed, Auckland's "007" stored), so that each push finds it.
  const routeNo = checked.routeNo;
  // A near alert watches one way: the one typed or pressed, the route's one way here, or the rider is asked.
  const way =
    near !== undefined && routeNo !== undefined
      ? chooseDirection({ name: near.name, options }, stopNo, routeNo, checked.routes, ctx, near.asWords)
      : { ok: true as const, direction: undefined };
  if (!way.ok) return way.reply;
  try {
    const timeZone = (await ctx.chats.timeZone(target.value)) ?? checked.timeZone;
    // No zone of the chat's, and the source does not know its clock yet (a first import).
    if (timeZone === undefined) return transitFailure(new TransitError('loading', 'no time zone known yet'), { stopNo }, ctx);
    const made = withDirection(make(timeZone), way.direction);
    for (let attempt = 0; attempt < 3; attempt++) {
      const subscription: Subscription = {
        id: newId(),
        chat: target.value,
        stopNo,
        ...(routeNo !== undefined ? { routeNo } : {}),
        ...made,
        timeZone,
        createdAt: ctx.now.toISOString(),
      };
      const outcome = await ctx.subscriptions.add(subscription, MAX_SUBSCRIPTIONS_PER_CHAT);
      if (outcome === 'full') return messageReply('failure', ctx.say('subscribe-full', { max: MAX_SUBSCRIPTIONS_PER_CHAT }));
      if (outcome === 'added') {
        const what = describeSubscription(subscription, ctx.say);
        return messageReply(
          'answer',
          ctx.say('subscribe-done', { id: subscription.id, what, next: nextTimeInWords(subscription, ctx.now, ctx.say) }),
        );
      }
    }
    return messageReply('failure', ctx.say('subscribe-failed'));
  } catch (err) {
    return storeFailure(err, 'subscribe-failed', ctx);
  }
}

function withDirection(made: ReturnType<Make>, direction: NearDirection | undefined): ReturnType<Make> {
  if (direction === undefined || made.schedule.kind === 'at') return made;
  return { ...made, schedule: { ...made.schedule, direction } };
}

/**
 * A stop that does not exist, or a route that does not call there, is refused now (every day's
 * push would say "no buses"); a flaky source is no reason to refuse an alert.
 */
async function checkStopAndRoute(
  stopNo: string,
  routeNo: string | undefined,
  ctx: HandlerContext,
): Promise<
  | { ok: true; stopNo: string; routeNo: string | undefined; timeZone: string | undefined; routes?: readonly RouteArrivals[] }
  | { ok: false; reply: Reply }
> {
  let summary: StopArrivals;
  try {
    summary = await ctx.transit.routeSummary(stopNo);
  } catch (err) {
    if (isUnknownStop(err) || isAmbiguousStop(err)) return { ok: false, reply: transitFailure(err, { stopNo }, ctx) };
    ctx.logger?.info({ err, stopNo }, 'subscribing without checking the stop');
    return { ok: true, stopNo, routeNo, timeZone: ctx.transit.profile().timeZone };
  }
  if (routeNo === undefined) return { ok: true, stopNo: summary.stopNo, routeNo, timeZone: summary.timeZone };
  const served =
    summary.routes.find((r) => r.problem === undefined && sameRouteName(routeNo, r.routeNo))?.routeNo ?? (await routeNamed(stopNo, routeNo, ctx));
  if (served === undefined)
    return { ok: false, reply: transitFailure(new TransitError('route-not-at-stop', 'route not in the stop summary'), { stopNo, routeNo }, ctx) };
  return { ok: true, stopNo: summary.stopNo, routeNo: served, timeZone: summary.timeZone, routes: summary.routes };
}

/** A route named otherwise than by its number (a long name: "Local"), as the source reads it: its one route here, else none. */
async function routeNamed(stopNo: string, routeNo: string, ctx: HandlerContext): Promise<string | undefined> {
  try {
    const arrivals = await ctx.transit.nextTrips(stopNo, routeNo);
    const named = [...new Set(arrivals.routes.filter((r) => r.problem === undefined).map((r) => r.routeNo))];
    return named.length === 1 ? named[0] : undefined;
  } catch {
    return undefined;
  }
}

/** This chat, or a channel named with @ whose administrator asks from a private chat. */
async function targetOf(name: string | undefined, ctx: HandlerContext): Promise<{ ok: true; value: AlertTarget } | { ok: false; reply: Reply }> {
  const here: AlertTarget = { platform: ctx.chat.platform, chatId: ctx.chat.chatId, chatType: ctx.chat.chatType };
  if (name === undefined) return { ok: true, value: here };
  const refuse = (id: string) => ({ ok: false as const, reply: messageReply('failure', ctx.say(id, { channel: name })) });
  if (ctx.chat.findChannel === undefined) return refuse('subscribe-channel-unsupported');
  const channel = await ctx.chat.findChannel(name);
  if (!channel.found) return refuse('subscribe-channel-unknown');
  if (!channel.userIsAdmin) return refuse('subscribe-channel-not-admin');
  if (!channel.botCanPost) return refuse('subscribe-channel-cannot-post');
  return { ok: true, value: channel.chat };
}

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Four characters riders can type back without confusing l, 1, o and 0. */
function newId(): string {
  return Array.from({ length: 4 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}
