// /leave 3017 95 [to Orléans] [from work] [weekdays 17:30-18:30]: "🚶 Leave now for the 95 at
// 17:12 (tracked), 6 min walk", pushed when it is time to walk from one of the chat's places to
// the stop. An alert of its own kind ('leave'), so it is listed by /subs, removed by /unsubscribe
// and sent exactly once as every alert is. Without a window it watches the coming two hours once.
import { isDue, MAX_WALK_SECONDS, type LeaveSchedule } from '../../domain/alert-kinds/index.js';
import { leaveOutlook } from '../format/leave-alert.js';
import { floorMinute, localMinuteAt, MINUTE_MS } from '../../domain/local-minute.js';
import type { Reply, ReplyButton } from '../../domain/reply.js';
import type { RiderPlace } from '../../domain/store-ports.js';
import { walkSeconds } from '../../domain/walking.js';
import { usage, type Reading } from '../command-request.js';
import { messageReply } from '../format/text.js';
import { storeFailure, transitFailure, type HandlerContext } from '../handler-context.js';
import { takeDirection } from './direction-words.js';
import { tooManyWords } from './read-options.js';
import { readDays, readWindow } from './schedule-words.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import { addSubscription } from './subscribe.js';

/** A /leave without a window watches this long for the bus (to the end of the day at the latest). */
const WATCH_MINUTES = 120;

const spec: CommandSpec = {
  name: 'leave',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'from', kind: 'label', required: false, labelId: 'arg-place' },
    { name: 'days', kind: 'days', required: false, labelId: 'arg-days' },
    { name: 'window', kind: 'window', required: false, labelId: 'arg-window' },
    { name: 'direction', kind: 'way', required: false, labelId: 'arg-way' },
  ],
  helpId: 'command-leave',
  descriptionId: 'command-leave.description',
  example: '/leave {stop} {route}',
  asksTransit: true,
  managesChat: true,
};

/** "3017 95 to Orléans from work weekdays 17:30-18:30", in any order after the stop and route. */
function leaveWordsToOptions(words: string[], typed: Parameters<NonNullable<CommandModule['wordsToOptions']>>[1]['words']): Reading<Options> {
  const options: Record<string, string> = {};
  const rest = [...words];
  const fromAt = rest.findIndex((w) => typed.is('from', w));
  if (fromAt !== -1) {
    const name = rest[fromAt + 1];
    if (name === undefined) return usage('leave-place-missing', { example: `${spec.example} from home` });
    options.from = name;
    rest.splice(fromAt, 2);
  }
  const way = takeDirection(rest, typed);
  if (!way.ok) return way;
  if (way.value.direction !== undefined) options.direction = way.value.direction;
  const [stop, route, ...extra] = way.value.rest;
  if (stop === undefined) return usage('usage-stop-missing', { example: spec.example });
  options.stop = stop;
  if (route !== undefined) options.route = route;
  const days: string[] = [];
  for (const word of extra) {
    if (/^[0-9]/.test(word) && options.window === undefined) options.window = word;
    else if (typed.days(word) !== undefined || readDays(word, typed.days).ok) days.push(word);
    else return tooManyWords(spec);
  }
  if (days.length > 0) options.days = days.join(',');
  return { ok: true, value: options };
}

const leaveOptionsToWords = ({ stop, route, from, days, window, direction }: Options): string[] =>
  [stop, route, ...(direction !== undefined ? ['to', direction] : []), ...(from !== undefined ? ['from', from] : []), days, window].filter(
    (w): w is string => w !== undefined,
  );

