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
