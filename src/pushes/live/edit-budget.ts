import type { ChatType } from '../../domain/chat.js';
import type { EditLimits } from '../../domain/live-editor.js';
import type { Clock } from '../../domain/clock.js';

// How many edits a platform takes, counted before each edit: a sliding minute per chat (Telegram:
// 20 messages a minute to a group, about one a second to a person) and, over every chat, a token
// bucket refilled continuously (Telegram about 30 a second; Discord 50 requests a second). An edit
// over the chat's is put off to the next round; over the overall one, it waits its turn within the
// round (live-updater.ts); none is sent to be refused.
//
// The bucket holds one edit and refills at 90% of the limit, so that at most 1 + 0.9 x limit are
// granted in any second, however the waits line up: a whole second's edits handed out at once (as
// a sliding count allows) let two bursts land less than a second apart at the platform. The rest
// of the limit is slack for edits granted apart that reach the platform together.
//
// A 429 holds every edit until its retry_after has lapsed (the platform counts the bot's requests,
// not one chat's); then one edit goes alone, and the others wait for its answer (another 429 holds
// them again, without a second edit spent on it); the bucket then refills at half the pace it had,
// a run of them slows it down further, and it regains its pace, doubling every RECOVERY_MS, once
// they stop. Hand-written:
// no rate-limiting library is installed, and none of the usual ones (bottleneck, limiter,
// p-throttle) slows itself down on the platform's refusals.

/** For a platform that declares no limits of its own: slow enough for any of them. */
export const CAUTIOUS_EDIT_LIMITS: EditLimits = { perSecond: 1, perChatPerMinute: { private: 20, group: 20, channel: 20 } };

/** The share of the limit the bucket refills at; see above (the fleet's shared bucket too: fleet-edits.ts). */
export const REFILL_SHARE = 0.9;
/** After 429s, the pace doubles back every this long without one. */
export const RECOVERY_MS = 5_000;
/** A lone edit after a hold whose answer has not come in this long (a hung request) no longer holds the others. */
const PROBE_TIMEOUT_MS = 10_000;
/** A retry_after past this (a proxy asking for days) holds the edits this long; NaN, a second. */
const LONGEST_HOLD_MS = 3_600_000;

/** How long a 429's retry_after holds the edits: NaN a second, days an hour. */
export function holdOf(retryAfterMs: number): number {
  return Number.isNaN(retryAfterMs) ? 1000 : Math.min(Math.max(retryAfterMs, 0), LONGEST_HOLD_MS);
}

export interface EditBudget {
  /**
   * Counts an edit to the chat and says yes; or says which limit is reached without counting it:
   * the chat's (its minute is full: try next round) or the overall one (wait `waitMs()`).
   */
  take(chatId: string, chatType: ChatType): true | 'chat-full' | 'all-full';
  /** Milliseconds until the overall budget has an edit to give: 0 when it has one now. */
  waitMs(): number;
  /** The platform refused an edit with a 429: nothing is granted for `retryAfterMs`, then slower until they stop. */
  refused(retryAfterMs: number): void;
  /** The platform answered an edit otherwise (done, or refused for another reason): after a hold, the others may go. */
  answered(): void;
}

export function createEditBudget(limits: EditLimits, clock: Clock): EditBudget {
  const fullRate = (limits.perSecond * REFILL_SHARE) / 1000; // edits per ms
  // Never slower than one edit a second: edits keep probing whether the 429s are over.
  const slowest = Math.min(1, 1 / (limits.perSecond * REFILL_SHARE));
  let tokens = 1;
  let pace = 1;
  let last = clock().getTime();
  let heldUntil = -Infinity;
  // After a hold: whether the next edit is to go alone, and since when one is out alone.
  let probeNext = false;
  let probeSince: number | undefined;
  const perChat = new Map<string, number[]>();
  const prune = (times: number[], after: number) => {
    while (times.length > 0 && times[0]! <= after) times.shift();
  };

  /** Brings the bucket to `now`: nothing refills during a hold; after it, the pace recovers as it refills. */
  function refill(now: number): void {
    const from = Math.max(last, heldUntil);
    if (now > from) {
      const elapsed = now - from;
      const before = pace;
      pace = Math.min(1, pace * 2 ** (elapsed / RECOVERY_MS));
      // The pace over the interval, averaged (it grew from `before` to `pace`): close enough at these scales.
      tokens = Math.min(1, tokens + (elapsed * fullRate * (before + pace)) / 2);
    }
    last = Math.max(last, now);
  }

  return {
    take(chatId, chatType) {
      const now = clock().getTime();
      refill(now);
      if (probeSince !== undefined && now - probeSince >= PROBE_TIMEOUT_MS) probeSince = undefined;
      if (now < heldUntil || tokens < 1 || probeSince !== undefined) return 'all-full';
      const times = perChat.get(chatId) ?? [];
      prune(times, now - 60_000);
      if (times.length >= limits.perChatPerMinute[chatType]) return 'chat-full';
      tokens -= 1;
      if (probeNext) {
        probeNext = false;
        probeSince = now;
      }
      times.push(now);
      perChat.set(chatId, times);
      // Chats without an edit for a minute are forgotten: the map holds only those being edited.
      if (perChat.size > 10_000) for (const [id, list] of perChat) if (list.length === 0 || list.at(-1)! <= now - 60_000) perChat.delete(id);
      return true;
    },
    waitMs() {
      const now = clock().getTime();
      refill(now);
      // A lone edit out: its answer usually comes well before the next token would.
      if (probeSince !== undefined) return Math.ceil(Math.max(1, Math.min(PROBE_TIMEOUT_MS - (now - probeSince), 1 / (fullRate * pace))));
      const held = Math.max(0, heldUntil - now);
      if (held === 0 && tokens >= 1) return 0;
      return Math.ceil(held + (1 - tokens) / (fullRate * pace));
    },
    refused(retryAfterMs) {
      const now = clock().getTime();
      refill(now);
      const hold = holdOf(retryAfterMs);
      // Edits already on their way when the first 429 came get theirs too: one slowdown per hold.
      if (now >= heldUntil) pace = Math.max(slowest, pace / 2);
      heldUntil = Math.max(heldUntil, now + hold);
      tokens = 0;
      probeNext = true;
      probeSince = undefined;
    },
    answered() {
      probeSince = undefined;
    },
  };
}
