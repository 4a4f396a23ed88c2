import type { Clock } from '../../domain/clock.js';

// Arrivals requests per user, over a sliding window of the injected clock. Discord needs an
// answer to every interaction (or the rider reads "the application did not respond"), so unlike
// a chat where the bot can stay silent, every refused request gets the short ephemeral notice.

export interface RateLimiter {
  /** true: go ahead (and counted); false: over the limit. */
  allow(key: string): boolean;
}

export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const { limit, windowMs, clock } = options;
  const windows = new Map<string, number[]>();
  let checksSinceSweep = 0;
  return {
    allow(key) {
      const t = clock().getTime();
      // Riders who stopped asking leave their window behind: drop those now and then.
      if (++checksSinceSweep >= 1000) {
        checksSinceSweep = 0;
        for (const [k, hits] of windows) if ((hits.at(-1) ?? -Infinity) <= t - windowMs) windows.delete(k);
      }
      const hits = windows.get(key) ?? [];
      while (hits.length > 0 && hits[0]! <= t - windowMs) hits.shift();
      windows.set(key, hits);
      if (hits.length >= limit) return false;
      hits.push(t);
      return true;
    },
  };
}
