import type { RouteArrivals } from '../../../domain/arrivals.js';
import { LATER_TRIPS_PER_DIRECTION, type LaterDay, type LaterQuery, type LaterTrips } from '../../../domain/later-trips.js';
import { addDays, instantOf, localMinuteAt } from '../../../domain/local-minute.js';
import { directionKey, type RouteRef, type ScheduledCall, type StopPlace, type Timetable } from '../static/timetable.js';
import type { RealtimeFeed } from '../realtime/feed.js';
import { hoursMinutes, NO_BUS } from './candidate.js';
import type { LiveUpdates } from './live-updates.js';
import { runFor } from './match-run.js';
import { predictCall } from './predict.js';
import { serviceDay, type ServiceDay } from './service-days.js';

// A stop's trips at a later time, timed by the schedule alone (a prediction hours ahead is the
// schedule anyway): the rider's day, time, first or last trip resolved on the agency's clock and
// calendar. A service day's trips past 24:00 belong to it ("last" on Friday may be Saturday 01:10);
// a time asked ("at 00:30") finds them under the day before, by their instant. Where the live
// feed already has a trip's run (matched as for /next: trip_id and service day), a CANCELED trip
// or one SKIPPED at this stop is kept and marked, a DELETED one left out: the board must not
// promise a bus the feed says will not come. Its predicted times are left to /next.

/** Trips shown beyond a direction's few when some of those will not stop (cancelled, skipping). */
const EXTRA_FOR_GONE = 2;
/** Trips shown from a time asked: those of the next 24 hours (a night's gap included). */
const FROM_SPAN_S = 24 * 3600;
/** GTFS times run past 24:00, rarely past 48:00. */
const SERVICE_DAY_S = 48 * 3600;

export interface LaterRequest {
  timetable: Timetable;
  place: StopPlace;
  /** Only these routes; undefined: every route at the stop. */
  routes?: RouteRef[];
  query: LaterQuery;
  nowMs: number;
  /** The live trip updates, when fresh: what they say of the trips shown. */
  realtime?: { feed: RealtimeFeed; live: LiveUpdates };
}

interface Timed {
  call: ScheduledCall;
  day: ServiceDay;
  atS: number;
}

export async function laterTrips(request: LaterRequest): Promise<LaterTrips> {
  const { timetable, query, nowMs } = request;
  const zone = timetable.timeZone;
  const today = localMinuteAt(nowMs, zone);
  const dayOf = (date: string) => serviceDay(localDate(date), zone, timetable.calendar);
  const asked = query.day === undefined ? undefined : dateOf(query.day, today.date, today.weekday);

  if (query.end === 'last') {
    // The service day still running: yesterday's while its last trip (past midnight) is still to come.
    let date = asked ?? today.date;
    if (asked === undefined) {
      const yesterday = await timed(request, dayOf(addDays(today.date, -1)), 0, SERVICE_DAY_S);
      if (yesterday.some((t) => t.atS * 1000 >= nowMs)) date = addDays(today.date, -1);
    }
    const calls = await timed(request, dayOf(date), 0, SERVICE_DAY_S);
    return board(request, date, calls, 'last', { end: 'last' });
  }

  const fromDayStart = query.at === undefined && (query.end === 'first' || (asked !== undefined && asked !== today.date));
  if (fromDayStart) {
    let date = asked ?? today.date;
    let calls = await timed(request, dayOf(date), 0, SERVICE_DAY_S);
    // "first" alone, once today's first trip has gone: tomorrow's.
    if (asked === undefined && calls.length > 0 && Math.min(...calls.map((t) => t.atS)) * 1000 < nowMs) {
      date = addDays(today.date, 1);
      calls = await timed(request, dayOf(date), 0, SERVICE_DAY_S);
    }
    return board(request, date, calls, 'first', query.end === 'first' ? { end: 'first' } : {});
  }

  // From a time: today's (or that day's) minute, tomorrow's when today's has passed; "today" alone is now.
  let date = asked ?? today.date;
  const minute = query.at ?? today.minute;
  if (asked === undefined && instantOf(date, minute, zone) < nowMs - 60_000) date = addDays(date, 1);
  const fromS = Math.max(instantOf(date, minute, zone), date === today.date && query.at === undefined ? nowMs : 0) / 1000;
  const near: Timed[] = [];
  // Trips of the day before past 24:00, of the day itself, and of the next (the rest of the 24 hours).
  for (const offset of [-1, 0, 1]) {
    const day = dayOf(addDays(date, offset));
    const from = Math.max(0, Math.floor(fromS - day.start));
    const to = Math.floor(fromS + FROM_SPAN_S - day.start);
    if (to < 0) continue;
    near.push(...(await timed(request, day, from, to)).filter((t) => t.atS >= fromS && t.atS < fromS + FROM_SPAN_S));
  }
  return board(request, date, near, 'first', { from: minute });
}

/** The board of these calls: what the live feed says of them, each direction's few, answered. */
async function board(
  request: LaterRequest,
  serviceDate: string,
  calls: readonly Timed[],
  end: 'first' | 'last',
  extra: Pick<LaterTrips, 'from' | 'end'>,
): Promise<LaterTrips> {
  const changed = await liveChanges(request, calls);
  return answer(
    request,
    serviceDate,
    pick(calls, end, (t) => changed.has(t.call)),
    changed,
    extra,
  );
}

