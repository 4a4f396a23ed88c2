import type { Fetched } from '../../core/index.js';
import type { TransitSource } from '../../domain/transit-source.js';
import { mapLimit } from '../../util/map-limit.js';

/** Upstream requests a tick keeps in flight: enough to fetch 500 stops in seconds, few enough to be polite. */
const CONCURRENT_FETCHES = 16;

/**
 * Every route's arrivals at each distinct stop, asked once per tick however many subscribers
 * share the stop. A failure is kept as such: those subscribers get "unavailable right now".
 */
export async function fetchStops(transit: TransitSource, stops: Iterable<string>): Promise<Map<string, Fetched>> {
  const distinct = [...new Set(stops)];
  const fetched = await mapLimit(distinct, CONCURRENT_FETCHES, async (stopNo): Promise<Fetched> => {
    try {
      return { arrivals: await transit.nextTripsAllRoutes(stopNo) };
    } catch (failure) {
      return { failure };
    }
  });
  return new Map(distinct.map((stopNo, i) => [stopNo, fetched[i]!]));
}
