import { fromFeed, stopsHere, type RouteArrivals, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import type { Reply, ReplyNotice } from '../../domain/reply.js';
import { sameRouteName } from '../../domain/route-names.js';
import { tripPosition } from '../../domain/vehicle-position.js';
import { routeProblemMessage } from '../format/failure-message.js';
import { nextAfter } from '../format/next-trip.js';
import { messageReply } from '../format/text.js';
import { clockTime } from '../format/clock-time.js';
import { followKey, formatTrack, stopWords, trackOver, trackRequest, type TrackedTrip } from '../format/track.js';
import { findTrip, tripKey } from '../format/vehicle.js';
import { transitFailure, type HandlerContext } from '../handler-context.js';
import { isRouteMistake, withRoutesHere } from '../routes-here.js';
import type { Reading } from '../command-request.js';
import { tooManyWords } from './read-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import { changedTrip } from './where.js';

// 🚌 /track <stop> <route> [trip] and 🛎 /off <stop> <route> at <stop>: one trip followed, by its
// start (which names it at every stop of its route), never "the route's next bus", until it passes
// the rider's stop, is cancelled or vanishes; with a stop to get off at, on to that stop, saying
// once when it is next and once when the bus is there (ReplyNotice, sent once per chat and key by
// the live rounds). The adapters keep the message (Reply.follow) and the rounds run the request again.

/** How long a track is followed at most, whatever the feed says: longer than a trip to a stop. */
export const TRACK_HOURS = 3;
/** Stops offered by the 🛎 button, after the rider's. */
const OFF_CHOICES = 12;

const trackSpec: CommandSpec = {
  name: 'track',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'trip', kind: 'trip-start', required: false, labelId: 'arg-trip', textOnly: true },
    { name: 'off', kind: 'stop', required: false, labelId: 'arg-off', textOnly: true },
    { name: 'direction', kind: 'direction', required: false, labelId: 'arg-direction', textOnly: true },
  ],
  helpId: 'command-track',
  descriptionId: 'command-track.description',
  example: '/track {stop} {route}',
  asksTransit: true,
};

const offSpec: CommandSpec = {
  name: 'off',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'off', kind: 'stop', required: false, labelId: 'arg-off' },
    { name: 'trip', kind: 'trip-start', required: false, labelId: 'arg-trip', textOnly: true },
    { name: 'direction', kind: 'direction', required: false, labelId: 'arg-direction', textOnly: true },
  ],
  helpId: 'command-off',
  descriptionId: 'command-off.description',
  example: '/off {stop} {route} at {stop}',
  asksTransit: true,
};

export const track: CommandModule = {
  spec: trackSpec,
  // "/track 3017 95", "/track 3017 95 0806", "/track 3017 95 0806 at 3020"; the way is the buttons' alone.
  wordsToOptions(words: string[], read): Reading<Options> {
    const at = words.findIndex((word, i) => i >= 2 && read.words.is('at', word));
    const head = at === -1 ? words : words.slice(0, at);
    const tail = at === -1 ? [] : words.slice(at + 1);
    if (head.length > 3 || tail.length > 1 || (at !== -1 && tail.length === 0)) return tooManyWords(trackSpec);
    const [stop, route, trip] = head;
    return {
      ok: true,
      value: { ...(stop ? { stop } : {}), ...(route ? { route } : {}), ...(trip ? { trip } : {}), ...(tail[0] ? { off: tail[0] } : {}) },
    };
  },
  optionsToWords: (options) => [
    options.stop ?? '',
    options.route ?? '',
    ...(options.trip !== undefined ? [options.trip] : []),
    ...(options.off !== undefined ? ['at', options.off] : []),
  ],
  run: (options, ctx) => runTrack(options, ctx),
};

export const off: CommandModule = {
  spec: offSpec,
  // "/off 3017 95 at 3020" (the marker in any language), or "/off 3017 95 3020".
  wordsToOptions(words: string[], read): Reading<Options> {
    const rest = words.filter((word, i) => !(i === 2 && read.words.is('at', word)));
    if (rest.length > 3) return tooManyWords(offSpec);
    const [stop, route, offStop] = rest;
    return { ok: true, value: { ...(stop ? { stop } : {}), ...(route ? { route } : {}), ...(offStop ? { off: offStop } : {}) } };
  },
  optionsToWords: (options) => [options.stop ?? '', options.route ?? '', ...(options.off !== undefined ? ['at', options.off] : [])],
  run: (options, ctx) => (options.off === undefined ? offChoices(options, ctx) : runTrack(options, ctx)),
};

/** The route's trips at a stop, in its one direction when known. */
const tripsOf = (arrivals: StopArrivals, routeNo: string, direction?: string) =>
  arrivals.routes
    .filter((r) => r.problem === undefined && sameRouteName(routeNo, r.routeNo))
    .filter((r) => direction === undefined || r.directionId === undefined || String(r.directionId) === direction)
    .flatMap((route) => route.trips.map((trip) => ({ route, trip })));

const findByKey = (arrivals: StopArrivals, routeNo: string, key: string) => tripsOf(arrivals, routeNo).find(({ trip }) => tripKey(trip) === key);

