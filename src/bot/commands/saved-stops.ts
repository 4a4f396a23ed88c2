import { nextButton } from '../format/buttons.js';
import { messageReply, shorten } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /stops: the chat's saved stops, each a button for its next trips. */
export const savedStops: CommandModule = {
  spec: {
    name: 'stops',
    args: [],
    helpId: 'command-stops',
    descriptionId: 'command-stops.description',
    example: '/stops',
    asksTransit: false,
    ignoresExtraWords: true,
  },
  async run(_options, ctx) {
    let saved;
    try {
      saved = await ctx.savedStops.list(ctx.chat);
    } catch (err) {
      return storeFailure(err, 'stops-failed', ctx);
    }
    if (saved.length === 0) return messageReply('answer', ctx.say('stops-none'));
    const labels = saved.map((s) => ctx.say('button-stop', { stopNo: s.stopNo, name: shorten(s.name ?? '', 30) }).trim());
    return {
      title: ctx.say('stops-title'),
      blocks: [{ lines: labels }],
      buttons: [saved.map((s, i) => nextButton(labels[i]!, s.stopNo))],
      kind: 'answer',
    };
  },
};
