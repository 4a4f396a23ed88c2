import type { CommandRequest } from '../../domain/command-request.js';
import type { Reply } from '../../domain/reply.js';
import type { HandlerContext } from '../handler-context.js';
import { line } from './line.js';
import { next } from './next.js';
import type { CommandModule, Options } from './spec.js';

/** How long a live board keeps itself up to date after a press; pressing again starts it over. */
export const LIVE_BOARD_MINUTES = 10;

/** The answer marked live for the next 10 minutes, with the line saying so. */
function keptLive(reply: Reply, ctx: HandlerContext): Reply {
  if (reply.kind !== 'answer') return reply;
  const until = new Date(ctx.now.getTime() + LIVE_BOARD_MINUTES * 60_000);
  const said = ctx.say('live-board-left', { minutes: LIVE_BOARD_MINUTES });
  return { ...reply, footer: [...(reply.footer ?? []), said], liveUntil: until.toISOString() };
}

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
    return keptLive(await next.run(options, ctx), ctx);
  },
};

/**
 * The 🔴 Live button under /line's picture: the same line, marked live for the next 10 minutes;
 * adapters that can edit their messages redraw the picture in place while what it shows changes.
 */
export const lineLive: CommandModule = {
  spec: {
    ...line.spec,
    name: 'linelive',
    helpId: 'command-linelive',
    descriptionId: 'command-linelive.description',
    example: '/linelive {stop} {route}',
    hidden: true,
    buttonsOnly: true,
  },
  ...(line.wordsToOptions !== undefined ? { wordsToOptions: line.wordsToOptions.bind(line) } : {}),
  ...(line.optionsToWords !== undefined ? { optionsToWords: line.optionsToWords.bind(line) } : {}),
  async run(options: Options, ctx) {
    return keptLive(await line.run(options, ctx), ctx);
  },
};

/**
 * What a live message's rounds run, once a 🔴 Live press or a typed /live started it: the
 * arrivals (a board) or the line (a picture), the live period being the record's, not the request's.
 */
export function liveRounds(request: CommandRequest): { kind: 'board' | 'picture'; request: CommandRequest } {
  if (request.name === 'linelive') return { kind: 'picture', request: { name: 'line', options: request.options } };
  return { kind: 'board', request: { name: 'next', options: request.options } };
}
