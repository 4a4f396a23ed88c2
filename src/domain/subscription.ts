import type { AlertTarget } from './chat.js';
import { isDue, kindOf, type AlertSchedule } from './alert-kinds/index.js';
import { floorMinute, MINUTE_MS, type LocalMinute } from './local-minute.js';

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
  /** ISO instant after which it has ended, fired or not (a one-shot's window closed). */
  endsAt?: string;
  /** ISO instant. */
  createdAt: string;
}

export const MAX_SUBSCRIPTIONS_PER_CHAT = 20;

/** Epoch ms from which the subscription has ended; undefined: it lasts until removed. */
export function endOf(sub: Subscription): number | undefined {
  if (sub.endsAt !== undefined) return Date.parse(sub.endsAt);
  // Earlier versions stored no end: their one-shots all came from the 🔔 button, a "near" window
  // opening the minute it was pressed.
  if (sub.oneShot !== true || sub.schedule.kind !== 'near') return undefined;
  const kind = kindOf(sub.schedule);
  return floorMinute(Date.parse(sub.createdAt)) + (kind.endMinute(sub.schedule) - kind.startMinute(sub.schedule) + 1) * MINUTE_MS;
}

export function hasEnded(sub: Subscription, at: Date): boolean {
  const end = endOf(sub);
  return end !== undefined && at.getTime() >= end;
}

/**
 * The one rule of "is it due": active, not ended, read in this zone, and its kind due at this
 * local minute (`at`: the instant it happens). The store's index read applies it to what the index
 * holds (the index may lag a record whose zone or schedule changed: the record decides), and so do
 * the tests' stores.
 */
export function isSubscriptionDue(sub: Subscription, timeZone: string, local: LocalMinute, at: Date): boolean {
  return sub.timeZone === timeZone && sub.paused === undefined && !hasEnded(sub, at) && isDue(sub.schedule, local);
}
