// How long a rider walks from a place of theirs to a stop, and when to leave for a bus: the
// straight line times a detour factor at the rider's pace, and the early edge of the prediction's
// Transit ETA band (a bus may come that much before its predicted time) added, so that a rider
// leaving then catches the bus even when it comes as early as a good prediction allows.
import { bandOf, ETA_BANDS } from './eta-bands.js';
import { haversineMeters } from './geo.js';

export type WalkPace = 'slow' | 'normal' | 'fast';
export const WALK_PACES: readonly WalkPace[] = ['slow', 'normal', 'fast'];

/** Walking speeds riders mean by each pace (km/h): a slow walker, most adults, a brisk one. */
export const WALK_KMH: Readonly<Record<WalkPace, number>> = { slow: 4, normal: 5, fast: 6 };

/** Streets are not straight lines: a walk is about this much longer than the crow flies. */
export const DETOUR_FACTOR = 1.3;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Seconds of walking from one place to another at this pace (whole seconds). */
export function walkSeconds(from: LatLon, to: LatLon, pace: WalkPace): number {
  const meters = haversineMeters(from.lat, from.lon, to.lat, to.lon) * DETOUR_FACTOR;
  return Math.round(meters / (WALK_KMH[pace] / 3.6));
}

/** Whole minutes of a walk as riders read them (a few seconds' walk is still a minute). */
export function walkMinutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/**
 * Seconds before a predicted arrival the rider must leave: the walk, and how early the bus may
 * come by the band of a prediction made `leadSeconds` ahead (past the last band, its widest).
 */
export function leaveAheadSeconds(walk: number, leadSeconds: number): number {
  const band = bandOf(Math.max(0, leadSeconds)) ?? ETA_BANDS[ETA_BANDS.length - 1]!;
  return walk - band.earlySeconds;
}
