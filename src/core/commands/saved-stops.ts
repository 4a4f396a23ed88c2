import { nextButton } from '../format/buttons.js';
import { messageReply } from '../format/text.js';
import { stopName } from '../format/names.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /saved (also /stops, and each language's names): the chat's saved stops, each a button for its next trips. */
export const savedStops: CommandModule = {
  spec: {
    name: 'saved',
    args: [],
    helpId: 'command-saved',
    descriptionId: 'command-saved.description',
    example: '/saved',
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
    // The chat's own name first ("home: 3017 BASELINE"), then the stop's.
    const labels = saved.map(
      (s) =>
        `${s.label !== undefined ? `${s.label}: ` : ''}${ctx.say('button-stop', { stopNo: s.stopNo, name: stopName(s.name ?? '', s.stopNo, 30) }).trim()}`,
    );
    return {
      title: ctx.say('stops-title'),
      blocks: [{ lines: labels }],
      buttons: [saved.map((s, i) => nextButton(labels[i]!, s.stopNo))],
      kind: 'answer',
    };
  },
};
