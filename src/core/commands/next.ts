import { usage, type Reading } from '../command-request.js';
import { formatArrivals } from '../format/arrivals.js';
import { mapLinks } from '../format/map-links.js';
import { disruptionsUnderArrivals } from '../format/disruptions.js';
import { readDisruptions, stopInstead } from '../read-disruptions.js';
import { leaveButton, nextButton, notifyButton } from '../format/buttons.js';
import { reportButtons } from '../format/report-buttons.js';
import { stopName } from '../format/names.js';
import { transferStops } from '../transfer-stops.js';
import { isRouteMistake, withRoutesHere } from '../routes-here.js';
import { transitFailure, type HandlerContext } from '../handler-context.js';
import { clip, isLabel, missingArg, stopNameOf, stopProblem, tooManyWords } from './read-options.js';
import type { ReadContext } from '../read-context.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import type { Reply } from '../../domain/reply.js';
import { formatLater, laterTimeStart, readLater } from './later-words.js';
import { laterBoard } from './later-board.js';
import { sameRouteName } from '../../domain/route-names.js';
import { directionsAt, directionValue } from '../route-directions.js';

/** /next <stop> [route], a bare "3017 95", and the Refresh and route buttons. */
const spec: CommandSpec = {
  name: 'next',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
    // "tomorrow", "at 07:00", "sunday", "first", "last": the schedule's trips then (later-board.ts).
    { name: 'when', kind: 'when', required: false, labelId: 'arg-later' },
  ],
  helpId: 'command-next',
  descriptionId: 'command-next.description',
  example: '/next {stop} {route}',
  asksTransit: true,
};

export const next: CommandModule = {
  spec,

  // Riders type the stop and the route in either order ("95 3017"): the stop is the word that
  // reads as one. Without one, the words name a stop (saved as "home", or called "palo alto"),
  // with perhaps a route at either end; a route alone ("/next 95") is asked where.
  wordsToOptions(typed: string[], ctx: ReadContext): Reading<Options> {
    // A later time comes last ("3017 95 tomorrow at 07:00"); a stop's name may hold a short day ("del mar").
    const start = laterTimeStart(
      typed,
      ctx.words,
      typed.some((w) => ctx.identifiers.readStop(w).ok),
    );
    if (start === typed.length) return stopAndRoute(typed, ctx);
    const later = readLater(typed.slice(start), ctx.words);
    if (!later.ok) return later;
    const options = stopAndRoute(typed.slice(0, start), ctx);
    return options.ok ? { ok: true, value: { ...options.value, when: formatLater(later.value) } } : options;
  },

  async run(options, ctx) {
    if (options.when !== undefined) return laterBoard(options, ctx);
    return nextTrips(options, ctx);
  },
};

function stopAndRoute(words: string[], ctx: ReadContext): Reading<Options> {
  if (words.length === 0) return missingArg(spec, spec.args[0]!);
  const stopAt = words.findIndex((w) => ctx.identifiers.readStop(w).ok);
  if (stopAt !== -1) {
    const rest = words.filter((_, i) => i !== stopAt);
    if (rest.length > 1) return tooManyWords(spec);
    return { ok: true, value: rest[0] === undefined ? { stop: words[stopAt]! } : { stop: words[stopAt]!, route: rest[0] } };
  }
  const routeAt = routeAmong(words, ctx);
  const named = words.filter((_, i) => i !== routeAt).join(' ');
  const name = stopNameOf(named);
  if (name !== undefined) return { ok: true, value: routeAt === -1 ? { stop: name } : { stop: name, route: words[routeAt]! } };
  // Only route numbers: which stop?
  if (words.every((w) => ctx.identifiers.readRoute(w).ok))
    return routeAt === -1 || words.length > 1 ? missingArg(spec, spec.args[0]!) : whichStop(words[0]!);
  const reading = ctx.identifiers.readStop(named);
  return reading.ok ? { ok: true, value: { stop: named } } : stopProblem(named, reading.problem);
}

