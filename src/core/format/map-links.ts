import type { StopArrivals } from '../../domain/arrivals.js';
import type { ReplyLink } from '../../domain/reply.js';
import type { HandlerContext } from '../handler-context.js';

// The live map one tap away under arrivals: the route asked for, or each route shown (a few at
// most), with the rider's stop marked. Opened inside a private Telegram chat (a Mini App, which
// may show the rider's saved stops); a link anywhere else.

const MAX_MAP_LINKS = 3;

export function mapLinks(arrivals: StopArrivals, routeNo: string | undefined, ctx: Pick<HandlerContext, 'mapAddress' | 'say' | 'chat'>): ReplyLink[] {
  const address = ctx.mapAddress;
  if (address === undefined) return [];
  const served = [...new Set(arrivals.routes.filter((r) => r.problem === undefined).map((r) => r.routeNo))];
  const routes = routeNo !== undefined ? served.slice(0, 1) : served.slice(0, MAX_MAP_LINKS);
  return routes.flatMap((route) => {
    const url = address(route, arrivals.stopNo);
    if (url === undefined) return [];
    const label = routeNo !== undefined ? ctx.say('map-button') : ctx.say('map-button-route', { route });
    return [{ label, url, ...(ctx.chat.chatType === 'private' ? { inChat: true } : {}) }];
  });
}
