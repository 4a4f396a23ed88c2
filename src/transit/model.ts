// The domain model every part of the bot shares (see DESIGN.md). Whatever the upstream sends
// (XML or JSON, any of its layouts), the parser produces exactly these shapes.

export interface StopArrivals {
  /** 4 digits, leading zeros kept ("0867"). */
  stopNo: string;
  stopName: string;
  /** RequestProcessingTime (Ottawa local time) when the upstream gave it. */
  requestedAt?: Date;
  routes: RouteArrivals[];
  /** IANA zone the times belong to (a GTFS source's agency_timezone); absent: Ottawa's. */
  timeZone?: string;
  /** The live feed could not be had: every trip is from the schedule (live false). */
  liveUnavailable?: boolean;
  /** The live feed answers, but with old data: ignored, every trip is from the schedule. */
  staleFeed?: boolean;
}

export interface RouteArrivals {
  /** "95", "R2": always a string. */
  routeNo: string;
  /** 0 | 1 when given (DirectionID or DirectionId). */
  directionId?: number;
  /** "Eastbound"; may be "". */
  direction: string;
  /** RouteHeading or RouteLabel. */
  heading: string;
  /** Route-level API error code (11, 12, ...). */
  error?: number;
  /** At most 3; empty for a route summary. */
  trips: Trip[];
}

export interface Trip {
  destination: string;
  /** "HH:MM" as given; may exceed 24:00 ("26:30"). */
  startTime: string;
  /** AdjustedScheduleTime. */
  minutesAway: number;
  /** AdjustmentAge >= 0: GPS-adjusted; false: schedule only. */
  live: boolean;
  /** AdjustmentAge when live. */
  gpsAgeMinutes?: number;
  /** LastTripOfSchedule; an empty element means false. */
  lastTrip: boolean;
  bus: BusType;
  /** Only when live and the upstream gave coordinates. */
  position?: { lat: number; lon: number; speedKmh?: number };
  /** The trip will not run (a live cancellation); minutesAway is its scheduled time. */
  cancelled?: boolean;
  /** The instant itself (predicted when live, else scheduled), when the source knows it to the second. */
  at?: Date;
}

export interface BusType {
  raw: string;
  length?: 40 | 60 | '40or60';
  doubleDecker: boolean;
  lowFloor: boolean;
  bikeRack: boolean;
  hybrid: boolean;
}

export type ResponseFormat = 'xml' | 'json';
