import { stopsHere, type RouteArrivals, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import type { Reply, ReplyBlock } from '../../domain/reply.js';
import { lineButton, refreshAndSave, routeButtons } from './buttons.js';
import { clockTime, minutesAway, tripInstant } from './clock-time.js';
import { routeProblemMessage } from './failure-message.js';
import { headingWithoutRoute, stopName } from './names.js';
import { compareForArrivals, compareRoutes, moreRoutesLine } from './route-order.js';
import { MAX_NAME_CHARS, shorten, type Say } from './text.js';
import { deviationNote, trustLegend, trustMark, vanishedNext } from './trust.js';
import { whereButtons } from './vehicle.js';
import { trackButtons } from './track.js';
import { unconfirmedLines } from './unconfirmed.js';

/** Route blocks per reply: one per 250 characters of message (8 on Discord, 16 on Telegram). */
const CHARS_PER_ROUTE_BLOCK = 250;
/** The platform's size when the adapter says none (the terminal): Discord's, the smallest. */
export const DEFAULT_MAX_REPLY_CHARS = 2_000;
// The title, footer, "more routes" line and button labels take the rest of a message.
const ROUTE_BLOCKS_SHARE = 0.65;
const GPS_UNCERTAIN_AFTER_MINUTES = 3;
/** A 📍 button's command as a text platform writes it beside the label ("/where 3017 95 0740"). */
const WHERE_HINT_CHARS = 50;
const MAX_HEADING_CHARS = 40;

/**
 * What the route's heading says besides its number ("LACEWOOD TERMINAL", never "4 LACEWOOD
 * TERMINAL" again); else its direction, in the chat's words already (localized-source.ts).
 */
function bareHeading(route: RouteArrivals): string {
  return headingWithoutRoute(route.heading || route.direction, route.routeNo);
}

function routeHeading(route: RouteArrivals, say: Say): string {
  const heading = bareHeading(route) || headingWithoutRoute(route.trips[0]?.destination ?? '', route.routeNo);
  return say('arrivals-route-heading', { routeNo: route.routeNo, heading: shorten(heading, MAX_HEADING_CHARS) }).trim();
}

/** A route with nothing more today: folded with the others into one line, not a block each. */
const doneForToday = (route: RouteArrivals) => route.problem === undefined && route.trips.length === 0;

/** A trip only promised every N minutes, its service already running: no time is worth showing. */
const byHeadway = (trip: Trip): trip is Trip & { headwayMinutes: number } =>
  trip.headwayMinutes !== undefined && minutesAway(trip) <= trip.headwayMinutes;

/** The minutes first, then the clock and the trust mark; a trip that will not stop here is never a countdown. */
function tripTime(trip: Trip, clock: string, zone: string, say: Say): string {
  if (trip.cancelled === true) return say('arrivals-trip-cancelled', { clock });
  if (trip.skipped === true) return say('arrivals-trip-skipped', { clock });
  if (trip.vanishedAt !== undefined) return say('arrivals-trip-vanished', { clock, since: clockTime(trip.vanishedAt, zone) });
  const source = trustMark(trip, say);
  if (byHeadway(trip)) return say('arrivals-trip-every', { minutes: trip.headwayMinutes, source });
  return say('arrivals-trip', { when: say('arrivals-minutes', { minutes: minutesAway(trip) }), clock, source });
}

function tripLine(trip: Trip, route: RouteArrivals, heading: string, now: Date, zone: string, say: Say, instead?: string): string {
  let line = tripTime(trip, clockTime(tripInstant(trip, now), zone), zone, say);
  const destination = shorten(headingWithoutRoute(trip.destination, route.routeNo), MAX_HEADING_CHARS);
  if (destination !== '' && destination.toLowerCase() !== heading.toLowerCase()) {
    line = say('arrivals-trip-to', { trip: line, destination });
  }
  const notes = tripNotes(trip, route, say);
  // A trip passing the stop by: the stop a disruption sends riders to instead, when one names it.
  if (trip.skipped === true && instead !== undefined) notes.push(say('arrivals-note-use-stop', { stop: instead }));
  const next = vanishedNext(trip, route.trips, now, zone, say);
  if (next !== undefined) notes.push(next);
  return notes.length > 0 ? say('arrivals-trip-with-notes', { trip: line, notes: notes.join(', ') }) : line;
}

function tripNotes(trip: Trip, route: RouteArrivals, say: Say): string[] {
  const notes: string[] = [];
  const deviation = stopsHere(trip) ? deviationNote(trip, say) : undefined;
  if (deviation !== undefined) notes.push(deviation);
  // "last train" on a train route; a source that names no mode: the feed's vehicles.
  if (trip.lastTrip) notes.push(say('arrivals-note-last', { mode: route.mode ?? 'unknown' }));
  if (trip.bus.doubleDecker) notes.push(say('arrivals-note-double-decker'));
  if (trip.bus.length === 60) notes.push(say('arrivals-note-60ft'));
  if (trip.bus.bikeRack) notes.push(say('arrivals-note-bike-rack'));
  // A tracked trip's own fix is fresh, whatever the age of the prediction's measure.
  if (trip.trust === 'predicted' && trip.gpsAgeMinutes !== undefined && trip.gpsAgeMinutes > GPS_UNCERTAIN_AFTER_MINUTES) {
    notes.push(say('arrivals-note-gps-old', { age: Math.round(trip.gpsAgeMinutes) }));
  }
  return notes;
}

function routeBlock(route: RouteArrivals, stopNo: string, now: Date, zone: string, say: Say, instead?: string): ReplyBlock {
  const heading = routeHeading(route, say);
  if (route.problem !== undefined) {
    const { id, args } = routeProblemMessage(route.problem, { routeNo: route.routeNo, stopNo });
    return { heading, lines: [say(id, args)] };
  }
  if (route.trips.length === 0) return { heading, lines: [say('arrivals-no-trips')] };
  const bare = shorten(bareHeading(route), MAX_HEADING_CHARS);
  return { heading, lines: blockTrips(route).map((trip) => tripLine(trip, route, bare, now, zone, say, instead)) };
}

/** The trips a route's block shows: three at most, "every 10 min" once (the runs after it are the same promise, not times to read). */
function blockTrips(route: RouteArrivals): Trip[] {
  const every = route.trips.findIndex(byHeadway);
  return route.trips.filter((trip, i) => every === -1 || i <= every || trip.headwayMinutes === undefined).slice(0, 3);
}

export interface ArrivalsOptions {
  now: Date;
  say: Say;
  /** The route the rider asked for; absent for all routes (then each route gets a button). */
  routeNo?: string;
  /** The adapter's message size; the route blocks take a share of it, the rest are counted in a line. */
  maxReplyChars?: number;
  /** The stop a disruption sends riders to instead of this one (read-disruptions.ts stopInstead): named on trips that skip it. */
  stopInstead?: string;
}

/** Next trips at a stop -> the reply every platform shows. */
export function formatArrivals(arrivals: StopArrivals, { now, say, routeNo, maxReplyChars, stopInstead }: ArrivalsOptions): Reply {
  const stopNo = arrivals.stopNo;
  const title = say('arrivals-title', { stopName: stopName(arrivals.stopName, stopNo, MAX_NAME_CHARS) || stopNo, stopNo });
  const sorted = [...arrivals.routes].sort(compareForArrivals);
  // All routes: those done for the day share one line ("No more today: 94, 16"), a phone's screen
  // kept for the trips to come. One route asked for keeps its own block, its heading with it.
  const folded = routeNo === undefined ? doneRoutes(sorted) : [];
  const routes = sorted.filter((route) => !folded.includes(route));
  const size = maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS;
  // The 📍 buttons take room of their own (as text, where a platform shows buttons as lines): kept from the blocks'.
  const whereRoom = [...whereButtons(stopNo, routes, say), ...trackButtons(stopNo, routes, say)].reduce(
    (n, button) => n + button.label.length + WHERE_HINT_CHARS,
    0,
  );
  const budget = Math.floor(size * ROUTE_BLOCKS_SHARE) - whereRoom;
  const maxBlocks = Math.max(1, Math.floor(size / CHARS_PER_ROUTE_BLOCK));
  const blocks: ReplyBlock[] = [];
  let used = 0;
  for (const route of routes) {
    const block = routeBlock(route, stopNo, now, arrivals.timeZone, say, stopInstead);
    const chars = [block.heading ?? '', ...block.lines].reduce((n, line) => n + line.length + 1, 0);
    if (blocks.length === maxBlocks || (blocks.length > 0 && used + chars > budget)) break;
    blocks.push(block);
    used += chars;
  }
  const shown = routes.slice(0, blocks.length);
  if (folded.length > 0) blocks.push({ lines: [say('arrivals-done-today', { routes: routeList(folded) })] });
  if (sorted.length === 0) blocks.push({ lines: [say('arrivals-none')] });
  // Another agency's stop of the same code could not be checked: said first, before any time is read.
  const unconfirmed = unconfirmedLines(arrivals.unconfirmed, stopNo, say);
  if (unconfirmed.length > 0) blocks.unshift({ lines: unconfirmed });

  const more = moreRoutesLine(routes, shown.length, stopNo, say);
  if (more !== undefined) blocks.push({ lines: [more] });
  // A route the source refused here (it does not stop here, it does not exist) gets no button.
  const shownRouteNos = [...new Set(shown.filter((r) => r.problem === undefined).map((r) => r.routeNo))];

  const anyTrips = shown.some((r) => r.problem === undefined && r.trips.length > 0);
  const allFailed = routes.length > 0 && folded.length === 0 && routes.every((r) => r.problem !== undefined);
  // A live feed that is down or stale is said so: its trips are the schedule's, never passed off as
  // live, but for those estimated from their bus's position (🧭), which the note names.
  const estimated = shownTrips(shown).some((trip) => trip.trust === 'estimated') ? 'yes' : 'no';
  const liveNote =
    arrivals.liveUnavailable === true
      ? [say('arrivals-live-unavailable', { estimated })]
      : arrivals.staleFeed === true
        ? [staleNote(arrivals, estimated, say)]
        : [];
  const legend = anyTrips ? trustLegend(shownTrips(shown), say, arrivals.noVehiclePositions === true) : undefined;
  const footer = [...liveNote, ...(legend !== undefined ? [legend] : []), say('arrivals-updated', { clock: clockTime(now, arrivals.timeZone) })];
  const where = whereButtons(stopNo, shown, say);
  const tracks = trackButtons(stopNo, shown, say);
  // 🛤 beside the 📍s: the route asked, else the route of the soonest bus with a 📍.
  const drawn = routeNo !== undefined && shownRouteNos.length > 0 ? shownRouteNos[0] : where[0]?.command.options.route;
  const line = drawn !== undefined ? [lineButton(stopNo, drawn, say)] : [];
  const buttons = [
    refreshAndSave(stopNo, routeNo, say),
    ...(where.length > 0 || line.length > 0 ? [[...where, ...line]] : []),
    // 🚌 each route's next bus the feed follows, kept in one message to the stop (format/track.ts).
    ...(tracks.length > 0 ? [tracks] : []),
    ...(routeNo === undefined && shownRouteNos.length > 0 ? [routeButtons(stopNo, shownRouteNos, say)] : []),
  ];
  return { title, blocks, footer, buttons: allFailed ? [] : buttons, kind: allFailed ? 'failure' : 'answer' };
}

/** A stale feed's age, when known: riders judge "out of date" by how much. */
function staleNote(arrivals: StopArrivals, estimated: 'yes' | 'no', say: Say): string {
  return arrivals.feedAgeMinutes === undefined
    ? say('arrivals-live-stale', { estimated })
    : say('arrivals-live-stale-age', { minutes: arrivals.feedAgeMinutes, estimated });
}

/** The trips the route blocks show, those the source refused aside. */
function shownTrips(routes: readonly RouteArrivals[]): Trip[] {
  return routes.filter((route) => route.problem === undefined).flatMap(blockTrips);
}

/** Routes with no trip left today, unless another direction of the same route still has some. */
function doneRoutes(sorted: readonly RouteArrivals[]): RouteArrivals[] {
  const running = new Set(sorted.filter((route) => !doneForToday(route)).map((route) => route.routeNo));
  return sorted.filter((route) => doneForToday(route) && !running.has(route.routeNo));
}

/** "94, 16" in the routes' order, each route once (its two directions are one route to a rider). */
function routeList(routes: readonly RouteArrivals[]): string {
  return [...new Set([...routes].sort(compareRoutes).map((route) => route.routeNo))].join(', ');
}
