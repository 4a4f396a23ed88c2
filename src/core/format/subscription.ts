import { kindOf, nextFiring } from '../../domain/alert-kinds/index.js';
import { formatMinute, localMinuteAt, type Weekday } from '../../domain/local-minute.js';
import { hasEnded, type Subscription } from '../../domain/subscription.js';
import { formatDays } from '../commands/schedule-options.js';
import type { Say } from './text.js';

/** "route 95 at 3017 at 07:30, weekdays" in the chat's language: its kind's words, with its route, stop and days. */
export function describeSubscription(sub: Subscription, say: Say): string {
  const { id, args } = kindOf(sub.schedule).describe(sub.schedule);
  return say(id, { ...args, route: sub.routeNo ?? 'none', stopNo: sub.stopNo, days: daysInWords(sub.schedule.days, say) });
}

/** "Mon 07:30" in the subscription's zone, or "—" when it never fires again (a one-shot ends first). */
export function nextTimeInWords(sub: Subscription, after: Date, say: Say): string {
  const next = nextFiring(sub.schedule, after, sub.timeZone);
  if (next === undefined || hasEnded(sub, next)) return '—';
  const local = localMinuteAt(next, sub.timeZone);
  return `${say(`day-${local.weekday}`)} ${formatMinute(local.minute)}`;
}

function daysInWords(days: readonly Weekday[], say: Say): string {
  const canonical = formatDays(days);
  if (canonical === 'daily' || canonical === 'weekdays' || canonical === 'weekends') return say(`days-${canonical}`);
  return say('days-list', {
    days: [...days]
      .sort((a, b) => a - b)
      .map((d) => say(`day-${d}`))
      .join(', '),
  });
}
