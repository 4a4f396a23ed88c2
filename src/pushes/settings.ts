import type { Platform } from '../domain/chat.js';
import type { AlertTarget } from '../domain/chat.js';

/** What operators tune (config.ts reads them); the defaults stay within the platforms' limits. */
export interface AlertSettings {
  /** Each tick also makes up this many past minutes that no instance handled (a restart, a dead replica). */
  catchUpMinutes: number;
  /** Messages per second across all chats, per platform, shared by every instance through BullMQ. */
  perSecond: Record<Platform, number>;
  /** Least time between two messages to one person. */
  chatIntervalMs: number;
  /** Messages a group or channel may get per minute. */
  groupPerMinute: number;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  catchUpMinutes: 5,
  // Telegram: about 30/s for pushes; Discord: 50 requests/s per bot, leaving room for replies.
  perSecond: { telegram: 29, discord: 45, console: 50 },
  chatIntervalMs: 1_000,
  groupPerMinute: 20,
};

/** The least time between two messages to this chat. */
export function chatInterval(chat: AlertTarget, settings: AlertSettings): number {
  if (chat.chatType === 'private') return settings.chatIntervalMs;
  return Math.max(settings.chatIntervalMs, Math.ceil(60_000 / settings.groupPerMinute));
}
