import type { Occupancy, VehicleStopStatus } from '../../../domain/vehicle-position.js';

// A decoded VehiclePositions feed: one reading per vehicle on a trip, by trip_id, built once per
// poll and shared by every look-up (never changed). Vehicles on no trip (deadheading, in the
// garage) are left out: a rider asks about a trip.

export interface VehicleReading {
  /** The trip it runs, as its TripDescriptor names it. */
  readonly tripId: string;
  /** YYYYMMDD: which day's run; absent, the run nearest now. */
  readonly startDate?: string;
  /** "HH:MM:SS", for a frequency trip's runs. */
  readonly startTime?: string;
  readonly routeId?: string;
  /**
   * Its trip descriptor says ADDED or NEW: a run the schedule does not have, whatever trip_id it
   * reuses; joined to that added trip alone, never to a scheduled call of the same trip_id.
   */
  readonly added?: true;
  readonly lat: number;
  readonly lon: number;
  readonly bearing?: number;
  /** Metres per second, as the feed gives it. */
  readonly speedMs?: number;
  /** POSIX seconds of the fix; absent, the feed's header stands for it. */
  readonly timestamp?: number;
  readonly currentStopSequence?: number;
  readonly stopId?: string;
  /** Only when the feed names a current stop (sequence or id): a status about no stop says nothing. */
  readonly status?: VehicleStopStatus;
  readonly occupancy?: Occupancy;
  readonly vehicleId?: string;
  readonly label?: string;
}

export interface VehicleFeed {
  /** The header's timestamp, POSIX seconds; 0 when the feed gives none. */
  readonly timestamp: number;
  readonly byTripId: ReadonlyMap<string, readonly VehicleReading[]>;
  readonly entities: number;
  readonly vehicles: number;
}
