// What the pushes hand to delivery: one job per chat, its parts each keyed by its "sent" mark
// (claim-keys.ts), and the job ids that make a second enqueue of the same work a no-op.
import type { Reply } from '../../domain/reply.js';
import type { AlertTarget, ChatRef } from '../../domain/chat.js';
import { MINUTE_MS } from '../../domain/local-minute.js';

/** One subscription's alert (or one disruption) inside a delivery job, rendered at tick time. */
export interface AlertPart {
  /** The occurrence's "sent" key: checked before sending, set once the platform accepted it. */
  key: string;
  subId: string;
  oneShot: boolean;
  /** A disruption pushed to the chat (subId ''): wanted while the chat has not turned them off. */
  disruption?: boolean;
  /** A trip change told to a chat through its live board or 📍 (subId ''): wanted while the chat has not refused nor paused the bot. */
  live?: boolean;
  reply: Reply;
}

/** Everything one chat is due in one minute: one message (two when it would not fit in one). */
export interface AlertJob {
  /** A chat and a UTC minute (or a snapshot of disruptions); the BullMQ job id, so a second enqueue of it is a no-op. */
  id: string;
  chat: AlertTarget;
  /** Epoch ms of the UTC minute the alerts were due at (lateness is measured from it). */
  dueAt: number;
  parts: AlertPart[];
}

// BullMQ ids may not contain ':' nor be integers.

/** A chat's alerts of one UTC minute. */
export const alertJobId = (chat: ChatRef, dueAt: number) =>
  `alert.${chat.platform}.${encodeURIComponent(chat.chatId)}.${Math.floor(dueAt / MINUTE_MS)}`;

/** A chat's disruptions of one snapshot of the network's (`offer`: a second offer of the same snapshot, named apart). */
export const disruptionJobId = (chat: ChatRef, snapshot: string, offer?: string) =>
  `disruption.${chat.platform}.${encodeURIComponent(chat.chatId)}.${snapshot}${offer !== undefined ? `.${offer}` : ''}`;

/** A chat's trip changes of one round, named by their marks: two instances working the same round queue it once. */
export const tripChangeJobId = (chat: ChatRef, marks: string) => `tripchange.${chat.platform}.${encodeURIComponent(chat.chatId)}.${marks}`;
