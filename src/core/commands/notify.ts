import { floorMinute, localMinuteAt, MINUTE_MS } from '../../domain/local-minute.js';
import type { CommandModule } from './spec.js';
import { addSubscription } from './subscribe.js';

const NOTIFY_WITHIN_MINUTES = 5;
const WATCH_MINUTES = 60;

/**
 * The "notify me" button under one route's arrivals: a one-shot alert when the next bus of that
 * route is 5 min away, watched for the coming hour (to the end of the day at the latest).
 */
export const notify: CommandModule = {
  spec: {
    name: 'notify',
    args: [
      { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
      { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    ],
    helpId: 'command-notify',
    descriptionId: 'command-notify.description',
    example: '/notify {stop} {route}',
    asksTransit: true,
    hidden: true,
    managesChat: true,
  },
  run(options, ctx) {
    return addSubscription(
      options,
      (zone) => {
        const now = localMinuteAt(ctx.now, zone);
        const schedule = {
          kind: 'near' as const,
          withinMinutes: NOTIFY_WITHIN_MINUTES,
          from: now.minute,
          until: Math.min(now.minute + WATCH_MINUTES, 1439),
          days: [now.weekday],
        };
        // Ends with its window, fired or not.
        const endsAt = new Date(floorMinute(ctx.now) + (schedule.until - schedule.from + 1) * MINUTE_MS).toISOString();
        return { schedule, oneShot: true, endsAt };
      },
      ctx,
    );
  },
};
