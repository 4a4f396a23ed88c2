import { formatMinute, localMinuteAt, nextFiring, type Weekday } from '../../domain/alert-schedule.js';
import type { Subscription } from '../../domain/subscription.js';
import { formatDays } from '../commands/schedule-options.js';
import type { Say } from './text.js';

/** "route 95 at 3017 at 07:30, weekdays" in the chat's language. */
export function describeSubscription(sub: Subscription, say: Say): string {
  const days = daysInWords(sub.schedule.days, say);
  const schedule = sub.schedule;
  return schedule.kind === 'at'
    ? say('subscribe-what-at', { route: sub.routeNo ?? 'none', stopNo: sub.stopNo, time: formatMinute(schedule.minute), days })
    : say('subscribe-what-near', {
        route: sub.routeNo ?? '',
        stopNo: sub.stopNo,
        minutes: schedule.withinMinutes,
        from: formatMinute(schedule.from),
        until: formatMinute(schedule.until),
        days,
      });
}

/** "Mon 07:30" in the subscription's zone, or "—" when it never fires. */
export function nextTimeInWords(sub: Subscription, after: Date, say: Say): string {
  const next = nextFiring(sub.schedule, after, sub.timeZone);
  if (next === undefined) return '—';
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
