// A decoded TripUpdates feed in the shapes the arrivals read: plain numbers (seconds), names
// for the relationships, and only what a prediction needs. Built once per poll, then shared by
// every look-up and never changed: hence read-only throughout. The stop updates are kept in
// columns (stop-update-columns.ts) and handed out per trip as objects.

export type TripRelationship = 'SCHEDULED' | 'ADDED' | 'UNSCHEDULED' | 'CANCELED' | 'REPLACEMENT' | 'DUPLICATED' | 'DELETED' | 'NEW';
export type StopRelationship = 'SCHEDULED' | 'SKIPPED' | 'NO_DATA' | 'UNSCHEDULED';

export interface StopEvent {
  /** POSIX seconds. */
  readonly time?: number;
  /** Seconds late (negative: early). */
  readonly delay?: number;
}

export interface StopUpdate {
  readonly stopSequence?: number;
  readonly stopId?: string;
  readonly arrival?: StopEvent;
  readonly departure?: StopEvent;
  readonly relationship: StopRelationship;
}

export interface TripPrediction {
  /** The static trip; for a DUPLICATED trip, the one it copies. */
  readonly tripId: string;
  readonly routeId?: string;
  readonly directionId?: number;
  /** YYYYMMDD: which day's run of the trip; absent, the run nearest now. A DUPLICATED trip's own date. */
  readonly startDate?: string;
  /** "HH:MM:SS" as the feed gives it. A DUPLICATED trip's own start time. */
  readonly startTime?: string;
  readonly relationship: TripRelationship;
  /** When the vehicle's progress was measured, POSIX seconds. */
  readonly timestamp?: number;
  /** Trip-wide delay, for stops no update covers. */
  readonly delay?: number;
  /** Where its stop updates are among the feed's (RealtimeFeed.updatesOf reads them). */
  readonly firstUpdate: number;
  readonly updateCount: number;
}

export interface RealtimeFeed {
  /** The header's timestamp, POSIX seconds; 0 when the feed gives none. */
  readonly timestamp: number;
  /** Trips of the schedule (SCHEDULED, CANCELED, ...), by trip_id; a trip may have several runs (dates). */
  readonly byTripId: ReadonlyMap<string, readonly TripPrediction[]>;
  /** ADDED and NEW trips: not in the schedule, shown from the feed alone. */
  readonly added: readonly TripPrediction[];
  /** The ADDED and NEW trips with an update at one of these stops, in the feed's order. */
  addedAt(stopIds: readonly string[]): TripPrediction[];
  /** DUPLICATED trips: copies of a scheduled trip (tripId) at their own date and start time. */
  readonly duplicated: readonly TripPrediction[];
  readonly entities: number;
  readonly stopUpdates: number;
  /** A trip's stop updates in stop order (the feed's order, which the specification requires to follow stop_sequence). */
  updatesOf(trip: TripPrediction): StopUpdate[];
}
