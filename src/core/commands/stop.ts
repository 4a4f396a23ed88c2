import type { Reading } from '../command-request.js';
import { findStops } from '../find-stops.js';
import { stopDetails } from '../stop-details.js';
import { missingArg, tooManyWords } from './read-options.js';
import type { ReadContext } from '../read-context.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';

const spec: CommandSpec = {
  name: 'stop',
  args: [{ name: 'query', kind: 'stop-or-name', required: true, labelId: 'arg-stop-or-name' }],
  helpId: 'command-stop',
  descriptionId: 'command-stop.description',
  example: '/stop {stop}',
  asksTransit: true,
};

/** /stop <stop>: where it is and what serves it; /stop <words>: stops by name. */
export const stop: CommandModule = {
  spec,
  // A name takes every word ("/stop rideau centre"); a stop number among other words is a typo.
  wordsToOptions(words: string[], ctx: ReadContext): Reading<Options> {
    if (words.length === 0) return missingArg(spec, spec.args[0]!);
    if (words.length > 1 && words.some((w) => ctx.identifiers.readStop(w).ok)) return tooManyWords(spec);
    return { ok: true, value: { query: words.join(' ') } };
  },
  asksTransitFor: (options, ctx) => ctx.identifiers.readStop(options.query ?? '').ok,
  run(options, ctx) {
    const query = options.query!;
    return ctx.identifiers.readStop(query).ok ? stopDetails(query, ctx) : findStops(query, ctx);
  },
};