export const leave: CommandModule = {
  spec,
  wordsToOptions: (words, ctx) => leaveWordsToOptions(words, ctx.words),
  optionsToWords: leaveOptionsToWords,
  async run(options, ctx) {
    if (ctx.places === undefined) return messageReply('failure', ctx.say('place-unavailable'));
    if (options.days !== undefined && options.window === undefined) return messageReply('usage-error', ctx.say('leave-window-missing'));
    let places: RiderPlace[];
    let pace;
    try {
      [places, pace] = await Promise.all([ctx.places.list(ctx.chat), ctx.places.walkPace(ctx.chat)]);
    } catch (err) {
      return storeFailure(err, 'place-failed', ctx);
    }
    const from = pickPlace(places, options, ctx);
    if ('reply' in from) return from.reply;
    let position;
    try {
      position = (await ctx.transit.stopDetails(options.stop!)).position;
    } catch (err) {
      return transitFailure(err, { stopNo: options.stop! }, ctx);
    }
    if (position === undefined) return messageReply('failure', ctx.say('leave-stop-unplaced', { stopNo: options.stop! }));
    const walk = walkSeconds(from.place, position, pace);
    if (walk > MAX_WALK_SECONDS) return messageReply('failure', ctx.say('leave-too-far', { name: from.place.name, stopNo: options.stop! }));
    const window = options.window !== undefined ? readWindow(options.window) : undefined;
    const reply = await addSubscription(
      options,
      (zone) => {
        const base = { kind: 'leave' as const, place: from.place.name, walkSeconds: walk };
        if (window?.ok === true) {
          const days = readDays(options.days ?? 'daily');
          const schedule: LeaveSchedule = { ...base, from: window.from, until: window.until, days: days.ok ? days.days : [] };
          return { schedule };
        }
        const now = localMinuteAt(ctx.now, zone);
        const schedule: LeaveSchedule = { ...base, from: now.minute, until: Math.min(now.minute + WATCH_MINUTES, 1439), days: [now.weekday] };
        // Ends with its window, fired or not.
        const endsAt = new Date(floorMinute(ctx.now) + (schedule.until - schedule.from + 1) * MINUTE_MS).toISOString();
        return { schedule, oneShot: true, endsAt };
      },
      ctx,
      { name: 'leave', asWords: leaveOptionsToWords },
    );
    return reply.kind === 'answer' ? withOutlook(reply, ctx) : reply;
  },
};

/** The confirmation, with the bus watched now and when to leave for it, while its window is open. */
async function withOutlook(reply: Reply, ctx: HandlerContext): Promise<Reply> {
  try {
    const made = (await ctx.subscriptions.list(ctx.chat)).find((s) => s.schedule.kind === 'leave' && s.createdAt === ctx.now.toISOString());
    if (made === undefined || !isDue(made.schedule, localMinuteAt(ctx.now, made.timeZone))) return reply;
    const arrivals = await ctx.transit.nextTripsAllRoutes(made.stopNo);
    const outlook = leaveOutlook(made, arrivals, ctx);
    return outlook === undefined ? reply : { ...reply, blocks: [...reply.blocks, { lines: [outlook] }] };
  } catch {
    // The alert is set; the outlook is a courtesy its first push does not need.
    return reply;
  }
}

/** The place named, or the chat's only one; several and none named: one button each. */
function pickPlace(places: readonly RiderPlace[], options: Options, ctx: HandlerContext): { place: RiderPlace } | { reply: Reply } {
  if (places.length === 0) return { reply: messageReply('answer', ctx.say('leave-no-place', { example: '/place home' })) };
  if (options.from !== undefined) {
    const named = places.find((p) => p.name === options.from);
    if (named !== undefined) return { place: named };
    return { reply: messageReply('failure', ctx.say('leave-place-unknown', { name: options.from, names: places.map((p) => p.name).join(', ') })) };
  }
  if (places.length === 1) return { place: places[0]! };
  const buttons: ReplyButton[] = places.map((p) => ({
    label: ctx.say('button-leave-from', { name: p.name }),
    command: { name: 'leave', options: { ...options, from: p.name } },
    effect: 'reply',
  }));
  return { reply: { ...messageReply('answer', ctx.say('leave-place-which')), buttons: [buttons] } };
}
