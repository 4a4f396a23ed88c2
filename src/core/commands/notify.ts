import { floorMinute, localMinuteAt, MINUTE_MS } from '../../domain/local-minute.js';
import { usage } from '../command-request.js';
import { takeDirection } from './direction-words.js';
import { tooManyWords } from './read-options.js';
import type { CommandModule, CommandSpec, Options } from './spec.js';
import { addSubscription } from './subscribe.js';

const NOTIFY_WITHIN_MINUTES = 5;
const WATCH_MINUTES = 60;

const spec: CommandSpec = {
  name: 'notify',
  args: [
    { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
    { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
    { name: 'direction', kind: 'way', required: false, labelId: 'arg-way' },
  ],
  helpId: 'command-notify',
  descriptionId: 'command-notify.description',
  example: '/notify {stop} {route}',
  asksTransit: true,
  hidden: true,
  managesChat: true,
};

/** "3017 95", "3017 95 to Orléans" (vers, hacia: any language's word). */
function notifyWordsToOptions(words: string[], typed: Parameters<NonNullable<CommandModule['wordsToOptions']>>[1]['words']) {
  const way = takeDirection(words, typed);
  if (!way.ok) return way;
  const [stop, route, ...extra] = way.value.rest;
  if (extra.length > 0) return tooManyWords(spec);
  if (stop === undefined) return usage('usage-stop-missing', { example: spec.example });
  const options: Record<string, string> = { stop };
  if (route !== undefined) options.route = route;
  if (way.value.direction !== undefined) options.direction = way.value.direction;
  return { ok: true as const, value: options };
}

const notifyOptionsToWords = ({ stop, route, direction }: Options): string[] =>
  [stop, route, ...(direction !== undefined ? ['to', direction] : [])].filter((w): w is string => w !== undefined);

/**
 * The "notify me" button under one route's arrivals: a one-shot alert when the next bus of that
 * route (in its direction) is 5 min away, watched for the coming hour (to the end of the day at the latest).
 */
export const notify: CommandModule = {
  spec,
  wordsToOptions: (words, ctx) => notifyWordsToOptions(words, ctx.words),
  optionsToWords: notifyOptionsToWords,
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
      { name: 'notify', asWords: notifyOptionsToWords },
    );
  },
};
