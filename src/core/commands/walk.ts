// /walk slow|normal|fast: how fast the chat walks to its stops (4, 5, 6 km/h), for /leave; /walk
// alone says the pace set.
import { WALK_KMH, type WalkPace } from '../../domain/walking.js';
import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule, CommandSpec } from './spec.js';

const spec: CommandSpec = {
  name: 'walk',
  args: [{ name: 'pace', kind: 'pace', required: false, labelId: 'arg-pace' }],
  helpId: 'command-walk',
  descriptionId: 'command-walk.description',
  example: '/walk slow',
  asksTransit: false,
  managesChat: true,
};

export const walk: CommandModule = {
  spec,
  async run(options, ctx) {
    if (ctx.places === undefined) return messageReply('failure', ctx.say('place-unavailable'));
    try {
      const given = options.pace as WalkPace | undefined;
      if (given !== undefined) await ctx.places.setWalkPace(ctx.chat, given);
      const pace = given ?? (await ctx.places.walkPace(ctx.chat));
      return messageReply('answer', ctx.say(given !== undefined ? 'walk-set' : 'walk-current', { pace, kmh: WALK_KMH[pace] }));
    } catch (err) {
      return storeFailure(err, 'place-failed', ctx);
    }
  },
};
