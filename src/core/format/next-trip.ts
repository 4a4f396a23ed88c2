import { stopsHere, type Trip } from '../../domain/arrivals.js';

// The trip a rider can count on instead of one that will not come: the route's next one shown that
// stops here and is still followed (not vanished), due after it.

/** The next trip after `trip` among `trips` (one route's, in time order) that a rider can board; undefined: none shown. */
export function nextAfter(trip: Trip, trips: readonly Trip[]): Trip | undefined {
  const boardable = trips.filter((other) => other !== trip && stopsHere(other) && other.vanishedAt === undefined);
  return boardable.find((other) => other.minutesAway >= trip.minutesAway);
}
