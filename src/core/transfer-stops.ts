import type { StopIndex, StopInfo } from '../domain/stop-index.js';

/** Near enough to walk across at a transfer point (a shared downtown stop, a station's other side). */
const TRANSFER_METERS = 150;
const MAX_TRANSFERS = 3;

/**
 * Other agencies' stops beside this one, nearest first: where OC Transpo and STO share a corner, a
 * rider at one sees the other's board a tap away. Nothing when the bot serves one agency.
 */
export function transferStops(stopNo: string, stops: StopIndex): StopInfo[] {
  const here = stops.byCode(stopNo)[0];
  if (here?.agency === undefined) return [];
  const seen = new Set<string>();
  return stops
    .nearest(here.lat, here.lon, { withinMeters: TRANSFER_METERS, limit: 10 })
    .map((near) => near.stop)
    .filter((stop) => stop.agency !== undefined && stop.agency !== here.agency && !seen.has(stop.code) && seen.add(stop.code))
    .slice(0, MAX_TRANSFERS);
}
