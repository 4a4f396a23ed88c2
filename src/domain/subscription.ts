import type { AlertTarget } from './chat.js';
import { isDue, type AlertSchedule } from './alert-kinds/index.js';
import type { LocalMinute } from './local-minute.js';

/**
 * One standing request of a chat: "the arrivals of route 95 at stop 3017 at 07:30 on weekdays",
 * or "tell us when the next 95 is 5 min away, 07:00-09:00". It belongs to the chat it was made
 * in; its times are read in the time zone the chat had when it was made.
 */
export interface Subscription {
  /** Short and unique within the chat ("k3f9"), what riders type in /unsubscribe. */
  id: string;
  chat: AlertTarget;
  stopNo: string;
  routeNo?: string;
  schedule: AlertSchedule;
  /** IANA zone of the schedule's wall-clock times. */
  timeZone: string;
  /** Absent: active. `user`: /pause. `refused`: the platform refused the chat (blocked, kicked). */
  paused?: 'user' | 'refused';
  /** Fires once, then removes itself (the "notify me" button under arrivals). */
  oneShot?: boolean;
  /** ISO instant. */
  createdAt: string;
}

export const MAX_SUBSCRIPTIONS_PER_CHAT = 20;

/**
 * The one rule of "is it due": active, read in this zone, and its kind due at this local minute.
 * The store's index read applies it to what the index holds (the index may lag a record whose zone
 * or schedule changed: the record decides), and so do the tests' stores.
 */
export function isSubscriptionDue(sub: Subscription, timeZone: string, local: LocalMinute): boolean {
  return sub.timeZone === timeZone && sub.paused === undefined && isDue(sub.schedule, local);
}
