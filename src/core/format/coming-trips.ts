import type { NearDirection } from '../../domain/alert-kinds/index.js';
import { stopsHere, type RouteArrivals, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import { sameRouteName } from '../../domain/route-names.js';
import type { Subscription } from '../../domain/subscription.js';
import { goesTowards } from '../route-directions.js';

/** The coming trips of the subscription's route in its direction, soonest first, each with the route it is on. */
export function comingTrips(
  sub: Subscription,
  arrivals: StopArrivals,
  direction: NearDirection | undefined,
): Array<{ trip: Trip; route: RouteArrivals }> {
  return arrivals.routes
    .filter((r) => sub.routeNo !== undefined && sameRouteName(sub.routeNo, r.routeNo) && r.problem === undefined && goesTowards(r, direction))
    .flatMap((route) => route.trips.filter(stopsHere).map((trip) => ({ trip, route })))
    .sort((a, b) => a.trip.minutesAway - b.trip.minutesAway);
}
