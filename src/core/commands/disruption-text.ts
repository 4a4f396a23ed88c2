import { disruptionRef, formatWholeDisruption } from '../format/disruptions.js';
import { messageReply } from '../format/text.js';
import { transitFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/**
 * The 📄 button beside a disruption cut short in a list: its whole text, in a message of its own.
 * The button names it by a digest of its id (ids run longer than Telegram's callback data holds);
 * one that has ended meanwhile, or a forged one, is said to be no longer listed.
 */
export const disruptionText: CommandModule = {
  spec: {
    name: 'disruption',
    args: [{ name: 'item', kind: 'disruption-ref', required: true, labelId: 'arg-disruption' }],
    helpId: 'command-disruption',
    descriptionId: 'command-disruption.description',
    example: '/disruption 0123456789ab',
    asksTransit: true,
    hidden: true,
    buttonsOnly: true,
  },
  async run(options, ctx) {
    if (ctx.transit.disruptions === undefined) return messageReply('answer', ctx.say('disruptions-not-published'));
    try {
      const reading = await ctx.transit.disruptions({});
      if (reading.status === 'unavailable') return messageReply('failure', ctx.say('disruptions-unavailable'));
      const found = reading.disruptions.find((d) => disruptionRef(d.id) === options.item);
      if (found === undefined) return messageReply('answer', ctx.say('disruption-gone'));
      return formatWholeDisruption(found, {
        locale: ctx.locale,
        say: ctx.say,
        title: ctx.say('disruption-title'),
        ...(ctx.chat.maxReplyChars !== undefined ? { maxReplyChars: ctx.chat.maxReplyChars } : {}),
      });
    } catch (err) {
      return transitFailure(err, {}, ctx);
    }
  },
};
