// A decoded TripUpdates feed in the shapes the arrivals read: plain numbers (seconds), names
// for the relationships, and only what a prediction needs.

export type TripRelationship = 'SCHEDULED' | 'ADDED' | 'UNSCHEDULED' | 'CANCELED' | 'REPLACEMENT' | 'DUPLICATED' | 'DELETED' | 'NEW';
export type StopRelationship = 'SCHEDULED' | 'SKIPPED' | 'NO_DATA' | 'UNSCHEDULED';

export interface StopEvent {
  /** POSIX seconds. */
  time?: number;
  /** Seconds late (negative: early). */
  delay?: number;
}

export interface StopUpdate {
  stopSequence?: number;
  stopId?: string;
  arrival?: StopEvent;
  departure?: StopEvent;
  relationship: StopRelationship;
}

export interface TripPrediction {
  tripId: string;
  routeId?: string;
  directionId?: number;
  /** YYYYMMDD: which day's run of the trip; absent, the run nearest now. */
  startDate?: string;
  /** "HH:MM:SS" as the feed gives it. */
  startTime?: string;
  relationship: TripRelationship;
  /** When the vehicle's progress was measured, POSIX seconds. */
  timestamp?: number;
  /** Trip-wide delay, for stops no update covers. */
  delay?: number;
  /** In stop order (the feed's order, which the specification requires to follow stop_sequence). */
  updates: StopUpdate[];
}

export interface RealtimeFeed {
  /** The header's timestamp, POSIX seconds; 0 when the feed gives none. */
  timestamp: number;
  /** Trips of the schedule (SCHEDULED, CANCELED, ...), by trip_id; a trip may have several runs (dates). */
  byTripId: Map<string, TripPrediction[]>;
  /** ADDED and NEW trips: not in the schedule, shown from the feed alone. */
  added: TripPrediction[];
  entities: number;
}