/** A route refused at the stop, said so with the routes that do stop there; undefined when it is served. */
async function refusedHere(arrivals: StopArrivals, routeNo: string, ctx: HandlerContext): Promise<Reply | undefined> {
  const refused = arrivals.routes.find((r) => r.problem?.kind === 'unknown-route' || r.problem?.kind === 'route-not-at-stop');
  if (refused?.problem === undefined || !arrivals.routes.every((r) => r.problem !== undefined)) return undefined;
  const { id, args } = routeProblemMessage(refused.problem, { routeNo: refused.routeNo || routeNo, stopNo: arrivals.stopNo });
  return withRoutesHere(messageReply('failure', ctx.say(id, args)), arrivals.stopNo, 'where', ctx);
}

/** Where the bus is about the stop the rider gets off at: next (it left the stop before), there, or neither yet. */
function offPhase(trip: Trip, now: Date): 'next' | 'reached' | undefined {
  const reading = tripPosition(trip, now);
  const position = reading.kind === 'current' ? reading.position : undefined;
  if (position?.passed === true) return 'reached';
  if (position?.stopsAway !== undefined) {
    if (position.stopsAway > 0) return undefined;
    return position.status === 'stopped-at' ? 'reached' : 'next';
  }
  // No stop progress from the feed: its minutes, once the bus is a minute away.
  return fromFeed(trip) && trip.minutesAway <= 1 ? 'next' : undefined;
}

async function runTrack(options: Options, ctx: HandlerContext): Promise<Reply> {
  const stopNo = options.stop!;
  const routeNo = options.route!;
  try {
    const arrivals = await ctx.transit.nextTrips(stopNo, routeNo);
    const refused = await refusedHere(arrivals, routeNo, ctx);
    if (refused !== undefined) return refused;
    const offArrivals = options.off !== undefined ? await ctx.transit.nextTrips(options.off, routeNo) : undefined;
    if (offArrivals !== undefined) {
      const offRefused = await refusedHere(offArrivals, routeNo, ctx);
      if (offRefused !== undefined) return offRefused;
    }
    const key = options.trip ?? chosenTrip(arrivals, routeNo, offArrivals);
    if (key === undefined) {
      return { ...messageReply('answer', ctx.say('where-no-trips', { routeNo, stopNo: arrivals.stopNo })), trackingOver: true };
    }
    const seen = findByKey(arrivals, routeNo, key)?.route.directionId;
    const direction = options.direction ?? (seen !== undefined ? String(seen) : undefined);
    const tracked: TrackedTrip = {
      stopNo: arrivals.stopNo,
      routeNo,
      trip: key,
      ...(offArrivals !== undefined ? { off: offArrivals.stopNo } : {}),
      ...(direction !== undefined ? { direction } : {}),
    };
    return trackNow(tracked, arrivals, offArrivals, ctx);
  } catch (err) {
    const failure = transitFailure(err, { stopNo, routeNo }, ctx);
    return isRouteMistake(err) ? withRoutesHere(failure, stopNo, 'where', ctx) : failure;
  }
}

/**
 * The trip a request without one means: with a stop to get off at, the bus the rider is on (the
 * soonest there that the feed follows and that is no longer to come at the stop they boarded at),
 * else the route's next bus at their stop (the next live one, else the next).
 */
function chosenTrip(arrivals: StopArrivals, routeNo: string, offArrivals: StopArrivals | undefined): string | undefined {
  if (offArrivals !== undefined) {
    const toCome = new Set(tripsOf(arrivals, routeNo).map(({ trip }) => tripKey(trip)));
    const aboard = tripsOf(offArrivals, routeNo)
      .filter(({ trip }) => stopsHere(trip) && fromFeed(trip) && !toCome.has(tripKey(trip)))
      .sort((a, b) => a.trip.minutesAway - b.trip.minutesAway)[0];
    if (aboard !== undefined) return tripKey(aboard.trip);
  }
  const found = findTrip(arrivals, routeNo, undefined);
  return found === undefined ? undefined : tripKey(found.trip);
}

