import type { Platform } from '../domain/chat.js';
import type { AlertTarget } from '../domain/chat.js';

/** What operators tune (config/ reads them); the defaults stay within the platforms' limits. */
export interface AlertSettings {
  /** Each tick also makes up this many past minutes that no instance handled (a restart, a dead replica). */
  catchUpMinutes: number;
  /** Messages per second across all chats, per platform (each platform's own), shared by every instance through BullMQ. */
  perSecond: Readonly<Record<Platform, number>>;
  /** Least time between two messages to one person. */
  chatIntervalMs: number;
  /** Messages a group or channel may get per minute. */
  groupPerMinute: number;
}

/** The defaults of what is not a platform's own (each platform declares its pace: chat/platforms.ts). */
export const DEFAULT_ALERT_SETTINGS: Omit<AlertSettings, 'perSecond'> = {
  catchUpMinutes: 5,
  chatIntervalMs: 1_000,
  groupPerMinute: 20,
};

/** A platform's pace; one the settings do not name gets one message a second, which no platform refuses. */
export function perSecondOf(settings: AlertSettings, platform: Platform): number {
  return settings.perSecond[platform] ?? 1;
}

/** The least time between two messages to this chat. */
export function chatInterval(chat: AlertTarget, settings: AlertSettings): number {
  if (chat.chatType === 'private') return settings.chatIntervalMs;
  return Math.max(settings.chatIntervalMs, Math.ceil(60_000 / settings.groupPerMinute));
}
