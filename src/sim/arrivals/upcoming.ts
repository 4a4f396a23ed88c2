import type { RouteAtStop, SimNetwork } from '../network.js';
import { addDays, dateKey } from '../../gtfs-format/local-date.js';
import { gtfsClock, serviceDayStartMs, wallClock } from '../../gtfs-format/service-time.js';
import { gpsFix, MAX_DELAY_SECONDS, MIN_DELAY_SECONDS, tripOutlook, type GpsFix } from './live.js';

// The next trips of one route direction at one stop code, as the API reports them: soonest
// predicted arrival first, at most three, within the next few hours of the current service days.

const TRIPS_PER_DIRECTION = 3;
/** How far ahead the service looks; past it a route direction shows no trips. */
export const LOOKAHEAD_MINUTES = 180;

export interface UpcomingTrip {
  tripId: string;
  destination: string;
  /** "HH:MM" at the trip's first stop; past 24:00 for trips of the previous service day. */
  startTime: string;
  minutesAway: number;
  lastTrip: boolean;
  busType: string;
  /** Present when the arrival is GPS-adjusted; absent for schedule-only trips. */
  gps?: GpsFix;
}

interface Candidate extends UpcomingTrip {
  arrivalMs: number;
}

export function upcomingTrips(network: SimNetwork, atStop: RouteAtStop, nowMs: number, limit = TRIPS_PER_DIRECTION): UpcomingTrip[] {
  const today = wallClock(nowMs, network.timeZone);
  const busTypes = network.fleet.get(atStop.route.routeId) ?? [];
  const candidates: Candidate[] = [];
  // Yesterday's service still runs after midnight; tomorrow's may start within the lookahead.
  for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
    const dayStartMs = serviceDayStartMs(date, network.timeZone);
    const dateText = dateKey(date);
    const earliest = (nowMs - dayStartMs) / 1000 - MAX_DELAY_SECONDS;
    const latest = (nowMs - dayStartMs) / 1000 + LOOKAHEAD_MINUTES * 60;
    const running = [...network.calendar.activeOn(date)].flatMap((serviceId) => {
      const passes = atStop.passes.get(serviceId);
      return passes === undefined ? [] : [passes];
    });
    // The day's last pass over every service running that day, not each service's own last.
    const lastSeconds = Math.max(...running.map((passes) => passes[passes.length - 1]?.seconds ?? -Infinity));
    for (const passes of running) {
      const found: number[] = [];
      for (let i = firstAtOrAfter(passes, earliest); i < passes.length; i++) {
        const pass = passes[i];
        if (pass === undefined || pass.seconds > latest) break;
        // Once this service has `limit` arrivals, a later pass, even running early, cannot beat them.
        if (found.length >= limit && dayStartMs + (pass.seconds + MIN_DELAY_SECONDS) * 1000 > kthSmallest(found, limit)) break;
        const outlook = tripOutlook(pass.trip, dateText, busTypes);
        const gps = gpsFix(pass.trip, outlook, dayStartMs, nowMs, network.stopsById);
        const arrivalMs = dayStartMs + (pass.seconds + (gps ? outlook.delaySeconds : 0)) * 1000;
        if (arrivalMs < nowMs || arrivalMs > nowMs + LOOKAHEAD_MINUTES * 60_000) continue;
        const candidate: Candidate = {
          tripId: pass.trip.tripId,
          destination: pass.trip.headsign,
          startTime: gtfsClock(pass.trip.calls[0]?.seconds ?? pass.seconds),
          minutesAway: Math.round((arrivalMs - nowMs) / 60_000),
          lastTrip: pass.seconds === lastSeconds,
          busType: outlook.busType,
          arrivalMs,
        };
        if (gps) candidate.gps = gps;
        candidates.push(candidate);
        found.push(arrivalMs);
      }
    }
  }
  candidates.sort((a, b) => a.arrivalMs - b.arrivalMs || a.tripId.localeCompare(b.tripId));
  return candidates.slice(0, limit).map(({ arrivalMs: _, ...trip }) => trip);
}

function kthSmallest(values: number[], k: number): number {
  return [...values].sort((a, b) => a - b)[k - 1] ?? Infinity;
}

function firstAtOrAfter(passes: { seconds: number }[], seconds: number): number {
  let lo = 0;
  let hi = passes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((passes[mid]?.seconds ?? Infinity) < seconds) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
