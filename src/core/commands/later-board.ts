import type { Reply } from '../../domain/reply.js';
import { formatLaterBoard } from '../format/later-board.js';
import { messageReply } from '../format/text.js';
import { transitFailure, type HandlerContext } from '../handler-context.js';
import { isRouteMistake, withRoutesHere } from '../routes-here.js';
import { readLater } from './later-words.js';
import type { Options } from './spec.js';

/**
 * /next with a later time ("3017 95 tomorrow", "at 07:00", "sunday", "first", "last"): the
 * schedule's trips then, through the source's laterTrips. A source that knows only the next trips
 * (the v1.2 API) is said plainly to be unable to answer, in the rider's language.
 */
export async function laterBoard(options: Options, ctx: HandlerContext): Promise<Reply> {
  const stopNo = options.stop!;
  const routeNo = options.route;
  const query = readLater(options.when!.split(' '), ctx.words);
  if (!query.ok) return messageReply('usage-error', ctx.say(query.usage.id, query.usage.args));
  if (ctx.transit.laterTrips === undefined) return unable(ctx);
  try {
    const later = await ctx.transit.laterTrips(stopNo, routeNo, query.value);
    if (later === undefined) return unable(ctx);
    return formatLaterBoard(later, { say: ctx.say, locale: ctx.locale, ...(routeNo !== undefined ? { routeNo } : {}) });
  } catch (err) {
    const failure = transitFailure(err, { stopNo, ...(routeNo !== undefined ? { routeNo } : {}) }, ctx);
    return isRouteMistake(err) ? withRoutesHere(failure, stopNo, 'next', ctx) : failure;
  }
}

function unable(ctx: HandlerContext): Reply {
  return messageReply('failure', ctx.say('later-unsupported'));
}
