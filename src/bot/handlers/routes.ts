import { formatRouteSummary } from '../format-routes.js';
import type { Reply } from '../reply.js';
import { transitFailure, type HandlerContext } from './context.js';

/** /routes <stop>: what serves the stop, each route a button for its next trips. */
export async function handleRoutes(request: { stopNo: string }, ctx: HandlerContext): Promise<Reply> {
  try {
    return formatRouteSummary(await ctx.transit.routeSummary(request.stopNo), ctx.say);
  } catch (err) {
    return transitFailure(err, request, ctx);
  }
}
