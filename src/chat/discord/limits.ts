import type { EditLimits } from '../../domain/live-editor.js';

// What Discord takes: 50 requests a second per bot, whatever the channel.

/** Pushes a second across all channels (ALERT_DISCORD_PER_SECOND), leaving room for answers. */
export const DISCORD_PUSHES_PER_SECOND = 45;

export const DISCORD_EDIT_LIMITS: EditLimits = { perSecond: 50, perChatPerMinute: { private: 60, group: 60, channel: 60 } };
