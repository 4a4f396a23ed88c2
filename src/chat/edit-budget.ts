import type { ChatType } from '../domain/chat.js';
import type { Clock } from '../domain/clock.js';

// How many edits a platform takes, counted before each edit: a sliding minute per chat (Telegram:
// 20 messages a minute to a group, about one a second to a person) and a sliding second over
// every chat (Telegram about 30 a second; Discord 50 requests a second). An edit over the chat's
// is put off to the next round; over the overall one, it waits its turn within the round
// (live-updater.ts); none is sent to be refused.

export interface EditLimits {
  perSecond: number;
  perChatPerMinute: Readonly<Record<ChatType, number>>;
}

// 25 a second, not 30: an edit is counted when granted and reaches Telegram a little later, and the
// bench (bench/live.bench.ts) saw 31 land in one second with the budget at 30.
export const TELEGRAM_EDIT_LIMITS: EditLimits = { perSecond: 25, perChatPerMinute: { private: 60, group: 20, channel: 20 } };
export const DISCORD_EDIT_LIMITS: EditLimits = { perSecond: 50, perChatPerMinute: { private: 60, group: 60, channel: 60 } };

export interface EditBudget {
  /**
   * Counts an edit to the chat and says yes; or says which limit is reached without counting it:
   * the chat's (its minute is full: try next round) or the overall one (a second is full: try again shortly).
   */
  take(chatId: string, chatType: ChatType): true | 'chat-full' | 'all-full';
  /** Milliseconds between two edits at the overall limit: how long to wait after 'all-full'. */
  readonly spacingMs: number;
}

export function createEditBudget(limits: EditLimits, clock: Clock): EditBudget {
  const second: number[] = [];
  const perChat = new Map<string, number[]>();
  const prune = (times: number[], after: number) => {
    while (times.length > 0 && times[0]! <= after) times.shift();
  };
  return {
    spacingMs: Math.ceil(1000 / limits.perSecond),
    take(chatId, chatType) {
      const now = clock().getTime();
      prune(second, now - 1000);
      if (second.length >= limits.perSecond) return 'all-full';
      const times = perChat.get(chatId) ?? [];
      prune(times, now - 60_000);
      if (times.length >= limits.perChatPerMinute[chatType]) return 'chat-full';
      second.push(now);
      times.push(now);
      perChat.set(chatId, times);
      // Chats without an edit for a minute are forgotten: the map holds only those being edited.
      if (perChat.size > 10_000) for (const [id, list] of perChat) if (list.length === 0 || list.at(-1)! <= now - 60_000) perChat.delete(id);
      return true;
    },
  };
}
