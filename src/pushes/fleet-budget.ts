import type { ChatType, Platform } from '../domain/chat.js';
import type { SharedRate } from '../domain/shared-rate.js';
import type { Logger } from '../log.js';
import { errorLine } from '../util/error-line.js';
import type { Sleep } from '../util/sleep.js';
import { withTimeout } from '../util/with-timeout.js';
import { holdOf, REFILL_SHARE } from './live/edit-budget.js';

// A platform's one budget for everything the pushes send or edit (alerts, disruptions, trip
// changes, live edits), drawn from one bucket across the fleet (instances on one Redis; in memory
// when the fleet is one instance) at 90% of the platform's pace, so that N instances together stay
// under it. A 429 one instance meets holds the bucket for its retry_after (the platform counts the
// bot's requests, so every instance must wait). Beside it, each chat's pace shared the same way:
// the least gap between two messages to a chat and a group's messages a minute, sends and edits
// together, whichever instance makes them. The live edits' own budget (live/edit-budget.ts) keeps
// its chats' minutes, its halving of the pace after a 429 and its lone probe, within this one.
// With the store away, the instance goes on without it (logged once until it answers again): an
// outage of Redis must not stop the pushes.

/** A chat's pace: the least gap between two messages, and a group's or channel's messages a minute. */
export interface ChatPace {
  gapMs: number;
  groupPerMinute: number;
}

export interface FleetBudget {
  readonly platform: Platform;
  /** 0: the fleet's bucket gave this instance one request; otherwise the ms to wait before asking again. */
  take(): Promise<number>;
  /**
   * Waits its turn among this instance's callers, then until the fleet's bucket gives it one
   * request (true), or until the wait would outlast `left()` ms (false, nothing counted).
   */
  acquire(sleep: Sleep, left?: () => number): Promise<boolean>;
  /** The platform answered a 429: the fleet holds its sends and edits for the retry_after. */
  hold(retryAfterMs: number): void;
  /** 0: one message to this chat counted for the fleet; otherwise the ms until one may be. */
  chat(chatId: string, chatType: ChatType): Promise<number>;
}

/**
 * A call to the fleet's store that has not answered within this is taken as failed: a Redis
 * Cluster failing over can leave a command waiting for its slot's new primary for many seconds, and
 * every send and edit of the instance waits in line behind the one asking.
 */
const ANSWER_WITHIN_MS = 2_000;
const within = <T>(call: Promise<T>) => withTimeout(call, ANSWER_WITHIN_MS);

export function fleetBudget(shared: SharedRate, platform: Platform, pace: { perSecond: number; chat?: ChatPace }, logger: Logger): FleetBudget {
  const name = `pushes:${platform}`;
  const perSecond = pace.perSecond * REFILL_SHARE;
  let failing = false;
  const failed = (err: unknown) => {
    if (!failing) logger.warn({ platform, problem: errorLine(err) }, "the fleet's push budget is not reachable: this instance goes on without it");
    failing = true;
  };
  const answered = <T>(value: T) => ((failing = false), value);
  let gate: Promise<unknown> = Promise.resolve();
  const take = () => within(shared.take(name, perSecond)).then(answered, (err: unknown) => (failed(err), 0));
  return {
    platform,
    take,
    acquire(sleep, left = () => Infinity) {
      // One caller at a time asks Redis: the others wait in line here, rather than all polling the bucket.
      const mine = gate.then(async () => {
        for (;;) {
          const wait = await take();
          if (wait <= 0) return true;
          if (wait >= left()) return false;
          await sleep(wait);
        }
      });
      gate = mine.catch(() => false);
      return mine;
    },
    hold(retryAfterMs) {
      within(shared.hold(name, holdOf(retryAfterMs))).catch(failed);
    },
    async chat(chatId, chatType) {
      if (pace.chat === undefined) return 0;
      const perMinute = chatType === 'private' ? 0 : pace.chat.groupPerMinute;
      return within(shared.pace(`chat:${platform}:${chatId}`, pace.chat.gapMs, perMinute)).then(answered, (err: unknown) => (failed(err), 0));
    },
  };
}
