// Every key the pushes claim or mark in the store (Claims; the store adds its namespace), in one
// place: instances on one store agree on them, and a store written by an earlier version is read
// as it is, so each string stays exactly as it was first written (test/pushes/claim-keys.test.ts
// holds them to literal examples). Changing one makes every mark already stored invisible: an
// alert or a disruption would go out again.
import { kindOf } from '../domain/alert-kinds/index.js';
import type { ChatRef, Platform } from '../domain/chat.js';
import type { Disruption } from '../domain/disruption.js';
import { MINUTE_MS, type LocalMinute } from '../domain/local-minute.js';
import type { Subscription } from '../domain/subscription.js';
import type { Trip } from '../domain/arrivals.js';

const chatPart = (chat: ChatRef) => `${chat.platform}:${chat.chatId}`;
const minutePart = (minute: number) => Math.floor(minute / MINUTE_MS);

// Alerts: a minute's share of the work, and each occurrence once.

/** Held by the instance collecting a UTC minute's alerts to a platform, so the others leave them alone meanwhile. */
export const minuteLeaseKey = (minute: number, platform: Platform) => `alerts:minute:${minutePart(minute)}:${platform}:lease`;

/**
 * Set once every alert of a UTC minute to one platform is queued durably (BullMQ) or delivered
 * (in-process). Per platform: an instance claims only what it can deliver, so instances serving
 * different platforms on one store do not take each other's minutes.
 */
export const minuteDoneKey = (minute: number, platform: Platform) => `alerts:minute:${minutePart(minute)}:${platform}:done`;

/**
 * An alert occurrence's "sent" mark, by how often its kind fires: one local day and minute (the
 * same key on both passes of a repeated hour), or one local day ("...:2026-11-23:near").
 */
export function alertSentKey(sub: Subscription, at: LocalMinute): string {
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
export const alertQueuedKey = (sub: Subscription, at: LocalMinute) =>
  `alerts:${kindOf(sub.schedule).name}-queued:${chatPart(sub.chat)}:${sub.id}:${at.date}`;

// Delivery: one sender per chat, and the chat's pace, whatever the push.

/** Held while one message to the chat is being sent: one sender per chat at a time. */
export const chatSendingKey = (chat: ChatRef) => `alerts:chat:${chatPart(chat)}:sending`;

/** Held for the chat's interval after a message: the platform's per-chat limit, shared by every instance. */
export const chatPaceKey = (chat: ChatRef) => `alerts:chat:${chatPart(chat)}:pace`;

// Disruptions: who scans a snapshot of the network's, and each chat's pushes once per version.

/** Held by the instance scanning a snapshot for a platform. */
export const disruptionScanLeaseKey = (platform: Platform, snapshot: string) => `disruptions:scan:${platform}:${snapshot}`;

/** Set once a snapshot's pushes to a platform are safe. */
export const disruptionScanDoneKey = (platform: Platform, snapshot: string) => `disruptions:scanned:${platform}:${snapshot}`;

/** Set once the platform accepted the disruption's message to the chat; a new version is a new key. */
export const disruptionSentKey = (chat: ChatRef, d: Pick<Disruption, 'id' | 'version'>) => `disruptions:sent:${chatPart(chat)}:${d.id}:${d.version}`;

// Trip changes: each chat told once of a trip it waits for that is cancelled, vanished or skipping its stop.

/**
 * A trip as the answers name it, the same in every round and on every instance: its route, its
 * start and the UTC minute of its time at the stop ("95:07:12:2026-11-18T12:42Z"; a cancelled or
 * skipping trip's time is its schedule's, a vanished one's its last prediction, so it holds still);
 * with the stop (scoped by its feed in a bot of several: "oc:3017"), one trip of one feed.
 */
export function tripIdentity(routeNo: string, trip: Pick<Trip, 'startTime' | 'at' | 'minutesAway'>, now: Date): string {
  const at = trip.at?.getTime() ?? now.getTime() + Math.round(trip.minutesAway) * MINUTE_MS;
  return `${routeNo}:${trip.startTime}:${new Date(minutePart(at) * MINUTE_MS).toISOString().slice(0, 16)}Z`;
}

/** Set once the platform accepted the message telling the chat that trip is cancelled, vanished or skips the stop. */
export const tripChangeSentKey = (chat: ChatRef, stopNo: string, trip: string, kind: string) =>
  `trips:sent:${chatPart(chat)}:${stopNo}:${trip}:${kind}`;

// Live messages: each round of each message edited by one instance.

/** Held by the instance editing a live message in one round (`slot`: the round's number since the epoch). */
export const liveRoundKey = (messageId: string, slot: number) => `live-round.${messageId}.${slot}`;

// 🚌 Tracks: each notice (🛎 your stop is next, you are there) once per chat.

/** Set when a track's notice ("off:3017:95:0806:3020:next") goes to a chat: never twice, whichever instance runs the round. */
export const trackNoticeKey = (chat: ChatRef, notice: string) => `track:notice:${chatPart(chat)}:${notice}`;