async function nextTrips(options: Options, ctx: HandlerContext): Promise<Reply> {
  const stopNo = options.stop!;
  const routeNo = options.route;
  try {
    const arrivals = routeNo === undefined ? await ctx.transit.nextTripsAllRoutes(stopNo) : await ctx.transit.nextTrips(stopNo, routeNo);
    // Beside the arrivals, never instead of them: a disruptions feed that fails is one line.
    const disrupted = await readDisruptions(ctx.transit, arrivals.stopNo, routeNo, ctx.logger);
    // A stop a disruption closes or moves: the stop it sends riders to, when its text names one the feed knows.
    const instead = stopInstead(disrupted, arrivals.stopNo, ctx.stops);
    const reply = formatArrivals(arrivals, {
      now: ctx.now,
      say: ctx.say,
      ...(instead !== undefined ? { stopInstead: instead.stop } : {}),
      ...(routeNo !== undefined ? { routeNo } : {}),
      ...(ctx.chat.maxReplyChars !== undefined ? { maxReplyChars: ctx.chat.maxReplyChars } : {}),
    });
    if (reply.kind !== 'answer') {
      // "/next 3017 96": what does stop here, a tap away.
      const routeRefused =
        routeNo !== undefined &&
        arrivals.routes.length > 0 &&
        arrivals.routes.every((r) => r.problem?.kind === 'unknown-route' || r.problem?.kind === 'route-not-at-stop');
      return routeRefused ? withRoutesHere(reply, arrivals.stopNo, 'next', ctx) : reply;
    }
    // One route asked, with buses to come: a button sets a one-shot alert for when the next is near.
    const coming =
      routeNo !== undefined && arrivals.routes.some((r) => sameRouteName(routeNo, r.routeNo) && r.problem === undefined && r.trips.length > 0);
    // Trips this chat was shown before whose time has passed: "👻 95 07:42 didn't come?".
    const passed = ctx.riderReports !== undefined && ctx.shownTrips !== undefined ? ctx.shownTrips.show(ctx.chat, arrivals, routeNo, ctx.now) : [];
    const ghosts = passed.length > 0 ? [reportButtons(arrivals.stopNo, passed, arrivals.timeZone, ctx.say)] : [];
    // A route going two ways here: one 🔔 per way, so the alert watches the rider's bus only.
    const ways = coming
      ? directionsAt(
          arrivals.routes.filter((r) => r.trips.length > 0),
          routeNo,
        )
      : [];
    // A chat with a place it leaves from: a 🚶 beside each 🔔, "tell me when to leave".
    const walks = coming && (await hasPlace(ctx));
    const notify = !coming
      ? []
      : ways.length > 1
        ? walks
          ? ways.map((way) => {
              const value = { name: way.name, value: directionValue(ways, way) };
              return [notifyButton(arrivals.stopNo, routeNo, ctx.say, value), leaveButton(arrivals.stopNo, routeNo, ctx.say, value)];
            })
          : [ways.map((way) => notifyButton(arrivals.stopNo, routeNo, ctx.say, { name: way.name, value: directionValue(ways, way) }))]
        : [[notifyButton(arrivals.stopNo, routeNo, ctx.say), ...(walks ? [leaveButton(arrivals.stopNo, routeNo, ctx.say)] : [])]];
    // Another agency's stop across the corner: its board a tap away.
    const across = ctx.stops === undefined ? [] : transferStops(arrivals.stopNo, ctx.stops);
    const transfers = across.map((stop) =>
      nextButton(ctx.say('button-transfer', { stopNo: stop.code, name: stopName(stop.name, stop.code, 30) }), stop.code),
    );
    const under = disruptionsUnderArrivals(
      disrupted,
      { stopNo: arrivals.stopNo, ...(routeNo !== undefined ? { routeNo } : {}) },
      ctx.locale,
      ctx.say,
      instead,
    );
    const links = mapLinks(arrivals, routeNo, ctx);
    return {
      ...reply,
      blocks: [...reply.blocks, ...under.blocks],
      buttons: [...(reply.buttons ?? []), ...ghosts, ...under.buttons, ...notify, ...(transfers.length > 0 ? [transfers] : [])],
      ...(links.length > 0 ? { links } : {}),
    };
  } catch (err) {
    const failure = transitFailure(err, { stopNo, ...(routeNo !== undefined ? { routeNo } : {}) }, ctx);
    return isRouteMistake(err) ? withRoutesHere(failure, stopNo, 'next', ctx) : failure;
  }
}

/**
 * Which word is the route, when no word is a stop number: one holding a digit, last or first
 * ("home 95", "95 home", "/next 95"); else the second of two where any word may be a route (a
 * GTFS agency's "Yellow"): "home Yellow". -1: none.
 */
function routeAmong(words: string[], ctx: ReadContext): number {
  const numbered = (w: string) => /[0-9]/.test(w) && ctx.identifiers.readRoute(w).ok;
  const last = words.length - 1;
  if (numbered(words[last]!)) return last;
  if (numbered(words[0]!)) return 0;
  return words.length === 2 && isLabel(words[0]!) && ctx.identifiers.readRoute(words[1]!).ok ? 1 : -1;
}

/** "/next 95": a route without a stop; the rider is asked at which stop (their saved stops offered). */
function whichStop(route: string): Reading<Options> {
  return usage('usage-route-without-stop', { route: clip(route) });
}

/** Whether the chat saved a place to leave from; a store that cannot say offers no 🚶. */
async function hasPlace(ctx: HandlerContext): Promise<boolean> {
  try {
    return ctx.places !== undefined && (await ctx.places.list(ctx.chat)).length > 0;
  } catch {
    return false;
  }
}
