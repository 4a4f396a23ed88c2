// Which subscriptions are due at one UTC minute: for each zone any subscription uses, the local
// minutes that minute makes happen (several after a spring-forward gap, a repeat after a fall-back),
// asked of the repository's index, never of a scan. How often each fires is its kind's cadence.
import type { SubscriptionsRepository } from '../../domain/store-ports.js';
import { kindOf } from '../../domain/alert-kinds/index.js';
import { isRepeatedMinute, localMinutesAt } from '../../domain/local-minute.js';
import type { Subscription } from '../../domain/subscription.js';
import { alertQueuedKey, alertSentKey } from '../claim-keys.js';

export interface Due {
  sub: Subscription;
  /** The occurrence's "sent" key. */
  key: string;
  /**
   * Once-a-day alerts only: held while the alert waits in a queue. Such an alert fires only if
   * its condition holds when rendered (the bus is near), and is looked at again each minute until
   * it does.
   */
  hold?: string;
}

/** `current`: the minute is the current one, not one made up (once-a-day alerts are watched then only). */
export async function collectDue(subscriptions: SubscriptionsRepository, minute: number, zones: string[], current: boolean): Promise<Due[]> {
  const perZone = await Promise.all(zones.map((zone) => dueInZone(subscriptions, minute, zone, current)));
  return perZone.flat();
}

async function dueInZone(subscriptions: SubscriptionsRepository, minute: number, zone: string, current: boolean): Promise<Due[]> {
  const locals = localMinutesAt(minute, zone);
  // The second pass of a repeated hour: alerts of each minute fired on the first.
  const repeated = isRepeatedMinute(minute, zone);
  const found = await Promise.all(locals.map((local) => subscriptions.dueAt(zone, local, new Date(minute))));
  const dues: Due[] = [];
  const seen = new Set<string>();
  locals.forEach((local, i) => {
    for (const sub of found[i]!) {
      switch (kindOf(sub.schedule).cadence) {
        case 'each-minute':
          if (!repeated) dues.push({ sub, key: alertSentKey(sub, local) });
          break;
        case 'once-a-day': {
          // A window spanning a spring-forward gap is watched once, not once per skipped minute.
          const id = `${sub.chat.platform}:${sub.chat.chatId}:${sub.id}`;
          if (!current || seen.has(id)) break;
          seen.add(id);
          dues.push({ sub, key: alertSentKey(sub, local), hold: alertQueuedKey(sub, local) });
          break;
        }
      }
    }
  });
  return dues;
}
