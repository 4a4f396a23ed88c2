import { formatArrivals } from '../format.js';
import type { Reply } from '../reply.js';
import { transitFailure, type HandlerContext } from './context.js';

/** /next <stop> [route], a bare "3017 95", and the Refresh and route buttons. */
export async function handleNext(request: { stopNo: string; routeNo?: string }, ctx: HandlerContext): Promise<Reply> {
  const { stopNo, routeNo } = request;
  try {
    const arrivals = routeNo === undefined ? await ctx.transit.nextTripsAllRoutes(stopNo) : await ctx.transit.nextTrips(stopNo, routeNo);
    return formatArrivals(arrivals, { now: ctx.now, say: ctx.say, ...(routeNo !== undefined ? { routeNo } : {}) });
  } catch (err) {
    return transitFailure(err, { stopNo, ...(routeNo !== undefined ? { routeNo } : {}) }, ctx);
  }
}
