import { wallClock } from '../../../gtfs-format/service-time.js';
import type { RealtimeFeed, TripPrediction } from '../realtime/feed.js';
import { directionKey, type ScheduledCall, type StopPlace, type Timetable, type TripStop } from '../static/timetable.js';
import { callTrust } from './call-trust.js';
import { hoursMinutes, NO_BUS, type Candidate } from './candidate.js';
import { feedDate, feedSeconds } from './feed-times.js';
import type { LiveUpdates } from './live-updates.js';
import { predictCall } from './predict.js';
import { serviceDay } from './service-days.js';

// DUPLICATED trips: a copy of a scheduled trip (trip_id) run at another start time and date
// (trip_properties). The copy calls where the original does, every time shifted by the difference
// of the start times, on the copy's own service day; its updates predict it as they would the
// original. It is in no calendar, so it is found through the feed, not through the stop's calls.

/** Copies looked at per look-up: real feeds carry a few; a hostile one must not make one query of a million ids. */
const MAX_COPIES = 500;

interface TripRow {
  routeId: string;
  directionId: number | undefined;
  headsign: string;
}

export interface DuplicatedRequest {
  timetable: Timetable;
  place: StopPlace;
  feed: RealtimeFeed;
  live: LiveUpdates;
  wanted: ReadonlySet<string> | undefined;
  nowMs: number;
  /** Calls later than this (POSIX seconds) are left out, as the schedule's are. */
  untilS: number;
}

export async function duplicatedTrips(request: DuplicatedRequest): Promise<Candidate[]> {
  const { timetable, place, feed, wanted } = request;
  const copies = feed.duplicated
    .filter((copy) => copy.tripId !== '' && (wanted === undefined || copy.routeId === undefined || wanted.has(copy.routeId)))
    .slice(0, MAX_COPIES);
  if (copies.length === 0) return [];
  const here = new Set(place.stopIds);
  const originals = await timetable.tripStops([...new Set(copies.map((copy) => copy.tripId))]);
  const passing = copies.filter((copy) => originals.get(copy.tripId)?.some((s) => here.has(s.stopId)));
  if (passing.length === 0) return [];
  const rows = await tripRows(timetable, [...new Set(passing.map((copy) => copy.tripId))]);
  const found: Candidate[] = [];
  for (const copy of passing) {
    const row = rows.get(copy.tripId);
    if (row === undefined || (wanted !== undefined && !wanted.has(row.routeId))) continue;
    found.push(...(await callsOfCopy(request, copy, row, originals.get(copy.tripId)!, here)));
  }
  return found;
}

async function callsOfCopy(
  request: DuplicatedRequest,
  copy: TripPrediction,
  row: TripRow,
  stops: TripStop[],
  here: Set<string>,
): Promise<Candidate[]> {
  const { timetable, nowMs } = request;
  const originalStart = stops[0]?.departure ?? stops[0]?.arrival ?? undefined;
  const start = copy.startTime === undefined ? originalStart : feedSeconds(copy.startTime);
  const w = wallClock(nowMs, timetable.timeZone);
  const date = copy.startDate === undefined ? { year: w.year, month: w.month, day: w.day } : feedDate(copy.startDate);
  if (originalStart === undefined || start === undefined || date === undefined) return [];
  const shift = start - originalStart;
  const moved = (seconds: number | null) => (seconds === null ? null : seconds + shift);
  const shifted = stops.map((s) => ({ ...s, arrival: moved(s.arrival), departure: moved(s.departure) }));
  const day = serviceDay(date, timetable.timeZone, timetable.calendar);
  const route = await timetable.routeById(row.routeId);
  const destination = row.headsign || (await timetable.stopNames([stops.at(-1)!.stopId])).get(stops.at(-1)!.stopId) || '';
  const updates = request.live(copy, stops);
  const found: Candidate[] = [];
  for (const stop of shifted) {
    const arrival = stop.arrival ?? stop.departure;
    if (!here.has(stop.stopId) || arrival === null) continue;
    const call: ScheduledCall = {
      tripId: copy.tripId,
      serviceId: '',
      routeId: row.routeId,
      routeNo: route?.routeNo ?? row.routeId,
      directionId: row.directionId,
      stopId: stop.stopId,
      stopSequence: stop.stopSequence,
      arrival,
      departure: stop.departure ?? arrival,
      destination,
      tripStart: start,
    };
    const outcome = predictCall(call, day.start, copy, updates, shifted);
    if (outcome.kind === 'deleted') continue;
    const told = callTrust(outcome, { scheduledS: day.start + arrival, run: copy, position: undefined, nowS: nowMs / 1000, exactTimes: true });
    if (told.atSeconds > request.untilS) continue;
    found.push({
      key: directionKey(row.routeId, row.directionId),
      routeId: row.routeId,
      routeNo: call.routeNo,
      directionId: row.directionId,
      atSeconds: told.atSeconds,
      trip: { destination, startTime: hoursMinutes(start), ...told.trip, lastTrip: false, bus: NO_BUS },
    });
  }
  return found;
}

/** The originals' route, direction and headsign, from the schedule's trips table. */
async function tripRows(timetable: Timetable, tripIds: string[]): Promise<Map<string, TripRow>> {
  const rows = await timetable.query(
    `SELECT trip_id, route_id, direction_id, trip_headsign FROM trips WHERE trip_id IN (${tripIds.map(() => '?').join(',')})`,
    tripIds,
  );
  return new Map(
    rows.map((r) => [
      String(r.trip_id),
      {
        routeId: String(r.route_id),
        directionId: r.direction_id === null || r.direction_id === undefined ? undefined : Number(r.direction_id),
        headsign: r.trip_headsign === null || r.trip_headsign === undefined ? '' : String(r.trip_headsign),
      },
    ]),
  );
}
