// Which subscriptions are due at one UTC minute: for each zone any subscription uses, the local
// minutes that minute makes happen (several after a spring-forward gap, a repeat after a fall-back),
// asked of the repository's index, never of a scan.
import type { SubscriptionsRepository } from '../domain/store-ports.js';
import { nearKey, timedKey } from './occurrence.js';
import { isDue, isRepeatedMinute, localMinutesAt } from '../domain/alert-schedule.js';
import type { Subscription } from '../domain/subscription.js';

export type Due =
  /** A timed alert: it fires whatever the buses do. */
  | { kind: 'at'; sub: Subscription; key: string }
  /** A "near" alert whose window is open: it fires if the bus is near (asked at render time). */
  | { kind: 'near'; sub: Subscription; key: string; date: string };

/** `near`: also watch the open windows (only the current minute does; a missed minute's bus is gone). */
export async function collectDue(subscriptions: SubscriptionsRepository, minute: number, zones: string[], near: boolean): Promise<Due[]> {
  const perZone = await Promise.all(zones.map((zone) => dueInZone(subscriptions, minute, zone, near)));
  return perZone.flat();
}

async function dueInZone(subscriptions: SubscriptionsRepository, minute: number, zone: string, near: boolean): Promise<Due[]> {
  const instant = new Date(minute);
  const locals = localMinutesAt(instant, zone);
  // The second pass of a repeated hour: timed alerts fired on the first.
  const repeated = isRepeatedMinute(instant, zone);
  const found = await Promise.all(locals.map((local) => subscriptions.dueAt(zone, local.minute)));
  const dues: Due[] = [];
  const seen = new Set<string>();
  locals.forEach((local, i) => {
    for (const sub of found[i]!) {
      // The index may lag a record (a zone or a schedule changed): the record decides.
      if (sub.timeZone !== zone || sub.paused !== undefined || !isDue(sub.schedule, local)) continue;
      const id = `${sub.chat.platform}:${sub.chat.chatId}:${sub.id}`;
      if (sub.schedule.kind === 'at') {
        if (!repeated) dues.push({ kind: 'at', sub, key: timedKey(sub, local) });
      } else if (near && !seen.has(id)) {
        // A window spanning a spring-forward gap is watched once, not once per skipped minute.
        seen.add(id);
        dues.push({ kind: 'near', sub, key: nearKey(sub, local.date), date: local.date });
      }
    }
  });
  return dues;
}
