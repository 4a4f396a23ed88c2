// Where subscriptions and their index live. A record per subscription under its chat; a set of
// ids per chat (what /subs lists, bounded by the per-chat cap); index sets per zone and minute
// (timed alerts) or zone and hour (the hours a "near" window touches); the set of zones in use.
import type { AlertSchedule } from '../domain/alert-schedule.js';
import type { Subscription } from '../domain/subscription.js';
import type { ChatRef } from '../domain/chat.js';

const chatKey = (chat: ChatRef) => `chat:${chat.platform}:${chat.chatId}`;

/** The subscription's record (JSON); also its member in the index sets. */
export const subscriptionKey = (chat: ChatRef, id: string) => `${chatKey(chat)}:sub:${id}`;

/** Set of the chat's subscription ids. */
export const chatSubscriptionsKey = (chat: ChatRef) => `${chatKey(chat)}:subs`;

export const atIndexKey = (zone: string, minute: number) => `subs:at:${zone}:${minute}`;
export const nearIndexKey = (zone: string, hour: number) => `subs:near:${zone}:${hour}`;
export const ZONES_KEY = 'subs:zones';

/** The index sets a subscription belongs to. */
export function indexKeysOf(sub: Pick<Subscription, 'schedule' | 'timeZone'>): string[] {
  return scheduleBuckets(sub.schedule).map((bucket) =>
    sub.schedule.kind === 'at' ? atIndexKey(sub.timeZone, bucket) : nearIndexKey(sub.timeZone, bucket),
  );
}

function scheduleBuckets(schedule: AlertSchedule): number[] {
  if (schedule.kind === 'at') return [schedule.minute];
  const first = Math.floor(schedule.from / 60);
  const last = Math.floor(schedule.until / 60);
  return Array.from({ length: Math.max(0, last - first) + 1 }, (_, i) => first + i);
}
