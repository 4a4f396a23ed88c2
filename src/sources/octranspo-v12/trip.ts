import { decodeBusType } from './bus-type.js';
import { excerpt, parseFailure } from './fail.js';
import type { Trip, TripTrust } from '../../domain/arrivals.js';
import { POSITION_FRESH_FOR_MS } from '../../domain/vehicle-position.js';
import { child, childOf, entries, number, text, type Node } from './tree.js';

// One Trip element -> Trip, with every number range-checked. The rule per field: a value a rider
// reads as a time (minutes away) must be right or the answer is refused; anything else out of
// range (GPS age, position, speed, start time) is left out, since the trip is still worth showing.

/** Trips per route direction, by contract (spec section 8); more are cut, not refused. */
export const MAX_TRIPS = 3;

/**
 * Minutes away. The feed counts down to the next few hours of service; a bus a few minutes late
 * may read slightly negative. A day ahead is far beyond anything real.
 */
export const MINUTES_AWAY = { min: -5, max: 1440 } as const;

/** AdjustmentAge (minutes since the GPS fix) above this is no fix we would call live. */
const MAX_GPS_AGE_MINUTES = 1440;

/** A city bus's speed; anything faster (or negative) is a bad reading. */
const MAX_SPEED_KMH = 200;

const SPEED = ['GPSSpeed', 'Speed', 'SPEED'];

export function readTrips(container: unknown): Trip[] {
  const list = entries(container, 'Trip', 'Trips');
  const trips: Trip[] = [];
  for (let i = 0; i < list.length && i < MAX_TRIPS; i++) trips.push(readTrip(list[i] as Node));
  return trips;
}

function readTrip(entry: Node): Trip {
  const minutesAway = readMinutesAway(child(entry, 'AdjustedScheduleTime'));
  const age = number(child(entry, 'AdjustmentAge'));
  // A negative age (-1, -2) means the time is the plan; any coordinates are stale, not a position.
  // An age past a day is no trustworthy fix either: the time stays, the live claim goes.
  const gpsAge = age !== undefined && age >= 0 && age <= MAX_GPS_AGE_MINUTES ? age : undefined;
  const position = gpsAge !== undefined ? readPosition(entry) : undefined;
  return {
    destination: text(child(entry, 'TripDestination')),
    startTime: readStartTime(child(entry, 'TripStartTime')),
    minutesAway,
    trust: gpsAge !== undefined ? gpsTrust(gpsAge) : 'scheduled',
    ...(gpsAge !== undefined ? { gpsAgeMinutes: gpsAge } : {}),
    lastTrip: readFlag(child(entry, 'LastTripOfSchedule')),
    bus: decodeBusType(text(child(entry, 'BusType'))),
    ...(position ? { position } : {}),
  };
}

/** A GPS-adjusted time is tracked while its fix is fresh; adjusted from an old fix, it is a prediction with no bus seen. */
function gpsTrust(ageMinutes: number): TripTrust {
  return ageMinutes * 60_000 <= POSITION_FRESH_FOR_MS ? 'tracked' : 'predicted';
}

function readMinutesAway(value: unknown): number {
  const minutes = number(value);
  if (minutes === undefined) throw parseFailure(`a trip without a numeric AdjustedScheduleTime (${excerpt(text(value))})`);
  if (minutes < MINUTES_AWAY.min || minutes > MINUTES_AWAY.max) {
    throw parseFailure(`a trip AdjustedScheduleTime ${minutes} is out of range (${MINUTES_AWAY.min} to ${MINUTES_AWAY.max} minutes)`);
  }
  return minutes;
}

/** "HH:MM", hours up to 47 (service days run past midnight: "26:30"); anything else is left out as "". */
function readStartTime(value: unknown): string {
  const raw = text(value);
  const m = /^(\d{1,2}):([0-5]\d)$/.exec(raw);
  return m && Number(m[1]) < 48 ? raw : '';
}

/** true / "true" (any case) mean true; an empty element, "false" or anything else mean false. */
function readFlag(value: unknown): boolean {
  return value === true || text(value).toLowerCase() === 'true';
}

function readPosition(entry: Node): Trip['position'] {
  const lat = number(child(entry, 'Latitude'));
  const lon = number(child(entry, 'Longitude'));
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  // 0,0 is what a tracker without a fix reports, not a bus in the Gulf of Guinea.
  if (lat === 0 && lon === 0) return undefined;
  const speed = number(childOf(entry, SPEED));
  return speed !== undefined && speed >= 0 && speed <= MAX_SPEED_KMH ? { lat, lon, speedKmh: speed } : { lat, lon };
}