function trackNow(tracked: TrackedTrip, arrivals: StopArrivals, offArrivals: StopArrivals | undefined, ctx: HandlerContext): Reply {
  const { say, now } = ctx;
  const nextOf = (trip: Trip | undefined) => {
    const routeTrips = tripsOf(arrivals, tracked.routeNo, tracked.direction);
    const after =
      trip !== undefined
        ? nextAfter(
            trip,
            routeTrips.map((t) => t.trip),
          )
        : undefined;
    return after ?? routeTrips.find(({ trip: t }) => stopsHere(t) && t.vanishedAt === undefined && tripKey(t) !== tracked.trip)?.trip;
  };
  const follow = (reply: Reply): Reply => ({
    ...reply,
    follow: {
      key: followKey(tracked),
      request: trackRequest(tracked),
      until: new Date(now.getTime() + TRACK_HOURS * 3600_000).toISOString(),
      already: say(tracked.off !== undefined ? 'track-already-off' : 'track-already', {
        routeNo: tracked.routeNo,
        ...(offArrivals ? { off: stopWords(offArrivals).stopName } : {}),
      }),
    },
  });
  const changed = changedTrip(arrivals, tracked.routeNo, tracked.trip);
  if (changed !== undefined) return trackOver(changed.kind, tracked, changed.next, say);
  const here = findByKey(arrivals, tracked.routeNo, tracked.trip);
  const passedHere = here === undefined || (tripPosition(here.trip, now).kind === 'current' && here.trip.position?.passed === true);
  if (here !== undefined && !passedHere) {
    const view = { arrivals, route: here.route, trip: here.trip, tracked, aboard: false, now, say };
    return follow(formatTrack(offArrivals !== undefined ? { ...view, offStop: stopWords(offArrivals) } : view));
  }
  // Past the stop the rider boards at: over, unless they said where they get off.
  if (offArrivals === undefined) return trackOver('passed', tracked, nextOf(here?.trip), say);
  const offChanged = changedTrip(offArrivals, tracked.routeNo, tracked.trip);
  if (offChanged !== undefined) return trackOver(offChanged.kind, tracked, undefined, say);
  const there = findByKey(offArrivals, tracked.routeNo, tracked.trip);
  // Not on the stop's board: gone past it when a later trip of its way is shown there; else still
  // too far off to be among the next ones shown (a board shows three), and followed on.
  const shownThere = tripsOf(offArrivals, tracked.routeNo, tracked.direction).map(({ trip }) => Number(tripKey(trip) ?? -1));
  if (there === undefined && shownThere.length > 0 && shownThere.every((start) => start < Number(tracked.trip))) {
    return follow(aboardFar(tracked, offArrivals, say, now));
  }
  const phase = there === undefined ? 'reached' : offPhase(there.trip, now);
  const notice = (kind: 'next' | 'reached'): ReplyNotice => ({
    key: `off:${followKey(tracked)}:${tracked.off}:${kind}`,
    reply: messageReply('answer', say(kind === 'next' ? 'off-next' : 'off-reached', stopWords(offArrivals))),
  });
  if (phase === 'reached' || there === undefined) return { ...trackOver('arrived', tracked, undefined, say), notices: [notice('reached')] };
  const reply = follow(formatTrack({ arrivals: offArrivals, route: there.route, trip: there.trip, tracked, aboard: true, now, say }));
  return phase === 'next' ? { ...reply, notices: [notice('next')] } : reply;
}

/** Aboard, the trip not yet among those shown at the stop the rider gets off at: said so, the minutes to come. */
function aboardFar(tracked: TrackedTrip, offArrivals: StopArrivals, say: HandlerContext['say'], now: Date): Reply {
  return {
    kind: 'answer',
    title: say('track-title-route', { routeNo: tracked.routeNo }),
    blocks: [{ lines: [say('track-aboard-far', stopWords(offArrivals))] }],
    footer: [say('track-footer', { clock: clockTime(now, offArrivals.timeZone) })],
  };
}

/** 🛎 pressed: the stops after the rider's on this trip's way, a button each; where the source draws no line, how to type it. */
async function offChoices(options: Options, ctx: HandlerContext): Promise<Reply> {
  const stopNo = options.stop!;
  const routeNo = options.route!;
  const typed = () => messageReply('answer', ctx.say('off-type', { command: `/off ${stopNo} ${routeNo}` }));
  if (ctx.transit.routeLine === undefined) return typed();
  try {
    const [arrivals, line] = await Promise.all([ctx.transit.nextTrips(stopNo, routeNo), ctx.transit.routeLine(routeNo, stopNo)]);
    const route: RouteArrivals | undefined =
      (options.trip !== undefined ? findByKey(arrivals, routeNo, options.trip)?.route : undefined) ?? findTrip(arrivals, routeNo, undefined)?.route;
    const ways = line?.directions ?? [];
    const way =
      ways.find((d) => route?.directionId !== undefined && d.directionId === route.directionId) ??
      ways.find((d) => route !== undefined && d.heading === route.heading) ??
      ways.find((d) => d.stops.findIndex((s) => s.rider === true) < d.stops.length - 1);
    const at = way?.stops.findIndex((s) => s.rider === true) ?? -1;
    const after =
      way === undefined || at === -1
        ? []
        : way.stops
            .slice(at + 1)
            .filter((s) => s.stopNo !== arrivals.stopNo)
            .slice(0, OFF_CHOICES);
    if (after.length === 0) return typed();
    const trip: Record<string, string> = options.trip !== undefined ? { trip: options.trip } : {};
    const dir: Record<string, string> = route?.directionId !== undefined ? { direction: String(route.directionId) } : {};
    return {
      kind: 'answer',
      blocks: [{ lines: [ctx.say('off-choose', { routeNo })] }],
      buttons: [
        after.map((s) => ({
          label: ctx.say('button-off-stop', stopWords({ stopName: s.name, stopNo: s.stopNo })),
          command: { name: 'off' as const, options: { stop: arrivals.stopNo, route: routeNo, off: s.stopNo, ...trip, ...dir } },
          effect: 'reply' as const,
        })),
      ],
    };
  } catch (err) {
    return transitFailure(err, { stopNo, routeNo }, ctx);
  }
}
