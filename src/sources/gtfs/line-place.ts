import type { VehicleStopStatus } from '../../domain/vehicle-position.js';
import type { PatternStop } from './static/route-patterns.js';

// Where a vehicle is along a route's line of stops, in stops from the first (2.5: halfway from the
// third to the fourth). Its current stop and status first (GTFS-Realtime's current_stop_sequence
// or stop_id with STOPPED_AT, INCOMING_AT, IN_TRANSIT_TO), its fix placed between that stop and
// the one before; with no current stop on the line, its fix projected onto the line's nearest
// stretch. Distances are flat (equirectangular) over a few hundred metres: enough to order buses.

export interface VehicleOnLine {
  lat: number;
  lon: number;
  /** The stop its status is about, as a stop_id, when known. */
  stopId?: string;
  status?: VehicleStopStatus;
}

/** A point in metres-ish, flat around the latitude of the line. */
function flat(lat: number, lon: number, cosLat: number): [number, number] {
  return [lon * cosLat * 111_320, lat * 110_540];
}

/** How far along the stretch a..b the point p lies, 0..1, and its distance from the stretch. */
function along(p: [number, number], a: [number, number], b: [number, number]): { t: number; distance: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return { t, distance: Math.sqrt(x * x + y * y) };
}

/** The vehicle's place along the line, or undefined when it cannot be placed (no stop of it on the line, no coordinates). */
export function placeOnLine(stops: readonly PatternStop[], vehicle: VehicleOnLine): number | undefined {
  if (stops.length === 0) return undefined;
  const located = stops.filter((s) => s.lat !== undefined && s.lon !== undefined);
  const cosLat = Math.cos(((located[0]?.lat ?? vehicle.lat) * Math.PI) / 180);
  const point = (s: PatternStop) => (s.lat !== undefined && s.lon !== undefined ? flat(s.lat, s.lon, cosLat) : undefined);
  const fix = flat(vehicle.lat, vehicle.lon, cosLat);
  const current = vehicle.stopId === undefined ? -1 : stops.findIndex((s) => s.stopId === vehicle.stopId);
  if (current !== -1) {
    if (vehicle.status === 'stopped-at' || current === 0) return current;
    const before = point(stops[current - 1]!);
    const at = point(stops[current]!);
    // Between the stop before and the current one: how far, from its fix when both stops are placed.
    const t = before !== undefined && at !== undefined ? along(fix, before, at).t : 0.5;
    return current - 1 + Math.min(t, 0.95);
  }
  let best: { at: number; distance: number } | undefined;
  for (let i = 0; i + 1 < stops.length; i += 1) {
    const a = point(stops[i]!);
    const b = point(stops[i + 1]!);
    if (a === undefined || b === undefined) continue;
    const { t, distance } = along(fix, a, b);
    if (best === undefined || distance < best.distance) best = { at: i + t, distance };
  }
  return best?.at;
}
