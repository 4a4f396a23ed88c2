import { formatRouteSummary } from '../format/route-summary.js';
import { transitFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /routes <stop>: what serves the stop, each route a button for its next trips. */
export const routes: CommandModule = {
  spec: {
    name: 'routes',
    args: [{ name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' }],
    helpId: 'command-routes',
    descriptionId: 'command-routes.description',
    example: '/routes {stop}',
    asksTransit: true,
  },
  async run(options, ctx) {
    const stopNo = options.stop!;
    try {
      return formatRouteSummary(await ctx.transit.routeSummary(stopNo), ctx.say);
    } catch (err) {
      return transitFailure(err, { stopNo }, ctx);
    }
  },
};
