import { fromFeed, stopsHere, type RouteArrivals, type StopArrivals } from '../../../domain/arrivals.js';
import { noStopMismatchSink } from '../realtime/stop-mismatches.js';
import type { RealtimeReading } from '../realtime/poller.js';
import { directionKey, type RouteAtStop, type RouteRef, type ScheduledCall, type StopPlace, type Timetable } from '../static/timetable.js';
import { addedTrips } from './added-trips.js';
import { callTrust } from './call-trust.js';
import { hoursMinutes, NO_BUS, type Candidate } from './candidate.js';
import { duplicatedTrips } from './duplicated-trips.js';
import { estimateFromPosition } from './estimate.js';
import { liveUpdates } from './live-updates.js';
import { runFor } from './match-run.js';
import { predictCall } from './predict.js';
import { serviceDaysAround } from './service-days.js';
import { vehicleAt } from './vehicle-at.js';
import type { VehicleFeed } from '../realtime/vehicles.js';
import type { VanishWatch } from '../realtime/vanished-trips.js';

// Next arrivals at a stop: the schedule's calls around now on every service day that can reach
// it, each predicted from the live feed when it covers the trip, plus the trips only the feed
// knows (ADDED, NEW, DUPLICATED); then per route direction the next three, in time order, each
// saying how far to trust it (call-trust.ts), a trip that skips the stop said so, never dropped.
// A call the feed predicts nothing for (no trip updates, none for it, the feed down or stale) whose
// own bus is seen gets our estimate from where the bus is (estimate.ts).

/** A vehicle up to 90 minutes late is still coming: its scheduled time is looked at from this far back. */
const LOOKBACK_S = 90 * 60;
/** How far ahead a stop's trips are looked for (the night's gap until the first morning trip). */
const HORIZON_S = 8 * 3600;
/** A predicted time this recent is still shown, as "0 min": the vehicle may be at the stop. */
const GRACE_S = 30;
const TRIPS_PER_ROUTE = 3;

export interface ArrivalsRequest {
  timetable: Timetable;
  place: StopPlace;
  /** Only these routes; undefined: every route at the stop. */
  routes?: RouteRef[];
  nowMs: number;
  realtime: RealtimeReading;
  /** A fresh VehiclePositions snapshot: each call's vehicle joined by trip and run. */
  vehicles?: VehicleFeed;
  /** Trips that dropped out of the trip updates before their time here: kept, said vanished. */
  vanished?: Pick<VanishWatch, 'vanished'>;
}

