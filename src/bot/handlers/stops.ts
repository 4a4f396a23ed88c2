import { chunk, messageReply, shorten } from '../format.js';
import type { Reply } from '../reply.js';
import type { HandlerContext } from './context.js';

/** /stops: the chat's saved stops, each a button for its next trips. */
export async function handleSavedStops(ctx: HandlerContext): Promise<Reply> {
  const saved = await ctx.settings.savedStops(ctx.chat);
  if (saved === undefined) return messageReply('failure', ctx.say('stops-failed'));
  if (saved.length === 0) return messageReply('answer', ctx.say('stops-none'));
  const labels = saved.map((s) => ctx.say('button-stop', { stopNo: s.stopNo, name: shorten(s.name ?? '', 30) }).trim());
  return {
    title: ctx.say('stops-title'),
    blocks: [{ lines: labels }],
    buttons: chunk(
      saved.map((s, i) => ({ label: labels[i]!, action: { type: 'next' as const, stopNo: s.stopNo } })),
      1,
    ),
    kind: 'answer',
  };
}
