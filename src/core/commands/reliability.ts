import type { Reading } from '../command-request.js';
import { formatReliability } from '../format/reliability.js';
import { transitFailure, type HandlerContext } from '../handler-context.js';
import type { ReliabilityQuery, ReliabilityReading } from '../../domain/accuracy.js';
import { missingArg, tooManyWords } from './read-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';

/** What riders' reports count back over: the week the figures speak of. */
const REPORTS_DAYS = 7;

/** /reliability <route>, /reliability <stop> <route>: how the feed's live times came out lately. */
const spec: CommandSpec = {
  name: 'reliability',
  // The route first: it is the one required (slash commands list required options first).
  args: [
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'stop', kind: 'stop', required: false, labelId: 'arg-stop' },
  ],
  helpId: 'command-reliability',
  descriptionId: 'command-reliability.description',
  example: '/reliability {stop} {route}',
  asksTransit: true,
};

export const reliability: CommandModule = {
  spec,
  // Typed as riders say it: the stop before the route.
  wordsToOptions(words: string[]): Reading<Options> {
    if (words.length === 0) return missingArg(spec, spec.args[0]!);
    if (words.length > 2) return tooManyWords(spec);
    return { ok: true, value: words.length === 1 ? { route: words[0]! } : { stop: words[0]!, route: words[1]! } };
  },
  optionsToWords: ({ stop, route }) => [stop, route].filter((w): w is string => w !== undefined),

  async run(options, ctx) {
    const query: ReliabilityQuery = { route: options.route!, ...(options.stop !== undefined ? { stop: options.stop } : {}) };
    let reading: ReliabilityReading;
    try {
      reading = ctx.transit.reliability === undefined ? { status: 'not-recorded' } : await ctx.transit.reliability(query);
    } catch (err) {
      return transitFailure(err, { ...(query.stop !== undefined ? { stopNo: query.stop } : {}), routeNo: query.route }, ctx);
    }
    return formatReliability(reading, await reportsOf(query, reading, ctx), ctx.say);
  },
};

/** Riders' reports of buses that did not come (the 👻 button), when the bot keeps them; a failure leaves them out. */
async function reportsOf(query: ReliabilityQuery, reading: ReliabilityReading, ctx: HandlerContext): Promise<number | undefined> {
  if (ctx.riderReports === undefined) return undefined;
  // The route and stop as the board showed them, which is how reports are kept.
  const route = reading.status === 'ok' ? reading.route : query.route;
  const stop = reading.status === 'ok' ? reading.stop : query.stop;
  try {
    return await ctx.riderReports.count({
      route,
      ...(stop !== undefined ? { stop } : {}),
      since: new Date(ctx.now.getTime() - REPORTS_DAYS * 86_400_000),
    });
  } catch (err) {
    ctx.logger?.warn({ err }, 'rider reports not read');
    return undefined;
  }
}
