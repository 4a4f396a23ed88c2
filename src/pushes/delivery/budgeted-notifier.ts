import type { Notifier } from '../../domain/notifier.js';
import { sleep as realSleep, type Sleep } from '../../util/sleep.js';
import type { FleetBudget } from '../fleet-budget.js';

/**
 * A notifier whose every send is drawn from the platform's one budget (fleet-budget.ts), the one
 * the live edits draw from too: alerts and edits together keep under the platform's pace, across
 * the fleet. A 429 the platform's client meets (and waits out itself) holds the whole fleet too.
 */
export function budgetedNotifier(notifier: Notifier, budget: FleetBudget, sleep: Sleep = realSleep): Notifier {
  notifier.onRateLimited?.((retryAfterMs) => budget.hold(retryAfterMs));
  return {
    platform: notifier.platform,
    async send(chatId, reply, options) {
      await budget.acquire(sleep);
      return notifier.send(chatId, reply, options);
    },
  };
}
