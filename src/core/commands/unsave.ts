import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /unsave <stop or name>: forgets a saved stop (its name with it). */
export const unsave: CommandModule = {
  spec: {
    name: 'unsave',
    args: [{ name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop-or-label' }],
    helpId: 'command-unsave',
    descriptionId: 'command-unsave.description',
    example: '/unsave {stop}',
    asksTransit: false,
    // Forgetting is about the chat's own list: a name not in it is not searched for.
    unknownStopNameId: 'unsave-unknown',
    savedStopsOnly: true,
  },
  async run(options, ctx) {
    const stopNo = options.stop!;
    try {
      return (await ctx.savedStops.remove(ctx.chat, stopNo))
        ? messageReply('answer', ctx.say('unsave-done', { stopNo }))
        : messageReply('usage-error', ctx.say('unsave-unknown', { stop: stopNo }));
    } catch (err) {
      return storeFailure(err, 'unsave-failed', ctx);
    }
  },
};
