import { isDue, kindOf, nextFiring } from '../../domain/alert-kinds/index.js';
import { formatMinute, localMinuteAt, type Weekday } from '../../domain/local-minute.js';
import { hasEnded, type Subscription } from '../../domain/subscription.js';
import { formatDays } from '../commands/schedule-options.js';
import type { Say } from './text.js';

/** "route 95 at 3017 at 07:30, weekdays" in the chat's language: its kind's words, with its route, stop and days. */
export function describeSubscription(sub: Subscription, say: Say): string {
  const { id, args } = kindOf(sub.schedule).describe(sub.schedule);
  return say(id, { ...args, route: sub.routeNo ?? 'none', stopNo: sub.stopNo, days: daysInWords(sub.schedule.days, say) });
}

/**
 * When it next fires, in the subscription's zone: "today until 09:00" while its window is open
 * (a near alert watches it now: set inside it, it fires today, not at the next opening), "today
 * 07:30", "Mon 07:30", or "—" when it never fires again (a one-shot ended).
 */
export function nextTimeInWords(sub: Subscription, after: Date, say: Say): string {
  if (hasEnded(sub, after)) return '—';
  const kind = kindOf(sub.schedule);
  const now = localMinuteAt(after, sub.timeZone);
  if (kind.endMinute(sub.schedule) > kind.startMinute(sub.schedule) && isDue(sub.schedule, now)) {
    return say('subs-next-today-until', { until: formatMinute(kind.endMinute(sub.schedule)) });
  }
  const next = nextFiring(sub.schedule, after, sub.timeZone);
  if (next === undefined || hasEnded(sub, next)) return '—';
  const local = localMinuteAt(next, sub.timeZone);
  if (local.date === now.date) return say('subs-next-today-at', { time: formatMinute(local.minute) });
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
