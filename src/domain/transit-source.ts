import type { GtfsQuery, GtfsRecord } from '../sources/octranspo-v12/gtfs-tables.js';
import type { IdentifierGrammar } from './identifiers.js';
import type { StopArrivals } from './arrivals.js';

/**
 * What the rest of the bot needs from a transit data source. The v1.2 client implements it;
 * another source (GTFS-Realtime, say) can be added behind the same interface.
 * Every method rejects only with a TransitError. Answers are deep-frozen and shared by every
 * caller (and the cache): read them, copy what you need to change.
 */
export interface TransitClient {
  /** What this source's stop and route identifiers look like; the methods refuse anything else. */
  readonly identifiers: IdentifierGrammar;
  /** Routes and directions serving a stop; every route has empty `trips`. */
  routeSummary(stopNo: string): Promise<StopArrivals>;
  nextTrips(stopNo: string, routeNo: string): Promise<StopArrivals>;
  nextTripsAllRoutes(stopNo: string): Promise<StopArrivals>;
  gtfs(query: GtfsQuery): Promise<readonly Readonly<GtfsRecord>[]>;
}
