// The domain model every part of the bot shares (see DESIGN.md). Whatever the upstream sends
// (XML or JSON, any of its layouts), the parser produces exactly these shapes. Read-only: the
// client hands out deep-frozen answers, shared by every caller and the cache.

export interface StopArrivals {
  /** 4 digits, leading zeros kept ("0867"). */
  readonly stopNo: string;
  readonly stopName: string;
  /** RequestProcessingTime (Ottawa local time) when the upstream gave it. */
  readonly requestedAt?: Date;
  readonly routes: readonly RouteArrivals[];
  /** IANA zone the times belong to (a GTFS source's agency_timezone); absent: Ottawa's. */
  readonly timeZone?: string;
  /** The live feed could not be had: every trip is from the schedule (live false). */
  readonly liveUnavailable?: boolean;
  /** The live feed answers, but with old data: ignored, every trip is from the schedule. */
  readonly staleFeed?: boolean;
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
  /** Route-level API error code (11, 12, ...). */
  readonly error?: number;
  /** At most 3; empty for a route summary. */
  readonly trips: readonly Trip[];
}

export interface Trip {
  readonly destination: string;
  /** "HH:MM" as given; may exceed 24:00 ("26:30"). */
  readonly startTime: string;
  /** AdjustedScheduleTime. */
  readonly minutesAway: number;
  /** AdjustmentAge >= 0: GPS-adjusted; false: schedule only. */
  readonly live: boolean;
  /** AdjustmentAge when live. */
  readonly gpsAgeMinutes?: number;
  /** LastTripOfSchedule; an empty element means false. */
  readonly lastTrip: boolean;
  readonly bus: BusType;
  /** Only when live and the upstream gave coordinates. */
  readonly position?: { readonly lat: number; readonly lon: number; readonly speedKmh?: number };
  /** The trip will not run (a live cancellation); minutesAway is its scheduled time. */
  readonly cancelled?: boolean;
  /** The instant itself (predicted when live, else scheduled), when the source knows it to the second. */
  readonly at?: Date;
}

export interface BusType {
  readonly raw: string;
  readonly length?: 40 | 60 | '40or60';
  readonly doubleDecker: boolean;
  readonly lowFloor: boolean;
  readonly bikeRack: boolean;
  readonly hybrid: boolean;
}

export type ResponseFormat = 'xml' | 'json';
