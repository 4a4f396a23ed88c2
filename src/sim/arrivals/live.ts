import type { ConcreteTrip } from '../gtfs/expand.js';
import type { SimStop } from '../network.js';
import { haversineMeters } from '../../domain/geo.js';
import { bearingDegrees, between } from './geo.js';
import { pick, unit } from './seeded.js';

// What the vehicle tracking would say about one trip on one service day: whether its bus reports
// GPS, how late it runs, where it is now and how fast it goes.

export const MAX_DELAY_SECONDS = 360;
/** Buses run up to a minute early. */
export const MIN_DELAY_SECONDS = -60;
/** Share of trips whose bus reports GPS once it is on the road. */
const TRACKED_SHARE = 0.7;
/** A bus reports from its terminal this long before its trip starts. */
const REPORTS_BEFORE_START_MS = 15 * 60_000;
/** GPSSpeed of a bus standing at a stop, as the captures show. */
const STANDING_KMH = 0.5;

export interface TripOutlook {
  /** trip id + service date: the seed of everything else. */
  seed: string;
  tracked: boolean;
  delaySeconds: number;
  busType: string;
}

export interface GpsFix {
  lat: number;
  lon: number;
  speedKmh: number;
  /** Minutes since the fix (AdjustmentAge). */
  ageMinutes: number;
  /** Degrees clockwise from north, towards the next stop. */
  bearing: number;
  /** Index in the trip's calls of the stop it is at or heading to, and whether it stands there. */
  stopIndex: number;
  atStop: boolean;
}

export function tripOutlook(trip: ConcreteTrip, serviceDateKey: string, busTypes: readonly string[]): TripOutlook {
  const seed = `${trip.tripId}@${serviceDateKey}`;
  return {
    seed,
    tracked: unit(seed, 'tracked') < TRACKED_SHARE,
    delaySeconds: Math.round(MIN_DELAY_SECONDS + unit(seed, 'delay') * (MAX_DELAY_SECONDS - MIN_DELAY_SECONDS)),
    busType: pick(busTypes, seed, 'bus') ?? '',
  };
}

/**
 * The bus's last fix at `nowMs`, or undefined when it is not reporting (untracked, or not yet out
 * of the garage). Its timeline is the schedule shifted by the delay; the position is interpolated
 * between the two stops it is travelling between.
 */
export function gpsFix(
  trip: ConcreteTrip,
  outlook: TripOutlook,
  dayStartMs: number,
  nowMs: number,
  stopsById: ReadonlyMap<string, SimStop>,
): GpsFix | undefined {
  if (!outlook.tracked) return undefined;
  const at = (i: number) => dayStartMs + ((trip.calls[i]?.seconds ?? 0) + outlook.delaySeconds) * 1000;
  const last = trip.calls.length - 1;
  if (nowMs < at(0) - REPORTS_BEFORE_START_MS || nowMs > at(last)) return undefined;
  const ageMinutes = fixAge(outlook.seed, nowMs);

  let segment = 0;
  while (segment < last - 1 && nowMs >= at(segment + 1)) segment++;
  const from = stopsById.get(trip.calls[segment]?.stopId ?? '');
  const to = stopsById.get(trip.calls[segment + 1]?.stopId ?? '') ?? from;
  if (from === undefined || to === undefined) return undefined;
  const bearing = bearingDegrees(from, to);
  if (nowMs <= at(0)) return { lat: from.lat, lon: from.lon, speedKmh: STANDING_KMH, ageMinutes, bearing, stopIndex: 0, atStop: true };

  const spanMs = Math.max(1, at(segment + 1) - at(segment));
  const fraction = Math.min(1, (nowMs - at(segment)) / spanMs);
  const point = between(from, to, fraction);
  const cruising = (haversineMeters(from.lat, from.lon, to.lat, to.lon) / 1000 / spanMs) * 3_600_000;
  const speedKmh = Math.max(STANDING_KMH, cruising * (0.8 + 0.4 * unit(outlook.seed, `speed${segment}`)));
  return { lat: point.lat, lon: point.lon, speedKmh, ageMinutes, bearing, stopIndex: segment + 1, atStop: fraction >= 1 };
}

/** Usually under a minute, like the captures; now and then a stale fix of a few minutes. */
function fixAge(seed: string, nowMs: number): number {
  const salt = `age${Math.floor(nowMs / 60_000)}`;
  const stale = unit(seed, `${salt}stale`) < 0.05;
  return stale ? 1 + unit(seed, salt) * 2 : 0.2 + unit(seed, salt) * 0.8;
}
