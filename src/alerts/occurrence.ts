// What the scheduler hands to delivery, and the keys that make each alert go out once. Every key
// is a Claims key (the store adds its namespace): two instances on one store agree on them.
import type { Reply } from '../domain/reply.js';
import type { ChatRef, Platform } from '../domain/chat.js';
import { kindOf } from '../domain/alert-kinds/index.js';
import { MINUTE_MS, type LocalMinute } from '../domain/local-minute.js';
import type { Subscription } from '../domain/subscription.js';
import type { AlertTarget } from '../domain/chat.js';

/** One subscription's alert inside a delivery job, rendered at tick time. */
export interface AlertPart {
  /** The occurrence's "sent" key: checked before sending, set once the platform accepted it. */
  key: string;
  subId: string;
  oneShot: boolean;
  /** A disruption pushed to the chat (subId ''): wanted while the chat has not turned them off. */
  disruption?: boolean;
  reply: Reply;
}

/** Everything one chat is due in one minute: one message (two when it would not fit in one). */
export interface AlertJob {
  /** A chat and a UTC minute; the BullMQ job id, so a second enqueue of it is a no-op. */
  id: string;
  chat: AlertTarget;
  /** Epoch ms of the UTC minute the alerts were due at (lateness is measured from it). */
  dueAt: number;
  parts: AlertPart[];
}

const chatPart = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;

/**
 * The occurrence's "sent" key, by how often its kind fires: one local day and minute (the same key
 * on both passes of a repeated hour), or one local day ("...:2026-11-23:near", as stores hold them).
 */
export function sentKey(sub: Subscription, at: LocalMinute): string {
  const kind = kindOf(sub.schedule);
  const prefix = `alerts:sent:${chatPart(sub.chat)}:${sub.id}:${at.date}`;
  switch (kind.cadence) {
    case 'each-minute':
      return `${prefix}:${at.minute}`;
    case 'once-a-day':
      return `${prefix}:${kind.name}`;
  }
}

/** Held while a once-a-day alert waits in a queue, so the next ticks do not queue it again. */
export function queuedKey(sub: Subscription, at: LocalMinute): string {
  return `alerts:${kindOf(sub.schedule).name}-queued:${chatPart(sub.chat)}:${sub.id}:${at.date}`;
}

/** BullMQ ids may not contain ':' nor be integers. */
export function jobId(chat: ChatRef, dueAt: number): string {
  return `alert.${chat.platform}.${encodeURIComponent(chat.chatId)}.${Math.floor(dueAt / MINUTE_MS)}`;
}

/**
 * Set once every alert of a UTC minute to one platform is queued durably (BullMQ) or delivered
 * (in-process). Per platform: an instance claims only what it can deliver, so instances serving
 * different platforms on one store do not take each other's minutes.
 */
export const minuteDoneKey = (minute: number, platform: Platform) => `alerts:minute:${Math.floor(minute / MINUTE_MS)}:${platform}:done`;
/** Held by the instance collecting a minute's alerts to a platform, so the other instances leave them alone meanwhile. */
export const minuteLeaseKey = (minute: number, platform: Platform) => `alerts:minute:${Math.floor(minute / MINUTE_MS)}:${platform}:lease`;

/** Held while one message to the chat is being sent: one sender per chat at a time. */
export const chatSendingKey = (chat: ChatRef) => `alerts:chat:${chatPart(chat)}:sending`;
/** Held for the chat's interval after a message: the platform's per-chat limit, shared by every instance. */
export const chatPaceKey = (chat: ChatRef) => `alerts:chat:${chatPart(chat)}:pace`;
