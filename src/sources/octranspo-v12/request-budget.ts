import type { SharedRate } from '../../domain/shared-rate.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import { sleep as realSleep, type Sleep } from '../../util/sleep.js';
import { withTimeout } from '../../util/with-timeout.js';

// The agency's request rate, one budget for the fleet: every instance on one store draws its
// requests to a feed from one bucket (SharedRate, by the feed's id), so that N instances together
// ask the agency no faster than one would. Only requests that go out draw from it; cache hits and
// joined questions never reach here. A rider waits for a turn only briefly: past the bound the
// question fails as the agency being busy. A store that does not answer must not hold riders up:
// the instance goes on without the budget for a while (logged once until it answers again).

export interface RequestBudgetOptions {
  rate: SharedRate;
  /** The bucket's name: the feed's id, never a secret (it is a Redis key). */
  name: string;
  perSecond: number;
  logger: Logger;
  sleep?: Sleep;
  /** A monotonic timer for the bound; default performance.now. */
  clock?: () => number;
}

export interface RequestBudget {
  /** Waits this instance's line, then the fleet's bucket: true once a request may go, false when the turn would come after `withinMs`. */
  acquire(withinMs: number): Promise<boolean>;
  /** The agency said too many (a 429): no instance asks it for `ms`. Never throws. */
  hold(ms: number): Promise<void>;
}

/** The store's answer to one take, at most this long: a slow one is taken as failed. */
const ANSWER_WITHIN_MS = 1_000;
/**
 * After the store failed to answer, requests go without it this long before it is asked again:
 * otherwise every caller in line would wait its own ANSWER_WITHIN_MS, one after another.
 */
const WITHOUT_STORE_MS = 5_000;

export function requestBudget(options: RequestBudgetOptions): RequestBudget {
  const { rate, name, perSecond, logger } = options;
  const sleep = options.sleep ?? realSleep;
  const clock = options.clock ?? (() => performance.now());
  let failing = false;
  let skipUntil = -Infinity;
  let line: Promise<unknown> = Promise.resolve();

  /** 0: granted (or the store is away); otherwise the ms until the bucket has one. */
  async function take(): Promise<number> {
    if (clock() < skipUntil) return 0;
    try {
      const wait = await withTimeout(rate.take(name, perSecond), ANSWER_WITHIN_MS);
      failing = false;
      return wait;
    } catch (err) {
      if (!failing)
        logger.warn(
          { budget: name, problem: errorLine(err) },
          "the fleet's agency request budget is not reachable: this instance goes on without it",
        );
      failing = true;
      skipUntil = clock() + WITHOUT_STORE_MS;
      return 0;
    }
  }

  return {
    acquire(withinMs) {
      const deadline = clock() + withinMs;
      // One caller of this instance at a time asks the store, in order: the others wait in line
      // here rather than all polling the bucket, and the first to come is the first served.
      const mine = line.then(async () => {
        for (;;) {
          const wait = await take();
          if (wait <= 0) return true;
          if (wait >= deadline - clock()) return false;
          await sleep(wait);
        }
      });
      line = mine.catch(() => false);
      return mine;
    },
    async hold(ms) {
      try {
        await withTimeout(rate.hold(name, ms), ANSWER_WITHIN_MS);
      } catch (err) {
        logger.warn({ budget: name, problem: errorLine(err) }, "the agency asked for a pause, and the fleet's budget could not be told");
      }
    },
  };
}
