// Which way a near alert watches: the direction typed or pressed, matched among the route's
// directions at the stop; with none given where the route goes two ways, the rider is asked, one
// button per direction, each running the same request with its direction (a digit: a button's
// data is short, Telegram's 64 bytes, Discord's 100 characters).
import { typedWithWay } from '../format/buttons.js';
import type { NearDirection } from '../../domain/alert-kinds/index.js';
import type { RouteArrivals } from '../../domain/arrivals.js';
import type { Reply, ReplyButton } from '../../domain/reply.js';
import { sameRouteName } from '../../domain/route-names.js';
import type { CommandRequest } from '../command-request.js';
import { messageReply } from '../format/text.js';
import type { HandlerContext } from '../handler-context.js';
import { directionsAt, directionValue, pickDirection } from '../route-directions.js';
import { clip } from './read-options.js';

export type DirectionChoice = { ok: true; direction: NearDirection | undefined } | { ok: false; reply: Reply };

/**
 * `routes`: the stop's routes as its summary lists them; undefined when the source could not say
 * (a flaky source is no reason to refuse an alert: what was typed is kept, matched at each push).
 * `asWords`: the request's other options as the command's words, for the example to type.
 */
export function chooseDirection(
  request: CommandRequest,
  stopNo: string,
  routeNo: string,
  routes: readonly RouteArrivals[] | undefined,
  ctx: HandlerContext,
  asWords: (options: CommandRequest['options']) => string[],
): DirectionChoice {
  const typed = request.options.direction;
  if (routes === undefined) {
    if (typed === undefined) return { ok: true, direction: undefined };
    return { ok: true, direction: /^[01]$/.test(typed) ? { id: Number(typed), name: '' } : { name: typed } };
  }
  const choices = directionsAt(routes, routeNo);
  if (typed !== undefined) {
    if (choices.length === 0) return { ok: true, direction: { name: typed } };
    const ours = routes.filter((r) => r.problem === undefined && sameRouteName(routeNo, r.routeNo));
    const picked = pickDirection(choices, typed, ctx.words, ours);
    if (picked !== undefined) return { ok: true, direction: picked };
    return { ok: false, reply: ask('near-direction-unknown', { typed: clip(typed) }) };
  }
  if (choices.length <= 1) return { ok: true, direction: choices[0] };
  return { ok: false, reply: ask('near-direction-choose', {}) };

  function ask(id: string, args: Record<string, string>): Reply {
    const { direction: _typed, ...without } = request.options;
    const example = [`/${request.name}`, ...asWords(without), ctx.say('button-direction', { towards: choices[0]!.name })].join(' ');
    const buttons: ReplyButton[] = choices.map((choice) => ({
      label: ctx.say('button-direction', { towards: choice.name }),
      command: { name: request.name, options: { ...without, direction: directionValue(choices, choice) } },
      effect: 'reply',
      typed: typedWithWay(request.name, asWords(without), choice.name, ctx.say),
    }));
    return { ...messageReply('answer', ctx.say(id, { ...args, routeNo, stopNo, example })), buttons: [buttons] };
  }
}
