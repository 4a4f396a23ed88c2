import type { RouteArrivals, StopArrivals, Trip } from '../../../domain/arrivals.js';
import { decodeBusType } from '../../octranspo-v12/bus-type.js';
import type { TripPrediction } from '../realtime/feed.js';
import type { RealtimeReading } from '../realtime/poller.js';
import { directionKey, type RouteAtStop, type RouteRef, type StopPlace, type Timetable } from '../static/timetable.js';
import { predictCall, runFor } from './predict.js';
import { serviceDaysAround } from './service-days.js';

// Next arrivals at a stop: the schedule's calls around now on every service day that can reach
// it, each predicted from the live feed when it covers the trip, plus the trips only the feed
// knows (ADDED, NEW); then per route direction the next three, in time order.

/** A vehicle up to 90 minutes late is still coming: its scheduled time is looked at from this far back. */
const LOOKBACK_S = 90 * 60;
/** How far ahead a stop's trips are looked for (the night's gap until the first morning trip). */
const HORIZON_S = 8 * 3600;
/** A predicted time this recent is still shown, as "0 min": the vehicle may be at the stop. */
const GRACE_S = 30;
const TRIPS_PER_ROUTE = 3;
const NO_BUS = decodeBusType('');

interface Candidate {
  key: string;
  routeId: string;
  routeNo: string;
  directionId: number | undefined;
  atSeconds: number;
  trip: Omit<Trip, 'minutesAway' | 'at'>;
}

export interface ArrivalsRequest {
  timetable: Timetable;
  place: StopPlace;
  /** Only these routes; undefined: every route at the stop. */
  routes?: RouteRef[];
  nowMs: number;
  realtime: RealtimeReading;
}

export async function stopArrivals(request: ArrivalsRequest): Promise<StopArrivals> {
  const { timetable, place, nowMs, realtime } = request;
  const nowS = nowMs / 1000;
  const wanted = request.routes === undefined ? undefined : new Set(request.routes.map((r) => r.routeId));
  const feed = realtime.status === 'live' ? realtime.feed : undefined;
  const candidates: Candidate[] = [];

  for (const day of serviceDaysAround(nowMs, timetable.timeZone, timetable.calendar)) {
    const to = Math.floor(nowS + HORIZON_S - day.start);
    if (to < 0 || day.serviceIds.length === 0) continue;
    const from = Math.max(0, Math.floor(nowS - LOOKBACK_S - day.start));
    const calls = (await timetable.callsAt(place.stopIds, day.serviceIds, from, to)).filter((c) => wanted === undefined || wanted.has(c.routeId));
    if (calls.length === 0) continue;
    const last = await timetable.lastDepartures(place.stopIds, day.serviceIds);
    const predicted = feed === undefined ? [] : [...new Set(calls.filter((c) => feed.byTripId.has(c.tripId)).map((c) => c.tripId))];
    const stops = await timetable.tripStops(predicted);
    for (const call of calls) {
      const run = runFor(feed?.byTripId.get(call.tripId), day.date, call.frequency ? call.tripStart : undefined);
      const outcome = predictCall(call, day.start, run, stops.get(call.tripId));
      if (outcome.kind === 'skipped') continue;
      const key = directionKey(call.routeId, call.directionId);
      const live = outcome.kind === 'predicted' || outcome.kind === 'cancelled';
      candidates.push({
        key,
        routeId: call.routeId,
        routeNo: call.routeNo,
        directionId: call.directionId,
        atSeconds: outcome.kind === 'predicted' ? outcome.atSeconds : day.start + call.arrival,
        trip: {
          destination: call.destination,
          startTime: hoursMinutes(call.tripStart),
          live,
          ...(live && run?.timestamp !== undefined ? { gpsAgeMinutes: ageMinutes(nowS, run.timestamp) } : {}),
          lastTrip: last.get(key) === call.departure,
          bus: NO_BUS,
          ...(outcome.kind === 'cancelled' ? { cancelled: true } : {}),
          ...(call.frequency?.exact === false && !live ? { headwayMinutes: Math.round(call.frequency.headwaySecs / 60) } : {}),
        },
      });
    }
  }
  if (feed !== undefined) candidates.push(...(await addedTrips(timetable, place, feed.added, wanted, nowS)));

  const byRoute = new Map<string, Candidate[]>();
  for (const c of candidates.filter((c) => c.atSeconds >= nowS - GRACE_S).sort((a, b) => a.atSeconds - b.atSeconds)) {
    const list = byRoute.get(c.key) ?? [];
    if (list.length < TRIPS_PER_ROUTE) list.push(c);
    byRoute.set(c.key, list);
  }
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
    ...(realtime.status === 'stale' ? { staleFeed: true } : {}),
  };
}

function routeArrivals(route: RouteAtStop, list: Candidate[], nowMs: number): RouteArrivals {
  return {
    routeNo: route.routeNo,
    ...(route.directionId !== undefined ? { directionId: route.directionId } : {}),
    direction: '',
    heading: route.heading || list[0]?.trip.destination || '',
    trips: list.map((c) => ({
      ...c.trip,
      minutesAway: Math.max(0, Math.floor((c.atSeconds * 1000 - nowMs) / 60_000)),
      at: new Date(c.atSeconds * 1000),
    })),
  };
}

/** ADDED / NEW trips: the feed's own absolute times at this stop, the route and destination looked up. */
async function addedTrips(
  timetable: Timetable,
  place: StopPlace,
  added: TripPrediction[],
  wanted: Set<string> | undefined,
  nowS: number,
): Promise<Candidate[]> {
  const found: Candidate[] = [];
  const stopIds = new Set(place.stopIds);
  for (const trip of added) {
    if (trip.routeId === undefined || (wanted !== undefined && !wanted.has(trip.routeId))) continue;
    const here = trip.updates.find((u) => u.stopId !== undefined && stopIds.has(u.stopId) && u.relationship !== 'SKIPPED');
    const atSeconds = here?.arrival?.time ?? here?.departure?.time;
    if (atSeconds === undefined) continue;
    const route = await timetable.routeById(trip.routeId);
    const lastStop = trip.updates.at(-1)?.stopId;
    const names = lastStop === undefined ? new Map<string, string>() : await timetable.stopNames([lastStop]);
    found.push({
      key: directionKey(trip.routeId, trip.directionId),
      routeId: trip.routeId,
      routeNo: route?.routeNo ?? trip.routeId,
      directionId: trip.directionId,
      atSeconds,
      trip: {
        destination: (lastStop !== undefined ? names.get(lastStop) : undefined) ?? '',
        startTime: trip.startTime?.slice(0, 5) ?? '',
        live: true,
        ...(trip.timestamp !== undefined ? { gpsAgeMinutes: ageMinutes(nowS, trip.timestamp) } : {}),
        lastTrip: false,
        bus: NO_BUS,
      },
    });
  }
  return found;
}

function hoursMinutes(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
}

function ageMinutes(nowS: number, timestamp: number): number {
  return Math.round(Math.max(0, nowS - timestamp) / 0.6) / 100;
}
