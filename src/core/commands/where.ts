import { formatWhere, findTrip } from '../format/vehicle.js';
import { messageReply } from '../format/text.js';
import { routeProblemMessage } from '../format/failure-message.js';
import { nextButton } from '../format/buttons.js';
import { transitFailure } from '../handler-context.js';
import { isRouteMistake, withRoutesHere } from '../routes-here.js';
import type { CommandModule } from './spec.js';
import { tripKey } from '../format/vehicle.js';
import { formatTripChange, tripChangeOf, type TripChange } from '../format/trip-change.js';
import { nextAfter } from '../format/next-trip.js';
import type { StopArrivals } from '../../domain/arrivals.js';
import { sameRouteName } from '../../domain/route-names.js';

/**
 * /where <stop> <route> [trip]: where the next bus of a route (or the trip a 📍 button names, by
 * its start "HHMM") is, with its facts and a map link. The Refresh under it asks again.
 */
export const where: CommandModule = {
  spec: {
    name: 'where',
    args: [
      { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
      { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
      { name: 'trip', kind: 'trip-start', required: false, labelId: 'arg-trip', textOnly: true },
    ],
    helpId: 'command-where',
    descriptionId: 'command-where.description',
    example: '/where {stop} {route}',
    asksTransit: true,
  },
  async run(options, ctx) {
    const stopNo = options.stop!;
    const routeNo = options.route!;
    try {
      const arrivals = await ctx.transit.nextTrips(stopNo, routeNo);
      // A route the source refused here is said so, with what does stop here: not "no trips".
      const refused = arrivals.routes.find((r) => r.problem?.kind === 'unknown-route' || r.problem?.kind === 'route-not-at-stop');
      if (refused?.problem !== undefined && arrivals.routes.every((r) => r.problem !== undefined)) {
        const { id, args } = routeProblemMessage(refused.problem, { routeNo: refused.routeNo, stopNo: arrivals.stopNo });
        return withRoutesHere(messageReply('failure', ctx.say(id, args)), arrivals.stopNo, 'where', ctx);
      }
      // The trip a 📍 follows that will not come as it was: said so, and the pin ends with that word.
      const changed = options.trip !== undefined ? changedTrip(arrivals, routeNo, options.trip) : undefined;
      if (changed !== undefined) {
        const reply = formatTripChange(changed, { now: ctx.now, say: ctx.say });
        return { ...reply, trackingOver: true, trackingOverWhy: changed.kind };
      }
      const found = findTrip(arrivals, routeNo, options.trip);
      if (found === undefined) {
        const id = options.trip !== undefined ? 'where-trip-gone' : 'where-no-trips';
        const reply = messageReply('answer', ctx.say(id, { routeNo, stopNo: arrivals.stopNo }));
        return { ...reply, trackingOver: true, buttons: [[nextButton(ctx.say('button-arrivals'), arrivals.stopNo, routeNo)]] };
      }
      return formatWhere(arrivals, found.route, found.trip, { now: ctx.now, say: ctx.say });
    } catch (err) {
      const failure = transitFailure(err, { stopNo, routeNo }, ctx);
      return isRouteMistake(err) ? withRoutesHere(failure, stopNo, 'where', ctx) : failure;
    }
  },
};

/** The trip of that start, when it is cancelled, vanished or skipping the stop, with the route's next one. */
export function changedTrip(arrivals: StopArrivals, routeNo: string, key: string): TripChange | undefined {
  for (const route of arrivals.routes.filter((r) => r.problem === undefined && sameRouteName(routeNo, r.routeNo))) {
    const trip = route.trips.find((t) => tripKey(t) === key);
    const kind = trip === undefined ? undefined : tripChangeOf(trip);
    if (trip === undefined || kind === undefined) continue;
    const next = nextAfter(trip, route.trips);
    return { kind, arrivals, routeNo: route.routeNo, trip, ...(next !== undefined ? { next } : {}) };
  }
  return undefined;
}
