import type { StopArrivals } from '../../domain/arrivals.js';
import type { Reply } from '../../domain/reply.js';
import { routeButtons } from './buttons.js';
import { headingWithoutRoute, stopName } from './names.js';
import { compareRoutes, moreRoutesLine } from './route-order.js';
import { MAX_NAME_CHARS, shorten, type Say } from './text.js';
import { unconfirmedLines } from './unconfirmed.js';

// One short line per route and direction: 16 of them stay well under Discord's 2000 characters.
const MAX_SUMMARY_LINES = 16;
const MAX_SUMMARY_HEADING_CHARS = 30;
const MAX_ROUTE_BUTTONS = 8;

/** /routes: the routes and directions serving a stop. */
export function formatRouteSummary(summary: StopArrivals, say: Say): Reply {
  const all = [...summary.routes].sort(compareRoutes);
  const routes = all.slice(0, MAX_SUMMARY_LINES);
  const lines = routes.map((route) => {
    const heading = shorten(headingWithoutRoute(route.heading || route.trips[0]?.destination || '', route.routeNo), MAX_SUMMARY_HEADING_CHARS);
    // In the chat's words already (localized-source.ts).
    const direction = shorten(route.direction, MAX_SUMMARY_HEADING_CHARS);
    return direction !== '' && direction.toLowerCase() !== heading.toLowerCase()
      ? say('routes-line-direction', { routeNo: route.routeNo, heading, direction }).trim()
      : say('routes-line', { routeNo: route.routeNo, heading }).trim();
  });
  const routeNos = [...new Set(routes.map((r) => r.routeNo))];
  const more = moreRoutesLine(all, routes.length, summary.stopNo, say);
  if (more !== undefined) lines.push(more);
  return {
    title: say('routes-title', { stopName: stopName(summary.stopName, summary.stopNo, MAX_NAME_CHARS) || summary.stopNo, stopNo: summary.stopNo }),
    blocks: [
      ...unconfirmedBlock(unconfirmedLines(summary.unconfirmed, summary.stopNo, say)),
      { lines: lines.length > 0 ? lines : [say('routes-none')] },
    ],
    buttons: routeNos.length > 0 ? [routeButtons(summary.stopNo, routeNos.slice(0, MAX_ROUTE_BUTTONS), say)] : [],
    kind: 'answer',
  };
}

function unconfirmedBlock(lines: string[]) {
  return lines.length > 0 ? [{ lines }] : [];
}
