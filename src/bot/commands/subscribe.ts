import { randomInt } from 'node:crypto';
import { MAX_SUBSCRIPTIONS_PER_CHAT, type Subscription } from '../../domain/subscription.js';
import { type AlertTarget } from '../../domain/chat.js';
import { OTTAWA_TIME_ZONE } from '../../domain/time-zone.js';
import { describeSubscription, nextTimeInWords } from '../format/subscription.js';
import { messageReply } from '../format/text.js';
import { isUnknownStop, storeFailure, transitFailure, type HandlerContext } from '../handler-context.js';
import type { Reply } from '../../domain/reply.js';
import { scheduleFrom } from './schedule-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import { subscribeWordsToOptions } from './subscribe-words.js';

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
  ],
  helpId: 'command-subscribe',
  descriptionId: 'command-subscribe.description',
  example: '/subscribe 3017 95 07:30 weekdays',
  asksTransit: true,
  managesChat: true,
};

/** /subscribe: arrivals pushed to this chat (or a channel) at a time, or when a bus is near. */
export const subscribe: CommandModule = {
  spec,
  wordsToOptions: (words) => subscribeWordsToOptions(spec, words),
  async run(options, ctx) {
    const schedule = scheduleFrom(options, spec.example);
    if (!schedule.ok) return messageReply('usage-error', ctx.say(schedule.usage.id, schedule.usage.args));
    return addSubscription(options, { schedule: schedule.value }, ctx);
  },
};

/** Checks the stop, then stores the subscription under a fresh id; shared with the "notify me" button. */
export async function addSubscription(
  options: Options,
  made: Pick<Subscription, 'schedule'> & Partial<Pick<Subscription, 'oneShot' | 'endsAt'>>,
  ctx: HandlerContext,
): Promise<Reply> {
  const stopNo = options.stop!;
  const routeNo = options.route;
  const target = await targetOf(options.target, ctx);
  if (!target.ok) return target.reply;
  try {
    await ctx.transit.routeSummary(stopNo);
  } catch (err) {
    // A stop that does not exist is refused now; a flaky service is no reason to refuse an alert.
    if (isUnknownStop(err)) return transitFailure(err, { stopNo }, ctx);
    ctx.logger?.info({ err, stopNo }, 'subscribing without checking the stop');
  }
  try {
    const timeZone = (await ctx.chats.timeZone(target.value)) ?? OTTAWA_TIME_ZONE;
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
