import type { Reading } from '../command-request.js';
import { formatDisruptions } from '../format/disruptions.js';
import { messageReply } from '../format/text.js';
import { transitFailure } from '../handler-context.js';
import type { ReadContext } from '../read-context.js';
import { stopNameOf, stopProblem, tooManyWords } from './read-options.js';
import { mayManage } from '../may-manage.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import type { HandlerContext } from '../handler-context.js';
import type { Reply } from '../../domain/reply.js';

/**
 * /disruptions [stop] [route], /disruptions route <route>, or alone: every disruption of the agency
 * now. /disruptions off|on: whether new ones touching the chat's stops are pushed to it (in a group,
 * its administrators decide, as for its alerts).
 */
const spec: CommandSpec = {
  name: 'disruptions',
  args: [
    { name: 'stop', kind: 'stop', required: false, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
    { name: 'pushes', kind: 'switch', required: false, labelId: 'arg-pushes' },
  ],
  helpId: 'command-disruptions',
  descriptionId: 'command-disruptions.description',
  example: '/disruptions {stop}',
  asksTransit: true,
  unknownStopNameId: 'disruptions-not-understood',
};

export const disruptions: CommandModule = {
  spec,
  // A route alone is typed back after "route": on its own it could read as a stop.
  optionsToWords: ({ stop, route, pushes }) =>
    stop === undefined && route !== undefined ? ['route', route] : [stop, route, pushes].filter((w): w is string => w !== undefined),

  wordsToOptions(words: string[], ctx: ReadContext): Reading<Options> {
    if (words.length === 0) return { ok: true, value: {} };
    const on = words.length === 1 ? ctx.words.switch(words[0]!) : undefined;
    if (on !== undefined) return { ok: true, value: { pushes: on } };
    if (words.length > 2) return tooManyWords(spec);
    // "route 95", "circuit 95": a route alone, where the same number could be a stop too.
    if (words.length === 2 && ctx.words.is('route', words[0]!)) return { ok: true, value: { route: words[1]! } };
    const [first, second] = words as [string, string | undefined];
    if (second !== undefined) return { ok: true, value: { stop: first, route: second } };
    if (ctx.identifiers.readStop(first).ok) return { ok: true, value: { stop: first } };
    if (ctx.identifiers.readRoute(first).ok) return { ok: true, value: { route: first } };
    // A name the chat saved a stop under ("home") or a stop's name; a word that is neither is said not understood when run.
    const name = stopNameOf(first);
    if (name !== undefined) return { ok: true, value: { stop: name } };
    const reading = ctx.identifiers.readStop(first);
    return reading.ok ? { ok: true, value: { stop: first } } : stopProblem(first, reading.problem);
  },

  asksTransitFor: (options) => options.pushes === undefined,

  async run(options, ctx) {
    if (options.pushes !== undefined) {
      if (!(await mayManage(ctx))) return messageReply('usage-error', ctx.say('subscribe-not-admin'));
      try {
        await ctx.chats.setDisruptionPushes(ctx.chat, options.pushes === 'on' ? 'on' : 'off');
      } catch (err) {
        return storeFailure(err, 'disruptions-pushes-failed', ctx);
      }
      return messageReply('answer', ctx.say(options.pushes === 'on' ? 'disruptions-pushes-on' : 'disruptions-pushes-off'));
    }
    return listDisruptions(options, ctx);
  },
};

/** A page of the disruptions at a stop, on a route, or all: typed, or the first page's ◀ ▶ buttons. */
async function listDisruptions(options: Options, ctx: HandlerContext): Promise<Reply> {
  const stopNo = options.stop;
  const routeNo = options.route;
  const title =
    stopNo !== undefined
      ? ctx.say('disruptions-title-stop', { stopNo, routeNo: routeNo ?? 'none' })
      : routeNo !== undefined
        ? ctx.say('disruptions-title-route', { routeNo })
        : ctx.say('disruptions-title-all');
  if (ctx.transit.disruptions === undefined) return messageReply('answer', ctx.say('disruptions-not-published'), title);
  try {
    const scope = { ...(stopNo !== undefined ? { stop: stopNo } : {}), ...(routeNo !== undefined ? { route: routeNo } : {}) };
    const reading = await ctx.transit.disruptions(scope);
    return formatDisruptions(reading, {
      locale: ctx.locale,
      say: ctx.say,
      title,
      noneId: 'disruptions-none',
      scope,
      ...(options.page !== undefined ? { page: Number(options.page) } : {}),
      ...(ctx.chat.maxReplyChars !== undefined ? { maxReplyChars: ctx.chat.maxReplyChars } : {}),
    });
  } catch (err) {
    return transitFailure(err, { ...(stopNo !== undefined ? { stopNo } : {}), ...(routeNo !== undefined ? { routeNo } : {}) }, ctx);
  }
}

/**
 * The ◀ ▶ buttons under a list of disruptions: another page of the same list, redrawn in place.
 * The page comes first, so that a network-wide list's button carries it alone.
 */
export const disruptionsPage: CommandModule = {
  spec: {
    name: 'disruptionspage',
    args: [
      { name: 'page', kind: 'page', required: true, labelId: 'arg-page' },
      { name: 'stop', kind: 'stop', required: false, labelId: 'arg-stop' },
      { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
    ],
    helpId: 'command-disruptionspage',
    descriptionId: 'command-disruptionspage.description',
    example: '/disruptionspage 2',
    asksTransit: true,
    hidden: true,
    buttonsOnly: true,
  },
  run: (options, ctx) => listDisruptions(options, ctx),
};
