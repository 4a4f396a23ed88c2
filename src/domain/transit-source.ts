import type { AccuracyTotals, ReliabilityQuery, ReliabilityReading } from './accuracy.js';
import type { StopArrivals, UnconfirmedStop } from './arrivals.js';
import type { DisruptionQuery, DisruptionReading } from './disruption.js';
import type { WatchedPlace, WatchReading } from './disruption-watch.js';
import type { IdentifierGrammar } from './identifiers.js';
import type { VehicleMode } from './vehicle-mode.js';
import type { RouteLine } from './route-line.js';
import type { RouteMap, RouteMapQuery } from './route-map.js';
import type { LaterQuery, LaterTrips } from './later-trips.js';

/** A stop as a source knows it: what /stop shows besides the routes. */
export interface StopDetails {
  readonly stopNo: string;
  /** As riders know the stop (a station's name rather than one platform's). */
  readonly name: string;
  /** The name in other languages, when the source has them: language -> name. */
  readonly translatedNames?: Readonly<Record<string, string>>;
  /** One platform's place, when the source knows it. */
  readonly position?: { readonly lat: number; readonly lon: number };
  /** Other agencies that may have a stop of this code but could not say (several feeds). */
  readonly unconfirmed?: readonly UnconfirmedStop[];
}

/**
 * What a source says of itself, for the words the bot uses: whose buses, on which clock, and
 * what a stop and a route look like there. A GTFS source learns it from its schedule, so it may
 * change with an import (and lack the agencies until the first one).
 */
export interface SourceProfile {
  /** Agency names as riders know them ("OC Transpo", "Caltrain"); empty until known. */
  readonly agencies: readonly string[];
  /** IANA zone of the agency's clock; undefined until known. */
  readonly timeZone?: string;
  /**
   * A stop and a route riders of this agency would recognise, and a word of a stop's name, for
   * help and usage messages.
   */
  readonly examples: { readonly stop: string; readonly route: string; readonly name?: string };
  /**
   * The examples only show the shape of a stop and a route (the schedule is not read yet): usage
   * errors may show them, /help never offers them as stops to try.
   */
  readonly placeholderExamples?: boolean;
  /** How many digits every stop code has, when they all have the same number (OC Transpo: 4). */
  readonly stopDigits?: number;
  /** The vehicle every route runs (buses only; Caltrain's trains only), or "any" when they differ or none is known. */
  readonly vehicles: VehicleMode | 'any';
  /** What the data's licences ask to be shown wherever they are (one line each). */
  readonly attributions?: readonly string[];
}

/** How a feed is doing, for operators (/healthz, /metrics): riders read it in each answer instead. */
export interface FeedStatus {
  /** The feed's id, when a bot serves several. */
  readonly feed?: string;
  /** The agency as riders know it, when a bot serves several. */
  readonly name?: string;
  /**
   * Its schedule is in use, a first import is under way, or none could be had (refused, or not
   * downloaded) and none is in use: riders get no times from it until the operator acts.
   */
  readonly schedule: 'ready' | 'loading' | 'failed';
  /** Why its last schedule refresh failed (safe to show; with `ready`, the earlier import still answers). */
  readonly scheduleProblem?: { readonly kind: 'refused' | 'unavailable'; readonly message: string; readonly at: string };
  /** Its realtime feed answers, fails, or there is none. */
  readonly realtime: 'ok' | 'failing' | 'none';
  /**
   * Why its realtime feeds fail (safe to show): refused (its key or signature, which the operator
   * mends) or unavailable (the network, the publisher); riders meanwhile get the schedule, marked.
   */
  readonly realtimeProblem?: { readonly kind: 'refused' | 'unavailable'; readonly message: string; readonly at: string };
  /** Trips whose realtime updates named other stops than the schedule since start: placed again by stop_id, or shown as scheduled. */
  readonly stopMismatches?: { readonly 'matched-by-stop-id': number; readonly 'prediction-dropped': number };
  /** Its predictions scored and trips cancelled or vanished, as this instance recorded them since start (domain/accuracy.ts). */
  readonly accuracy?: AccuracyTotals;
}

