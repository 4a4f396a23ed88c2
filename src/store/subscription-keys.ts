// Where subscriptions and their index live. A record per subscription under its chat; a set of
// ids per chat (what /subs lists, bounded by the per-chat cap); index sets per zone, alert kind and
// bucket (the kind says what a bucket is: a minute for timed alerts, an hour for "near" windows);
// the set of zones in use.
import { ALERT_KIND_LIST, kindOf } from '../domain/alert-kinds/index.js';
import type { Subscription } from '../domain/subscription.js';
import type { ChatRef } from '../domain/chat.js';

const chatKey = (chat: ChatRef) => `chat:${chat.platform}:${chat.chatId}`;

/** The subscription's record (JSON); also its member in the index sets. */
export const subscriptionKey = (chat: ChatRef, id: string) => `${chatKey(chat)}:sub:${id}`;

/** Set of the chat's subscription ids. */
export const chatSubscriptionsKey = (chat: ChatRef) => `${chatKey(chat)}:subs`;

/** "subs:at:America/Toronto:450", "subs:near:America/Toronto:7": the names stores have held since the first version. */
const indexKey = (kind: string, zone: string, bucket: number) => `subs:${kind}:${zone}:${bucket}`;
export const ZONES_KEY = 'subs:zones';

/** The index sets a subscription belongs to. */
export function indexKeysOf(sub: Pick<Subscription, 'schedule' | 'timeZone'>): string[] {
  const kind = kindOf(sub.schedule);
  return kind.buckets(sub.schedule).map((bucket) => indexKey(kind.name, sub.timeZone, bucket));
}

/** The index sets holding every subscription that may be due at this minute of the day in this zone. */
export function indexKeysAt(zone: string, minute: number): string[] {
  return ALERT_KIND_LIST.map((kind) => indexKey(kind.name, zone, kind.bucketAt(minute)));
}
