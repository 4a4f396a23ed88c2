import { messageReply } from '../format.js';
import type { Reply } from '../reply.js';
import { MAX_SAVED_STOPS } from '../settings.js';
import { isUnknownStop, transitFailure, type HandlerContext } from './context.js';

/** /save <stop> and the "Save stop" button: remembers the stop (with its name when known). */
export async function handleSave(request: { stopNo: string }, ctx: HandlerContext): Promise<Reply> {
  const { stopNo } = request;
  // The API names the stop as a whole ("BASELINE STATION"), as /next titles it; the stop index
  // names one of its platforms ("BASELINE 1B"), so it only stands in when the API cannot answer.
  let name: string | undefined;
  try {
    name = (await ctx.transit.routeSummary(stopNo)).stopName || undefined;
  } catch (err) {
    // A stop the API says does not exist is not worth saving; a flaky API is no reason to refuse.
    if (isUnknownStop(err)) return transitFailure(err, request, ctx);
    ctx.logger?.info({ err, stopNo }, 'saving a stop without its name from the API');
  }
  name ??= ctx.stops?.nameOf(stopNo);
  const outcome = await ctx.settings.saveStop(ctx.chat, { stopNo, ...(name !== undefined ? { name } : {}) });
  switch (outcome) {
    case 'saved':
      return messageReply('answer', ctx.say('save-done', { stopNo }));
    case 'already':
      return messageReply('answer', ctx.say('save-already', { stopNo }));
    case 'full':
      return messageReply('failure', ctx.say('save-full', { max: MAX_SAVED_STOPS }));
    case 'failed':
      return messageReply('failure', ctx.say('save-failed'));
  }
}
