import type { RouteArrivals } from '../../domain/arrivals.js';
import type { Say } from './text.js';

/** Numbered routes in numeric order (6 before 95), lettered ones (R2) after; then by direction. */
export function compareRoutes(a: RouteArrivals, b: RouteArrivals): number {
  const numeric = (r: string) => (/^[0-9]+$/.test(r) ? Number(r) : Number.POSITIVE_INFINITY);
  return (
    numeric(a.routeNo) - numeric(b.routeNo) ||
    a.routeNo.localeCompare(b.routeNo, 'en', { numeric: true }) ||
    (a.directionId ?? 0) - (b.directionId ?? 0) ||
    a.direction.localeCompare(b.direction) ||
    0
  );
}

/** Routes with trips to show come first, so routes done for the day never crowd them out of a reply. */
export function compareForArrivals(a: RouteArrivals, b: RouteArrivals): number {
  const idle = (r: RouteArrivals) => (r.problem === undefined && r.trips.length > 0 ? 0 : 1);
  return idle(a) - idle(b) || compareRoutes(a, b);
}

/** "and 32 more routes — ask for one: /next 3017 9": the routes sorted after the first `shown` ones. */
export function moreRoutesLine(sorted: RouteArrivals[], shown: number, stopNo: string, say: Say): string | undefined {
  const shownNos = new Set(sorted.slice(0, shown).map((r) => r.routeNo));
  const hidden = [...new Set(sorted.slice(shown).map((r) => r.routeNo))].filter((r) => !shownNos.has(r));
  return hidden.length > 0 ? say('arrivals-more-routes', { count: hidden.length, stopNo, example: hidden[0]! }) : undefined;
}
