// Where a trip's vehicle is, when a source knows: the last fix of its GPS (v1.2's Latitude,
// Longitude, GPSSpeed and AdjustmentAge; a GTFS-Realtime VehiclePosition) and what the feed says
// with it. Every field but the coordinates may be missing: riders are shown only what is known.

/** GTFS-Realtime's VehicleStopStatus, in words: coming to, stopped at, or on the way to the current stop. */
export type VehicleStopStatus = 'incoming-at' | 'stopped-at' | 'in-transit-to';

/** GTFS-Realtime's OccupancyStatus, riders' part of it; NO_DATA and the like are left out (unknown). */
export type Occupancy = 'empty' | 'many-seats' | 'few-seats' | 'standing-room' | 'crushed-standing' | 'full' | 'not-accepting';

export interface VehiclePosition {
  readonly lat: number;
  readonly lon: number;
  /** Degrees clockwise from true north, 0-359. */
  readonly bearing?: number;
  readonly speedKmh?: number;
  /** When the fix was taken, as the source's clock reads it. */
  readonly fixAt?: Date;
  /** stop_sequence of the stop the status is about (GTFS-Realtime current_stop_sequence). */
  readonly currentStopSequence?: number;
  readonly status?: VehicleStopStatus;
  /** Stops between the vehicle and the rider's stop: 0 at (or coming to) it; absent when not known. */
  readonly stopsAway?: number;
  /** The vehicle is already beyond the rider's stop. */
  readonly passed?: boolean;
  readonly occupancy?: Occupancy;
  /** The number riders read on the vehicle ("1012"), when the feed gives one. */
  readonly label?: string;
}

/** A fix older than this is the past, never "where the bus is now". */
export const POSITION_FRESH_FOR_MS = 3 * 60_000;

/**
 * A fix stamped further ahead of the clock than this is suspect: the tracker's clock is wrong, so
 * the fix's age is unknown (it read as "0 s old" for as long as the feed carried it). Less than
 * this is the clocks' usual disagreement, read as just taken.
 */
export const FIX_AHEAD_TOLERATED_MS = 30_000;

export type PositionReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'suspect'; readonly position: VehiclePosition }
  | { readonly kind: 'old'; readonly position: VehiclePosition; readonly ageMs: number }
  | { readonly kind: 'current'; readonly position: VehiclePosition; readonly ageMs?: number };

/**
 * How a position may be shown at `now`: current (fresh, or of unknown age: a source that gives no
 * time gives only live fixes), old (said as old, never as now), suspect (stamped in the future:
 * its age unknown, never shown as now), or none.
 */
export function readPosition(position: VehiclePosition | undefined, now: Date): PositionReading {
  if (position === undefined) return { kind: 'none' };
  if (position.fixAt === undefined) return { kind: 'current', position };
  const sinceFixMs = now.getTime() - position.fixAt.getTime();
  if (!(sinceFixMs >= -FIX_AHEAD_TOLERATED_MS)) return { kind: 'suspect', position };
  const ageMs = Math.max(0, sinceFixMs);
  return ageMs > POSITION_FRESH_FOR_MS ? { kind: 'old', position, ageMs } : { kind: 'current', position, ageMs };
}

/**
 * A trip's position at `now`. A fix without its own time is as old as the trip's GPS age (v1.2's
 * AdjustmentAge, minutes).
 */
export function tripPosition(trip: { readonly position?: VehiclePosition; readonly gpsAgeMinutes?: number }, now: Date): PositionReading {
  const position = trip.position;
  if (position !== undefined && position.fixAt === undefined && trip.gpsAgeMinutes !== undefined) {
    return readPosition({ ...position, fixAt: new Date(now.getTime() - trip.gpsAgeMinutes * 60_000) }, now);
  }
  return readPosition(position, now);
}

/** An OpenStreetMap page centred on the fix, with a marker. */
export function mapLink(position: Pick<VehiclePosition, 'lat' | 'lon'>): string {
  const lat = position.lat.toFixed(5);
  const lon = position.lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