/** A day's calls at the stop with their instants (the routes asked for only). */
async function timed(request: LaterRequest, day: ServiceDay, from: number, to: number): Promise<Timed[]> {
  if (day.serviceIds.length === 0) return [];
  const wanted = request.routes === undefined ? undefined : new Set(request.routes.map((r) => r.routeId));
  const calls = await request.timetable.callsAt(request.place.stopIds, day.serviceIds, from, to);
  const byTripId = request.realtime?.feed.byTripId;
  // A DELETED run is not shown at all, as on /next: the next trip takes its place.
  const deleted = (call: ScheduledCall) => runFor(byTripId?.get(call.tripId), day, call)?.relationship === 'DELETED';
  return calls
    .filter((c) => (wanted === undefined || wanted.has(c.routeId)) && !deleted(c))
    .map((call) => ({ call, day, atS: day.start + call.arrival }));
}

/**
 * Each route direction's first (or last) few, in time order. A trip that will not stop (cancelled,
 * skipping the stop) stays, and the next one that does is shown too, as /next gives its place:
 * at most EXTRA_FOR_GONE more, so that a bad day does not make a board of cancellations.
 */
function pick(all: readonly Timed[], end: 'first' | 'last', gone: (t: Timed) => boolean): Map<string, Timed[]> {
  const byKey = new Map<string, Timed[]>();
  for (const t of [...all].sort((a, b) => a.atS - b.atS)) {
    const key = directionKey(t.call.routeId, t.call.directionId);
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  for (const [key, list] of byKey) {
    const ordered = end === 'first' ? list : [...list].reverse();
    const shown: Timed[] = [];
    let stopping = 0;
    for (const t of ordered) {
      if (stopping === LATER_TRIPS_PER_DIRECTION || shown.length === LATER_TRIPS_PER_DIRECTION + EXTRA_FOR_GONE) break;
      shown.push(t);
      if (!gone(t)) stopping++;
    }
    byKey.set(key, end === 'first' ? shown : shown.reverse());
  }
  return byKey;
}

async function answer(
  request: LaterRequest,
  serviceDate: string,
  picked: Map<string, Timed[]>,
  changed: ReadonlyMap<ScheduledCall, LiveChange>,
  extra: Pick<LaterTrips, 'from' | 'end'>,
): Promise<LaterTrips> {
  const { timetable, place, nowMs } = request;
  const wanted = request.routes === undefined ? undefined : new Set(request.routes.map((r) => r.routeId));
  const serving = (await timetable.routesAt(place)).filter((r) => wanted === undefined || wanted.has(r.routeId));
  // Each trip's service day's last departure: the trip that is the last of its direction says so.
  const lasts = new Map<string, ReadonlyMap<string, number>>();
  for (const list of picked.values())
    for (const t of list) if (!lasts.has(t.day.date)) lasts.set(t.day.date, await timetable.lastDepartures(place.stopIds, t.day.serviceIds));
  const routes: RouteArrivals[] = serving.map((route) => {
    const key = directionKey(route.routeId, route.directionId);
    const list = picked.get(key) ?? [];
    return {
      routeNo: route.routeNo,
      ...(route.directionId !== undefined ? { directionId: route.directionId } : {}),
      direction: '',
      heading: route.heading || list[0]?.call.destination || '',
      ...(route.mode !== undefined ? { mode: route.mode } : {}),
      trips: list.map(({ call, day, atS }) => ({
        destination: call.destination,
        startTime: hoursMinutes(call.tripStart),
        minutesAway: Math.max(0, Math.floor((atS * 1000 - nowMs) / 60_000)),
        trust: 'scheduled' as const,
        lastTrip: lasts.get(day.date)?.get(key) === call.departure,
        bus: NO_BUS,
        at: new Date(atS * 1000),
        ...(call.wheelchair !== undefined ? { wheelchair: call.wheelchair } : {}),
        ...(call.frequency?.exact === false ? { headwayMinutes: Math.round(call.frequency.headwaySecs / 60) } : {}),
        ...changed.get(call),
      })),
    };
  });
  return {
    arrivals: { stopNo: place.code, stopName: place.name, routes, timeZone: timetable.timeZone },
    serviceDate,
    ...extra,
  };
}

type LiveChange = { cancelled: true } | { skipped: true };

/** The trips the live feed cancels, or has skip this stop: their marks, by call. */
async function liveChanges(request: LaterRequest, calls: readonly Timed[]): Promise<Map<ScheduledCall, LiveChange>> {
  const changes = new Map<ScheduledCall, LiveChange>();
  const realtime = request.realtime;
  if (realtime === undefined) return changes;
  const runs = calls.map((t) => ({ ...t, run: runFor(realtime.feed.byTripId.get(t.call.tripId), t.day, t.call) }));
  const tracked = runs.filter((t) => t.run !== undefined);
  if (tracked.length === 0) return changes;
  const stops = await request.timetable.tripStops([...new Set(tracked.map((t) => t.call.tripId))]);
  for (const { call, day, run } of tracked) {
    const tripStops = stops.get(call.tripId);
    const outcome = predictCall(call, day.start, run, realtime.live(run!, tripStops), tripStops);
    if (outcome.kind === 'cancelled') changes.set(call, { cancelled: true });
    else if (outcome.kind === 'skipped') changes.set(call, { skipped: true });
  }
  return changes;
}

/** The day asked as a date: a weekday is its next one, today included. */
function dateOf(day: LaterDay, today: string, weekday: number): string {
  if (day === 'today') return today;
  if (day === 'tomorrow') return addDays(today, 1);
  if ('date' in day) return day.date;
  return addDays(today, (day.weekday - weekday + 7) % 7);
}

function localDate(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
