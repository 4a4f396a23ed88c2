// /walk slow|normal|fast: how fast the chat walks to its stops (4, 5, 6 km/h), for /leave, its
// leave-now alerts re-timed to it; /walk alone says the pace set.
import { MAX_WALK_SECONDS } from '../../domain/alert-kinds/index.js';
import { WALK_KMH, type WalkPace } from '../../domain/walking.js';
import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { HandlerContext } from '../handler-context.js';
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
      const before = await ctx.places.walkPace(ctx.chat);
      if (given === undefined) return messageReply('answer', ctx.say('walk-current', { pace: before, kmh: WALK_KMH[before] }));
      await ctx.places.setWalkPace(ctx.chat, given);
      const retimed = given === before ? 0 : await retimeLeaveAlerts(ctx, before, given);
      const set = ctx.say('walk-set', { pace: given, kmh: WALK_KMH[given] });
      return messageReply('answer', retimed > 0 ? `${set} ${ctx.say('walk-retimed', { count: retimed })}` : set);
    } catch (err) {
      return storeFailure(err, 'place-failed', ctx);
    }
  },
};

/**
 * The chat's leave-now alerts counted their walks at the old pace: each is re-timed to the new one
 * (the same distance), so "leave now" comes when this rider needs to leave. How many were.
 */
async function retimeLeaveAlerts(ctx: HandlerContext, from: WalkPace, to: WalkPace): Promise<number> {
  let retimed = 0;
  for (const sub of await ctx.subscriptions.list(ctx.chat)) {
    if (sub.schedule.kind !== 'leave') continue;
    const walkSeconds = Math.min(MAX_WALK_SECONDS, Math.round((sub.schedule.walkSeconds * WALK_KMH[from]) / WALK_KMH[to]));
    if (await ctx.subscriptions.setWalk(ctx.chat, sub.id, walkSeconds)) retimed++;
  }
  return retimed;
}
