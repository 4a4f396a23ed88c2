import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /timezone [zone]: the zone alert times are read in (the agency's until a chat sets its own). */
export const timezone: CommandModule = {
  spec: {
    name: 'timezone',
    args: [{ name: 'zone', kind: 'timezone', required: false, labelId: 'arg-timezone' }],
    helpId: 'command-timezone',
    descriptionId: 'command-timezone.description',
    example: '/timezone {zone}',
    asksTransit: false,
    managesChat: true,
  },
  async run(options, ctx) {
    try {
      if (options.zone === undefined) {
        const own = await ctx.chats.timeZone(ctx.chat);
        return own !== undefined
          ? messageReply('answer', ctx.say('timezone-current', { zone: own }))
          : messageReply('answer', ctx.say('timezone-agency', { zone: ctx.transit.profile().timeZone ?? 'none' }));
      }
      await ctx.chats.setTimeZone(ctx.chat, options.zone);
      return messageReply('answer', ctx.say('timezone-set', { zone: options.zone }));
    } catch (err) {
      return storeFailure(err, 'lang-failed', ctx);
    }
  },
};
