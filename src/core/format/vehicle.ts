import { fromFeed, stopsHere, tripWheelchair, type RouteArrivals, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import type { ButtonGroup, Reply, ReplyBlock, ReplyButton } from '../../domain/reply.js';
import { mapLink, tripPosition } from '../../domain/vehicle-position.js';
import { clockTime, minutesAway, tripInstant } from './clock-time.js';
import { headingWithoutRoute, stopName as nameOfStop } from './names.js';
import { MAX_NAME_CHARS, shorten, type Say } from './text.js';
import { sameRouteName } from '../../domain/route-names.js';
import { lineButton } from './buttons.js';

// "Where is my bus": one trip's facts in the rider's words (route, destination, minutes and stops
// away, how old the fix is, occupancy, wheelchair, the vehicle's number) and its place on a map.
// A fix past 3 minutes is said to be old, never shown as where the bus is now; what the source
// does not know (occupancy, stops away, wheelchair) is left out, not guessed.

/** Buttons under one arrivals message: one per live trip, up to this many. */
export const MAX_WHERE_BUTTONS = 4;
const MAX_DESTINATION_CHARS = 40;

/** "09:30" -> "0930": a trip's start as a button carries it (Telegram's callback data allows no ":"). */
export function tripKey(trip: Pick<Trip, 'startTime'>): string | undefined {
  return /^\d{2}:\d{2}$/.test(trip.startTime) ? trip.startTime.replace(':', '') : undefined;
}

export function whereButton(stopNo: string, routeNo: string, trip: Trip, say: Say): ReplyButton {
  const key = tripKey(trip);
  return {
    // The board's own words for the minutes ("now", "4 min"), so the button never says "0 min" beside "now".
    label: say('button-where', { routeNo, when: say('arrivals-minutes', { minutes: minutesAway(trip) }) }),
    command: { name: 'where', options: { stop: stopNo, route: routeNo, ...(key !== undefined ? { trip: key } : {}) } },
    effect: 'reply',
  };
}

/** A "📍" button per live trip (or trip with a fix) of the routes shown, soonest first. */
export function whereButtons(stopNo: string, routes: readonly RouteArrivals[], say: Say): ButtonGroup {
  const tracked = routes
    .filter((r) => r.problem === undefined)
    .flatMap((route) => route.trips.filter((t) => stopsHere(t) && (fromFeed(t) || t.position !== undefined)).map((trip) => ({ route, trip })));
  tracked.sort((a, b) => a.trip.minutesAway - b.trip.minutesAway);
  return tracked.slice(0, MAX_WHERE_BUTTONS).map(({ route, trip }) => whereButton(stopNo, route.routeNo, trip, say));
}

/** The trip a "where" asks for: by its start, else the next live one, else the next one. */
export function findTrip(arrivals: StopArrivals, routeNo: string, key: string | undefined): { route: RouteArrivals; trip: Trip } | undefined {
  const routes = arrivals.routes.filter((r) => r.problem === undefined && sameRouteName(routeNo, r.routeNo));
  const all = routes.flatMap((route) => route.trips.filter(stopsHere).map((trip) => ({ route, trip })));
  if (key !== undefined) return all.find(({ trip }) => tripKey(trip) === key);
  all.sort((a, b) => a.trip.minutesAway - b.trip.minutesAway);
  return all.find(({ trip }) => trip.position !== undefined) ?? all.find(({ trip }) => fromFeed(trip)) ?? all[0];
}

const OCCUPANCY_IDS = {
  empty: 'where-occupancy-empty',
  'many-seats': 'where-occupancy-many-seats',
  'few-seats': 'where-occupancy-few-seats',
  'standing-room': 'where-occupancy-standing',
  'crushed-standing': 'where-occupancy-crushed',
  full: 'where-occupancy-full',
  'not-accepting': 'where-occupancy-not-accepting',
} as const;

/** How old a fix is, in words: seconds under a minute, else minutes. */
function ageWords(ageMs: number, say: Say): string {
  const seconds = Math.round(ageMs / 1000);
  return seconds < 60 ? say('where-age-seconds', { seconds }) : say('where-age-minutes', { minutes: Math.round(seconds / 60) });
}

/** Why a trip has no fix: the network's feed gives none at all, its tracker sends none now, or it is only scheduled. */
function noFixId(arrivals: StopArrivals, trip: Trip): string {
  if (arrivals.noVehiclePositions === true) return 'where-no-fix-no-feed';
  return fromFeed(trip) ? 'where-no-fix' : 'where-no-fix-scheduled';
}

export interface WhereOptions {
  now: Date;
  say: Say;
}

/** One trip's facts, and the map link when there is a fix. */
export function formatWhere(arrivals: StopArrivals, route: RouteArrivals, trip: Trip, { now, say }: WhereOptions): Reply {
  const destination = shorten(headingWithoutRoute(trip.destination || route.heading, route.routeNo), MAX_DESTINATION_CHARS);
  const title = say('where-title', { routeNo: route.routeNo, destination });
  const stopName = nameOfStop(arrivals.stopName, arrivals.stopNo, MAX_NAME_CHARS) || arrivals.stopNo;
  const lines: string[] = [
    say('where-arrival', {
      when: say('arrivals-minutes', { minutes: minutesAway(trip) }),
      clock: clockTime(tripInstant(trip, now), arrivals.timeZone),
      stopName,
      stopNo: arrivals.stopNo,
    }),
  ];
  const reading = tripPosition(trip, now);
  const position = reading.kind === 'none' ? undefined : reading.position;
  if (position?.passed === true) lines.push(say('where-passed'));
  else if (position?.stopsAway !== undefined) lines.push(say('where-stops-away', { stops: position.stopsAway }));
  if (reading.kind === 'none') lines.push(say(noFixId(arrivals, trip)));
  else if (reading.kind === 'old') lines.push(say('where-fix-old', { age: ageWords(reading.ageMs, say) }));
  else if (reading.kind === 'suspect') lines.push(say('where-fix-suspect'));
  else lines.push(reading.ageMs !== undefined ? say('where-fix', { age: ageWords(reading.ageMs, say) }) : say('where-fix-now'));
  if (position?.speedKmh !== undefined && reading.kind === 'current') lines.push(say('where-speed', { speed: Math.round(position.speedKmh) }));
  if (position?.occupancy !== undefined) lines.push(say(OCCUPANCY_IDS[position.occupancy]));
  const wheelchair = tripWheelchair(trip);
  if (wheelchair !== undefined) lines.push(say(wheelchair ? 'where-wheelchair-yes' : 'where-wheelchair-no'));
  if (position?.label !== undefined && position.label !== '') lines.push(say('where-vehicle', { label: shorten(position.label, 20) }));
  const blocks: ReplyBlock[] = [{ lines }];
  if (position !== undefined) {
    const mapId = reading.kind === 'old' ? 'where-map-old' : reading.kind === 'suspect' ? 'where-map-suspect' : 'where-map';
    blocks.push({ lines: [say(mapId, { link: mapLink(position) })] });
  }
  const refresh: ReplyButton = {
    label: say('button-refresh'),
    command: { name: 'where', options: { stop: arrivals.stopNo, route: route.routeNo, ...(tripKey(trip) ? { trip: tripKey(trip)! } : {}) } },
    effect: 'update',
  };
  // 🚌 this very trip, followed to the stop in one message (format/track.ts).
  const track = tripKey(trip) !== undefined ? trackThis(arrivals.stopNo, route.routeNo, tripKey(trip)!, say) : undefined;
  return {
    title,
    blocks,
    footer: [say('arrivals-updated', { clock: clockTime(now, arrivals.timeZone) })],
    buttons: [[refresh, lineButton(arrivals.stopNo, route.routeNo, say), ...(track !== undefined && position?.passed !== true ? [track] : [])]],
    kind: 'answer',
    ...(position?.passed === true ? { trackingOver: true } : {}),
    ...(position !== undefined && reading.kind === 'current' && position.passed !== true
      ? { location: { lat: position.lat, lon: position.lon, ...(position.bearing !== undefined ? { bearing: position.bearing } : {}) } }
      : {}),
  };
}

/** 🚌 under a 📍: follow the trip it shows (the same request as the button under arrivals, format/track.ts). */
function trackThis(stopNo: string, routeNo: string, trip: string, say: Say): ReplyButton {
  return { label: say('button-track-this'), command: { name: 'track', options: { stop: stopNo, route: routeNo, trip } }, effect: 'reply' };
}
