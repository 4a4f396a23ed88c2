import type { EditLimits } from '../../domain/live-editor.js';

// What Telegram takes: about 30 messages a second across chats for pushes, 20 a minute to a
// group, about one a second to a person.

/** Pushes a second across all chats (ALERT_TELEGRAM_PER_SECOND), leaving room for answers. */
export const TELEGRAM_PUSHES_PER_SECOND = 29;

// 25 a second, not 30: Telegram's figure is approximate, and an edit is counted when granted and
// reaches Telegram a little later (bench/live.bench.ts measures the busiest second at the fake API).
export const TELEGRAM_EDIT_LIMITS: EditLimits = { perSecond: 25, perChatPerMinute: { private: 60, group: 20, channel: 20 } };