/**
 * What the rest of the bot needs from a transit data source: the v1.2 client and the GTFS source
 * implement it, and the core knows no other. Every method rejects only with a TransitError (its
 * kind in a rider's words). Answers are frozen and shared by every caller (and the caches): read
 * them, copy what you need to change.
 */
export interface TransitSource {
  /** What this source's stop and route identifiers look like; the methods refuse anything else. */
  readonly identifiers: IdentifierGrammar;
  profile(): SourceProfile;
  /** Routes and directions serving a stop; every route has empty `trips`. */
  routeSummary(stopNo: string): Promise<StopArrivals>;
  nextTrips(stopNo: string, routeNo: string): Promise<StopArrivals>;
  nextTripsAllRoutes(stopNo: string): Promise<StopArrivals>;
  stopDetails(stopNo: string): Promise<StopDetails>;
  /** How each of its feeds is doing; absent: a source with nothing to report (always ready). */
  status?(): readonly FeedStatus[];
  /**
   * Polls its realtime feeds if due, so that what watches them over time (trips vanishing,
   * accuracy, trips changing under waiting riders) sees every snapshot whether riders ask or not;
   * never rejects. Absent: no realtime feed to follow.
   */
  refreshRealtime?(): Promise<void>;
  /**
   * How its predictions of a route (at a stop) came out over the last days, measured by the bot
   * itself (domain/accuracy.ts); absent: a source that keeps no such figures. Rejects only with a
   * TransitError about the question (unknown stop or route, route not at the stop).
   */
  reliability?(query: ReliabilityQuery): Promise<ReliabilityReading>;
  /**
   * The routes, as riders name them, with a trip the live feed now says is cancelled or skips a
   * stop, or that vanished from it: the trip-change pushes ask only the stops waited at on them.
   * Never rejects; undefined: it cannot tell (every waited-at stop is asked). Absent: the source
   * never says a trip changed (v1.2).
   */
  changedRoutes?(): Promise<ReadonlySet<string> | undefined>;
  /**
   * The disruptions active now at a stop (of one route there), of a route, or all of them
   * (domain/disruption.ts); absent: the source publishes none. Rejects only with a TransitError
   * about the question (unknown stop or route); a feed that cannot be read is `unavailable`.
   */
  disruptions?(query: DisruptionQuery): Promise<DisruptionReading>;
  /**
   * A route drawn as a line (domain/route-line.ts): its stops in order per direction, the vehicles
   * on it, each with its minutes to `stopNo` when one is given. Absent, or undefined from several
   * feeds: the source (the stop's feed) cannot place its buses along a route (v1.2 gives no
   * route's stops). Rejects only with a TransitError.
   */
  routeLine?(routeNo: string, stopNo?: string): Promise<RouteLine | undefined>;
  /** The active disruptions with the watched places each touches (domain/disruption-watch.ts); present wherever `disruptions` is. */
  watching?(places: ReadonlyMap<string, WatchedPlace>): Promise<WatchReading>;
  /**
   * A route as the live map draws it: each direction's line and stops, and the vehicles running it
   * now (domain/route-map.ts). Absent: the source knows no route geometry (the v1.2 API). Rejects
   * only with a TransitError (unknown route, unknown stop, loading).
   */
  routeMap?(query: RouteMapQuery): Promise<RouteMap>;
  /**
   * A stop's trips at a later time, from the schedule (domain/later-trips.ts): a day, a time, the
   * first or last trips, on the agency's clock; one route's, or every route's when `routeNo` is
   * undefined. Absent, or undefined from several feeds (the stop's feed): the source cannot answer
   * for a later time (the v1.2 API only knows the next trips). Rejects only with a TransitError.
   */
  laterTrips?(stopNo: string, routeNo: string | undefined, query: LaterQuery): Promise<LaterTrips | undefined>;
}
