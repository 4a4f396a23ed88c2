import { next } from './next.js';
import type { CommandModule } from './spec.js';

/** How long a live board keeps itself up to date after a press; pressing again starts it over. */
export const LIVE_BOARD_MINUTES = 10;

/**
 * The 🔴 Live button under arrivals: the same arrivals, marked live for the next 10 minutes;
 * adapters that can edit their messages keep this one refreshed until then (pushes/live/live-updater.ts)
 * and say when it stopped.
 */
export const live: CommandModule = {
  spec: {
    name: 'live',
    args: [
      { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
      { name: 'route', kind: 'route', required: false, labelId: 'arg-route' },
    ],
    helpId: 'command-live',
    descriptionId: 'command-live.description',
    example: '/live {stop} {route}',
    asksTransit: true,
    hidden: true,
  },
  async run(options, ctx) {
    const reply = await next.run(options, ctx);
    if (reply.kind !== 'answer') return reply;
    const until = new Date(ctx.now.getTime() + LIVE_BOARD_MINUTES * 60_000);
    const line = ctx.say('live-board-left', { minutes: LIVE_BOARD_MINUTES });
    return { ...reply, footer: [...(reply.footer ?? []), line], liveUntil: until.toISOString() };
  },
};