export async function stopArrivals(request: ArrivalsRequest): Promise<StopArrivals> {
  const { timetable, place, nowMs, realtime, vehicles } = request;
  const nowS = nowMs / 1000;
  const wanted = request.routes === undefined ? undefined : new Set(request.routes.map((r) => r.routeId));
  const feed = realtime.status === 'live' ? realtime.feed : undefined;
  const live = feed === undefined ? undefined : liveUpdates(feed, realtime.mismatches ?? noStopMismatchSink);
  const candidates: Candidate[] = [];
  const scheduled: ScheduledCall[] = [];

  for (const day of serviceDaysAround(nowMs, timetable.timeZone, timetable.calendar)) {
    const to = Math.floor(nowS + HORIZON_S - day.start);
    if (to < 0 || day.serviceIds.length === 0) continue;
    const from = Math.max(0, Math.floor(nowS - LOOKBACK_S - day.start));
    const calls = (await timetable.callsAt(place.stopIds, day.serviceIds, from, to)).filter((c) => wanted === undefined || wanted.has(c.routeId));
    if (calls.length === 0) continue;
    scheduled.push(...calls);
    const last = await timetable.lastDepartures(place.stopIds, day.serviceIds);
    const tracked = calls.filter((c) => feed?.byTripId.has(c.tripId) === true || vehicles?.byTripId.has(c.tripId) === true);
    const stops = await timetable.tripStops([...new Set(tracked.map((c) => c.tripId))]);
    for (const call of calls) {
      const run = runFor(feed?.byTripId.get(call.tripId), day, call);
      const tripStops = stops.get(call.tripId);
      const outcome = predictCall(call, day.start, run, run === undefined ? [] : live!(run, tripStops), tripStops);
      if (outcome.kind === 'deleted') continue;
      const key = directionKey(call.routeId, call.directionId);
      const position = vehicles === undefined || outcome.kind === 'cancelled' ? undefined : vehicleAt(vehicles, day, call, tripStops);
      // The scheduled time goes with the call: a feed of delays alone times it from there.
      const vanished =
        run === undefined
          ? request.vanished?.vanished(call.tripId, day.date, {
              stopId: call.stopId,
              stopSequence: call.stopSequence,
              scheduledS: day.start + call.arrival,
            })
          : undefined;
      const estimate = outcome.kind === 'scheduled' ? estimateFromPosition(position, call, day.start, tripStops, nowS) : undefined;
      const told = callTrust(outcome, {
        scheduledS: day.start + call.arrival,
        run,
        position,
        nowS,
        exactTimes: call.frequency?.exact !== false,
        vanished,
        estimate,
      });
      candidates.push({
        key,
        routeId: call.routeId,
        routeNo: call.routeNo,
        directionId: call.directionId,
        atSeconds: told.atSeconds,
        trip: {
          destination: call.destination,
          startTime: hoursMinutes(call.tripStart),
          ...told.trip,
          lastTrip: last.get(key) === call.departure,
          bus: NO_BUS,
          ...(position !== undefined ? { position } : {}),
          ...(call.wheelchair !== undefined ? { wheelchair: call.wheelchair } : {}),
          ...(call.frequency?.exact === false && outcome.kind === 'scheduled' ? { headwayMinutes: Math.round(call.frequency.headwaySecs / 60) } : {}),
        },
      });
    }
  }
  if (feed !== undefined) {
    candidates.push(...(await addedTrips(timetable, place, feed, wanted, nowS, scheduled, vehicles)));
    candidates.push(...(await duplicatedTrips({ timetable, place, feed, live: live!, wanted, nowMs, untilS: nowS + HORIZON_S })));
  }

  const byRoute = new Map<string, Candidate[]>();
  for (const c of candidates.filter((c) => c.atSeconds >= nowS - GRACE_S).sort((a, b) => a.atSeconds - b.atSeconds)) {
    const list = byRoute.get(c.key);
    if (list === undefined) byRoute.set(c.key, [c]);
    else list.push(c);
  }
  for (const [key, list] of byRoute) byRoute.set(key, nextOf(list));
  const serving = (await timetable.routesAt(place)).filter((r) => wanted === undefined || wanted.has(r.routeId));
  const routes: RouteArrivals[] = serving.map((route) =>
    routeArrivals(route, byRoute.get(directionKey(route.routeId, route.directionId)) ?? [], nowMs),
  );
  // Routes that only the feed brought (an added trip on a route the stop does not otherwise see).
  for (const [key, list] of byRoute) {
    if (serving.some((r) => directionKey(r.routeId, r.directionId) === key)) continue;
    const first = list[0]!;
    routes.push(
      routeArrivals({ routeId: first.routeId, routeNo: first.routeNo, directionId: first.directionId, heading: first.trip.destination }, list, nowMs),
    );
  }
  return {
    stopNo: place.code,
    stopName: place.name,
    routes,
    timeZone: timetable.timeZone,
    ...(realtime.status === 'unavailable' ? { liveUnavailable: true } : {}),
    ...(realtime.status === 'stale' ? { staleFeed: true, ...feedAge(realtime.ageMs) } : {}),
  };
}

/**
 * The next three of a route direction, in time order. Trips that will not stop here (cancelled,
 * skipping the stop) are shown for the riders waiting for them; when all three are such, the last
 * place goes to the next trip that does stop, so that riders still learn when one comes. Likewise
 * a vanished trip's riders learn of the next trip the feed still follows.
 */
function nextOf(sorted: readonly Candidate[]): Candidate[] {
  const first = sorted.slice(0, TRIPS_PER_ROUTE);
  if (first.length < TRIPS_PER_ROUTE) return first;
  const last = (c: Candidate) => [...first.slice(0, TRIPS_PER_ROUTE - 1), c];
  const rest = sorted.slice(TRIPS_PER_ROUTE);
  if (!first.some((c) => stopsHere(c.trip))) {
    const next = rest.find((c) => stopsHere(c.trip));
    return next === undefined ? first : last(next);
  }
  // A vanished trip's riders are told the next one the feed still follows: kept in the last place if the three lack it.
  const followed = (c: Candidate) => fromFeed(c.trip) && stopsHere(c.trip) && c.trip.vanishedAt === undefined;
  if (!first.some((c) => c.trip.vanishedAt !== undefined) || first.some(followed)) return first;
  const alternative = rest.find(followed);
  return alternative === undefined ? first : last(alternative);
}

const feedAge = (ageMs: number | undefined) => (ageMs === undefined ? {} : { feedAgeMinutes: Math.floor(ageMs / 60_000) });

function routeArrivals(route: RouteAtStop, list: Candidate[], nowMs: number): RouteArrivals {
  return {
    routeNo: route.routeNo,
    ...(route.directionId !== undefined ? { directionId: route.directionId } : {}),
    direction: '',
    heading: route.heading || list[0]?.trip.destination || '',
    ...(route.mode !== undefined ? { mode: route.mode } : {}),
    trips: list.map((c) => ({
      ...c.trip,
      minutesAway: Math.max(0, Math.floor((c.atSeconds * 1000 - nowMs) / 60_000)),
      at: new Date(c.atSeconds * 1000),
    })),
  };
}
