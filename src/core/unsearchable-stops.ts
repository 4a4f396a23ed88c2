import type { HandlerContext } from './handler-context.js';

// Stops by name and place come from each feed's schedule: a feed whose schedule is loading, or
// could not be read, has none in the index. A search that finds nothing there is not "no such
// stop", and a search that finds others' stops is not the whole answer: riders are told which.

/** One line per feed whose stops the index lacks, and whether it had none at all to search. */
export function unsearchableStops(ctx: HandlerContext): { lines: string[]; nothingToSearch: boolean } {
  const lacking = (ctx.transit.status?.() ?? []).filter((s) => s.schedule !== 'ready');
  const lines = lacking.map((s) => ctx.say('stops-unsearchable', { network: s.name ?? 'none', why: s.schedule }));
  return { lines, nothingToSearch: lines.length > 0 && (ctx.stops?.size ?? 0) === 0 };
}
