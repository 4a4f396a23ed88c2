import type { Reply } from '../domain/reply.js';
import { isTransitError } from '../domain/transit-error.js';
import { nextButton } from './format/buttons.js';
import type { HandlerContext } from './handler-context.js';

// A route that does not exist, or does not stop here, is a dead end unless the answer says what
// does: the routes at the stop, each a button that asks the same command again with it.

/** Whether a failure is about the route asked (not the stop, not the service). */
export function isRouteMistake(err: unknown): boolean {
  return isTransitError(err) && (err.kind === 'unknown-route' || err.kind === 'route-not-at-stop');
}

/** The reply with the routes serving the stop under it; as it was when the source cannot list them. */
export async function withRoutesHere(reply: Reply, stopNo: string, command: 'next' | 'where', ctx: HandlerContext): Promise<Reply> {
  let routeNos: string[];
  try {
    const summary = await ctx.transit.routeSummary(stopNo);
    routeNos = [...new Set(summary.routes.filter((r) => r.problem === undefined).map((r) => r.routeNo))];
    stopNo = summary.stopNo;
  } catch (err) {
    ctx.logger?.debug({ err, stopNo }, 'routes at the stop not listed under a route refused');
    return reply;
  }
  if (routeNos.length === 0) return reply;
  const buttons = routeNos.map((routeNo) =>
    command === 'next'
      ? nextButton(ctx.say('button-route', { routeNo }), stopNo, routeNo)
      : {
          label: ctx.say('button-route', { routeNo }),
          command: { name: 'where' as const, options: { stop: stopNo, route: routeNo } },
          effect: 'reply' as const,
        },
  );
  return {
    ...reply,
    blocks: [...reply.blocks, { lines: [ctx.say('routes-here-line', { stopNo, routes: routeNos.join(', ') })] }],
    buttons: [...(reply.buttons ?? []), buttons],
  };
}
