import { chunk, messageReply, shorten } from '../format.js';
import type { Reply } from '../reply.js';
import type { HandlerContext } from './context.js';

const SHOWN = 8;
const COUNTED = 100;

/** /stop <name words>: stops whose name has every word, each a button for its next trips. */
export function handleFindStop(request: { words: string }, ctx: HandlerContext): Reply {
  const words = shorten(request.words, 40);
  if (ctx.stops === undefined) return messageReply('usage-error', ctx.say('stop-search-no-index'));
  const found = ctx.stops.search(request.words, COUNTED);
  if (found.length === 0) return messageReply('answer', ctx.say('stop-search-none', { words }));
  const shown = found.slice(0, SHOWN);
  const labels = shown.map((s) => ctx.say('button-stop', { stopNo: s.code, name: shorten(s.name, 40) }));
  const more = found.length - shown.length;
  return {
    title: ctx.say('stop-search-title', { words }),
    blocks: [{ lines: more > 0 ? [...labels, ctx.say('stop-search-more', { count: more })] : labels }],
    buttons: chunk(shown.map((s, i) => ({ label: labels[i]!, action: { type: 'next' as const, stopNo: s.code } })), 1),
    kind: 'answer',
  };
}
