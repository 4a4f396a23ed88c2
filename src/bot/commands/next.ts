import type { Reading } from '../command-request.js';
import { formatArrivals } from '../format/arrivals.js';
import { disruptionsUnderArrivals } from '../format/disruptions.js';
import { readDisruptions } from '../read-disruptions.js';
import { nextButton, notifyButton } from '../format/buttons.js';
import { stopName } from '../format/names.js';
import { transferStops } from '../transfer-stops.js';
import { transitFailure } from '../handler-context.js';
import { isLabel, missingArg, stopProblem, tooManyWords } from './read-options.js';
import type { ReadContext } from '../read-context.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';

/** /next <stop> [route], a bare "3017 95", and the Refresh and route buttons. */
const spec: CommandSpec = {
  name: 'next',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
  ],
  helpId: 'command-next',
  descriptionId: 'command-next.description',
  example: '/next {stop} {route}',
  asksTransit: true,
};

export const next: CommandModule = {
  spec,

  // Riders type the stop and the route in either order ("95 3017"): the stop is the word that
  // reads as one.
  wordsToOptions(words: string[], ctx: ReadContext): Reading<Options> {
    if (words.length === 0) return missingArg(spec, spec.args[0]!);
    if (words.length > 2) return tooManyWords(spec);
    let stopAt = words.findIndex((w) => ctx.identifiers.readStop(w).ok);
    // Else a name the chat saved a stop under ("home"), which is no route; where any word may be
    // a route (a GTFS agency's "Yellow"), the first word, as riders type the stop first.
    if (stopAt === -1) stopAt = words.findIndex((w) => isLabel(w) && !ctx.identifiers.readRoute(w).ok);
    if (stopAt === -1 && isLabel(words[0]!) && !/[0-9]/.test(words[0]!)) stopAt = 0;
    if (stopAt === -1) {
      const notRoute = words.find((w) => !ctx.identifiers.readRoute(w).ok);
      if (notRoute === undefined && words.length > 1) return missingArg(spec, spec.args[0]!);
      const word = notRoute ?? words[0]!;
      const reading = ctx.identifiers.readStop(word);
      return reading.ok ? { ok: true, value: { stop: word } } : stopProblem(word, reading.problem);
    }
    const route = words[1 - stopAt];
    return { ok: true, value: route === undefined ? { stop: words[stopAt]! } : { stop: words[stopAt]!, route } };
  },

  async run(options, ctx) {
    const stopNo = options.stop!;
    const routeNo = options.route;
    try {
      const arrivals = routeNo === undefined ? await ctx.transit.nextTripsAllRoutes(stopNo) : await ctx.transit.nextTrips(stopNo, routeNo);
      // Beside the arrivals, never instead of them: a disruptions feed that fails is one line.
      const disrupted = await readDisruptions(ctx.transit, arrivals.stopNo, routeNo, ctx.logger);
      const reply = formatArrivals(arrivals, {
        now: ctx.now,
        say: ctx.say,
        ...(routeNo !== undefined ? { routeNo } : {}),
        ...(ctx.chat.maxReplyChars !== undefined ? { maxReplyChars: ctx.chat.maxReplyChars } : {}),
      });
      if (reply.kind !== 'answer') return reply;
      // One route asked, with buses to come: a button sets a one-shot alert for when the next is near.
      const coming = arrivals.routes.some((r) => r.routeNo === routeNo && r.problem === undefined && r.trips.length > 0);
      const notify = routeNo !== undefined && coming ? [[notifyButton(arrivals.stopNo, routeNo, ctx.say)]] : [];
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
      );
      return {
        ...reply,
        blocks: [...reply.blocks, ...under.blocks],
        buttons: [...(reply.buttons ?? []), ...under.buttons, ...notify, ...(transfers.length > 0 ? [transfers] : [])],
      };
    } catch (err) {
      return transitFailure(err, { stopNo, ...(routeNo !== undefined ? { routeNo } : {}) }, ctx);
    }
  },
};
