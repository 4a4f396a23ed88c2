import { fromFeed, stopsHere, type RouteArrivals, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import type { ButtonGroup, Reply, ReplyButton } from '../../domain/reply.js';
import type { CommandRequest } from '../../domain/command-request.js';
import { mapLink, tripPosition } from '../../domain/vehicle-position.js';
import { clockTime, minutesAway, tripInstant } from './clock-time.js';
import { headingWithoutRoute, stopName as nameOfStop } from './names.js';
import { MAX_NAME_CHARS, shorten, type Say } from './text.js';
import { trustMark } from './trust.js';
import { tripKey } from './vehicle.js';

// 🚌 Track: one trip followed to the rider's stop, in one message its rounds redraw: the minutes
// with their trust mark, the stops left, where the bus is (an OpenStreetMap link), and, when the
// rider said where they get off, that stop. Its last words say why it ended and offer the next.

const MAX_DESTINATION_CHARS = 40;

/** The trip a track follows: its route and start, wherever it is asked (3017, then the stop it gets off at). */
export interface TrackedTrip {
  stopNo: string;
  routeNo: string;
  /** "0806": the trip's start, which names it at every stop of its route. */
  trip: string;
  /** The stop the rider gets off at, when said. */
  off?: string;
  /** The trip's direction_id ("0", "1"), once seen: the next one offered goes the same way. */
  direction?: string;
}

/** One per chat and trip: the same trip asked again, by a button or typed, is this key. */
export const followKey = (t: Pick<TrackedTrip, 'stopNo' | 'routeNo' | 'trip'>) => `${t.stopNo}:${t.routeNo}:${t.trip}`;

export function trackRequest(t: TrackedTrip): CommandRequest {
  return {
    name: 'track',
    options: {
      stop: t.stopNo,
      route: t.routeNo,
      trip: t.trip,
      ...(t.off !== undefined ? { off: t.off } : {}),
      ...(t.direction !== undefined ? { direction: t.direction } : {}),
    },
  };
}

/** "🚌 95 · 4 min" under arrivals and 📍: follows that trip. */
export function trackButton(stopNo: string, routeNo: string, trip: Trip, say: Say, direction?: number): ReplyButton | undefined {
  const key = tripKey(trip);
  if (key === undefined) return undefined;
  return {
    label: say('button-track', { routeNo, when: say('arrivals-minutes', { minutes: minutesAway(trip) }) }),
    command: {
      name: 'track',
      options: { stop: stopNo, route: routeNo, trip: key, ...(direction !== undefined ? { direction: String(direction) } : {}) },
    },
    effect: 'reply',
  };
}

/** A stop as riders read it: "LAURIER (3020)". */
export function stopWords(arrivals: Pick<StopArrivals, 'stopName' | 'stopNo'>): { stopName: string; stopNo: string } {
  return { stopName: nameOfStop(arrivals.stopName, arrivals.stopNo, MAX_NAME_CHARS) || arrivals.stopNo, stopNo: arrivals.stopNo };
}

export interface TrackView {
  /** Where the minutes are counted to: the rider's stop, or once aboard the stop they get off at. */
  arrivals: StopArrivals;
  route: RouteArrivals;
  trip: Trip;
  tracked: TrackedTrip;
  /** The stop they get off at, named, while the minutes are still to the stop they board at. */
  offStop?: { stopName: string; stopNo: string };
  /** The minutes count to the stop they get off at (the bus passed the one they boarded at). */
  aboard: boolean;
  now: Date;
  say: Say;
}

/** The tracked trip as it is now. */
export function formatTrack(view: TrackView): Reply {
  const { arrivals, route, trip, say, now } = view;
  const destination = shorten(headingWithoutRoute(trip.destination || route.heading, route.routeNo), MAX_DESTINATION_CHARS);
  const lines: string[] = [
    say(view.aboard ? 'track-to-off' : 'track-to-stop', {
      when: say('arrivals-minutes', { minutes: minutesAway(trip) }),
      clock: clockTime(tripInstant(trip, now), arrivals.timeZone),
      mark: trustMark(trip, say),
      ...stopWords(arrivals),
    }),
  ];
  const reading = tripPosition(trip, now);
  const position = reading.kind === 'none' ? undefined : reading.position;
  if (position?.stopsAway !== undefined && position.passed !== true) lines.push(say('where-stops-away', { stops: position.stopsAway }));
  if (position !== undefined) {
    const mapId = reading.kind === 'old' ? 'where-map-old' : reading.kind === 'suspect' ? 'where-map-suspect' : 'where-map';
    lines.push(say(mapId, { link: mapLink(position) }));
  } else lines.push(say('track-no-position'));
  if (position?.label !== undefined && position.label !== '') lines.push(say('where-vehicle', { label: shorten(position.label, 20) }));
  if (view.offStop !== undefined) lines.push(say('track-off-at', view.offStop));
  const buttons: ButtonGroup[] =
    view.tracked.off === undefined && !view.aboard
      ? [[{ label: say('button-get-off'), command: { name: 'off', options: offOptions(view.tracked) }, effect: 'reply' }]]
      : [];
  return {
    title: say('track-title', { routeNo: route.routeNo, destination }),
    blocks: [{ lines }],
    footer: [say('track-footer', { clock: clockTime(now, arrivals.timeZone) })],
    buttons,
    kind: 'answer',
    ...(position !== undefined && reading.kind === 'current' && position.passed !== true
      ? { location: { lat: position.lat, lon: position.lon, ...(position.bearing !== undefined ? { bearing: position.bearing } : {}) } }
      : {}),
  };
}

const OVER_IDS = {
  passed: 'track-over-passed',
  arrived: 'track-over-arrived',
  cancelled: 'track-over-cancelled',
  vanished: 'track-over-vanished',
  skipped: 'track-over-skipped',
} as const;

/** A track's last words: why it ended, and the route's next trip to follow instead (a button) when there is one. */
export function trackOver(
  why: 'passed' | 'arrived' | 'cancelled' | 'vanished' | 'skipped',
  tracked: TrackedTrip,
  next: Trip | undefined,
  say: Say,
): Reply {
  const direction = tracked.direction !== undefined ? Number(tracked.direction) : undefined;
  const button = next !== undefined ? trackButton(tracked.stopNo, tracked.routeNo, next, say, direction) : undefined;
  const nextButtonLabel =
    button !== undefined
      ? { ...button, label: say('button-track-next', { when: say('arrivals-minutes', { minutes: minutesAway(next!) }) }) }
      : undefined;
  return {
    kind: 'answer',
    blocks: [{ lines: [say(OVER_IDS[why], { routeNo: tracked.routeNo, stopNo: tracked.stopNo })] }],
    buttons: nextButtonLabel !== undefined ? [[nextButtonLabel]] : [],
    trackingOver: true,
    ...(why !== 'passed' ? { trackingOverWhy: why } : {}),
  };
}

/** The 🛎 button's request: this trip, its way when known. */
function offOptions(t: TrackedTrip): Record<string, string> {
  return { stop: t.stopNo, route: t.routeNo, trip: t.trip, ...(t.direction !== undefined ? { direction: t.direction } : {}) };
}

/** Routes under one arrivals message that get a 🚌, at most. */
export const MAX_TRACK_BUTTONS = 3;

/** A 🚌 per route direction shown, for its next trip the feed follows (soonest first). */
export function trackButtons(stopNo: string, routes: readonly RouteArrivals[], say: Say): ReplyButton[] {
  const firsts = routes
    .filter((r) => r.problem === undefined)
    .flatMap((route) => {
      const trip = route.trips.find((t) => stopsHere(t) && t.vanishedAt === undefined && fromFeed(t));
      return trip !== undefined ? [{ route, trip }] : [];
    })
    .sort((a, b) => a.trip.minutesAway - b.trip.minutesAway)
    .slice(0, MAX_TRACK_BUTTONS);
  return firsts.flatMap(({ route, trip }) => trackButton(stopNo, route.routeNo, trip, say, route.directionId) ?? []);
}
