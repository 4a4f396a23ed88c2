import { nextButton } from './format/buttons.js';
import { stopName } from './format/names.js';
import { messageReply, shorten } from './format/text.js';
import type { HandlerContext } from './handler-context.js';
import { unsearchableStops } from './unsearchable-stops.js';
import type { Reply } from '../domain/reply.js';

const SHOWN = 8;
const COUNTED = 100;

/** /stop <name words>: stops whose name has every word, each a button for its next trips. */
export function findStops(query: string, ctx: HandlerContext): Reply {
  const words = shorten(query, 40);
  if (ctx.stops === undefined) return messageReply('usage-error', ctx.say('stop-search-no-index'));
  // A feed without a schedule has no stops to search: said, rather than "no stop matches".
  const unsearchable = unsearchableStops(ctx);
  if (unsearchable.nothingToSearch) return { kind: 'failure', blocks: [{ lines: unsearchable.lines }] };
  const gaps = unsearchable.lines.length > 0 ? [{ lines: unsearchable.lines }] : [];
  const found = ctx.stops.search(query, COUNTED);
  if (found.length === 0) return { kind: 'answer', blocks: [{ lines: [ctx.say('stop-search-none', { words })] }, ...gaps] };
  const shown = found.slice(0, SHOWN);
  // The code is the label's first word: a name that repeats it is cut before it, not at it.
  const labels = shown.map((s) => ctx.say('button-stop', { stopNo: s.code, name: stopName(s.name, s.code, 40) }));
  const more = found.length - shown.length;
  return {
    title: ctx.say('stop-search-title', { words }),
    blocks: [{ lines: more > 0 ? [...labels, ctx.say('stop-search-more', { count: more })] : labels }, ...gaps],
    buttons: [shown.map((s, i) => nextButton(labels[i]!, s.code))],
    kind: 'answer',
  };
}
