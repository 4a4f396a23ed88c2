// The arrivals model every part of the bot shares (see DESIGN.md). Whatever a source reads (the
// v1.2 API's XML or JSON, a GTFS schedule merged with trip updates), it answers in exactly these
// shapes. Read-only: sources hand out frozen answers, shared by every caller and their caches.
import type { TransitErrorKind } from './transit-error.js';
import type { VehicleMode } from './vehicle-mode.js';
import type { VehiclePosition } from './vehicle-position.js';

export interface StopArrivals {
  /** The stop as the source's grammar writes it ("0867", "70021"). */
  readonly stopNo: string;
  readonly stopName: string;
  /** The stop's name in other languages, when the feed gives them (GTFS translations.txt): language -> name. */
  readonly translatedNames?: Readonly<Record<string, string>>;
  /** When the upstream processed the question, when it said. */
  readonly requestedAt?: Date;
  readonly routes: readonly RouteArrivals[];
  /** IANA zone of the stop's agency: riders read every time on its clock. */
  readonly timeZone: string;
  /** The live feed could not be had: every trip is from the schedule (live false). */
  readonly liveUnavailable?: boolean;
  /** The live feed answers, but with old data: ignored, every trip is from the schedule. */
  readonly staleFeed?: boolean;
  /** How old the stale feed's data is, whole minutes, when known: riders are told. */
  readonly feedAgeMinutes?: number;
  /** Other agencies that may have a stop of this code but could not say (several feeds): the rider may mean theirs. */
  readonly unconfirmed?: readonly UnconfirmedStop[];
  /**
   * The network's feeds give no vehicle positions at all (a GTFS source without VehiclePositions):
   * a trip without a fix is then no tracker's silence, and /where says so.
   */
  readonly noVehiclePositions?: boolean;
}

/** An agency that may also have the stop code asked, but could not be asked (no schedule, loading, down). */
export interface UnconfirmedStop {
  /** The agency as riders know it. */
  readonly agency: string;
  /** The code as the rider typed it. */
  readonly code: string;
  /** Why it could not say: its schedule loading or missing, or it did not answer. */
  readonly why: TransitErrorKind;
}

export interface RouteArrivals {
  /** "95", "R2": always a string. */
  readonly routeNo: string;
  /** 0 | 1 when given (DirectionID or DirectionId). */
  readonly directionId?: number;
  /** "Eastbound"; may be "". */
  readonly direction: string;
  /** RouteHeading or RouteLabel. */
  readonly heading: string;
  /** The vehicle the route runs (GTFS route_type), when the source says: riders read "last train" on Caltrain. */
  readonly mode?: VehicleMode;
  /** The source refused this route here (it does not exist, it does not stop here, ...). */
  readonly problem?: RouteProblem;
  /** At most 3; empty for a route summary. */
  readonly trips: readonly Trip[];
}

export interface Trip {
  readonly destination: string;
  /** "HH:MM" as given; may exceed 24:00 ("26:30"). */
  readonly startTime: string;
  /** AdjustedScheduleTime. */
  readonly minutesAway: number;
  /** What the time rests on: riders are told how far to trust it. */
  readonly trust: TripTrust;
  /** AdjustmentAge when the time is the feed's (GTFS: the age of the trip update's measure). */
  readonly gpsAgeMinutes?: number;
  /**
   * Seconds behind the schedule at this stop (negative: ahead of it), when both the scheduled and
   * the predicted time are known; never on v1.2, whose answers carry no schedule.
   */
  readonly delaySeconds?: number;
  /** LastTripOfSchedule; an empty element means false. */
  readonly lastTrip: boolean;
  readonly bus: BusType;
  /** The vehicle's last fix, when the source has one (v1.2: only when live; GTFS: a VehiclePosition joined by trip). */
  readonly position?: VehiclePosition;
  /** Wheelchair boarding on this trip: true or false when the source says, absent when it does not (see tripWheelchair). */
  readonly wheelchair?: boolean;
  /** The trip will not run (a live cancellation); minutesAway is its scheduled time. */
  readonly cancelled?: boolean;
  /** The trip runs but passes this stop by (a SKIPPED stop, a detour); minutesAway is its scheduled time. */
  readonly skipped?: boolean;
  /**
   * The trip dropped out of the live feed at this time, a few minutes before it was due here, its
   * vehicle not seen passing the stop: kept for its last predicted time (minutesAway), said
   * untracked; it may never come.
   */
  readonly vanishedAt?: Date;
  /** The instant itself (predicted when live, else scheduled), when the source knows it to the second. */
  readonly at?: Date;
  /**
   * The trip runs every so many minutes and only that is promised (GTFS frequencies.txt,
   * exact_times=0): minutesAway is a nominal run's, and riders are told the headway instead.
   */
  readonly headwayMinutes?: number;
}

/**
 * What a trip's time rests on, most to least to be relied on: its vehicle seen (a fresh position,
 * v1.2's GPS-adjusted time with a fresh fix), the feed's prediction with no vehicle seen (none, or
 * an old fix), our own estimate from its vehicle's fresh position where the feed predicts nothing
 * (the delay where the vehicle is, carried on to the stop), or the schedule alone (a cancelled or
 * skipping trip's time is its schedule's).
 */
export type TripTrust = 'tracked' | 'predicted' | 'estimated' | 'scheduled';

export interface BusType {
  readonly raw: string;
  readonly length?: 40 | 60 | '40or60';
  readonly doubleDecker: boolean;
  readonly lowFloor: boolean;
  readonly bikeRack: boolean;
  readonly hybrid: boolean;
}

/** Why a route of an answer has no trips to show: a kind, and the upstream's own code for logs. */
export interface RouteProblem {
  readonly kind: TransitErrorKind;
  readonly code?: number;
}

/** A trip whose vehicle the source does not describe (a GTFS schedule has no bus types). */
export const UNKNOWN_BUS: BusType = Object.freeze({ raw: '', doubleDecker: false, lowFloor: false, bikeRack: false, hybrid: false });

/** The time comes from the live feeds (tracked, predicted, or estimated from a vehicle's position), not from the schedule alone. */
export function fromFeed(trip: Pick<Trip, 'trust'>): boolean {
  return trip.trust !== 'scheduled';
}

/** Whether a rider at the stop can board it: neither cancelled nor passing the stop by. */
export function stopsHere(trip: Pick<Trip, 'cancelled' | 'skipped'>): boolean {
  return trip.cancelled !== true && trip.skipped !== true;
}

/** Whether the trip takes wheelchairs: what the source says, else a low-floor bus (v1.2's bus types) says yes; unknown otherwise. */
export function tripWheelchair(trip: Pick<Trip, 'wheelchair' | 'bus'>): boolean | undefined {
  return trip.wheelchair ?? (trip.bus.lowFloor ? true : undefined);
}
