// Requests that cost (they ask the transit service) per user, over a sliding window of the
// injected clock (the grammY ratelimiter plugin keeps its own timers, which tests could not
// drive). A user over the limit is told once per window, then refused silently until the window
// has room again; where the platform needs an answer to every request (a Discord interaction, a
// Telegram inline query) the pipeline says the notice every time instead. Refusals do not count.

import type { Clock } from '../domain/clock.js';

export type RateDecision = 'allow' | 'refuse-and-tell' | 'refuse-silently';

export interface RateLimiter {
  check(key: string): RateDecision;
}

interface Window {
  hits: number[];
  toldUntil: number;
}

export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const { limit, windowMs, clock } = options;
  const windows = new Map<string, Window>();
  let checksSinceSweep = 0;

  // Riders who stopped asking leave their window behind: drop those now and then.
  const sweep = (t: number) => {
    for (const [key, w] of windows) if ((w.hits.at(-1) ?? -Infinity) <= t - windowMs && w.toldUntil <= t) windows.delete(key);
  };

  return {
    check(key) {
      const t = clock().getTime();
      if (++checksSinceSweep >= 1000) {
        checksSinceSweep = 0;
        sweep(t);
      }
      const w = windows.get(key) ?? { hits: [], toldUntil: -Infinity };
      windows.set(key, w);
      while (w.hits.length > 0 && w.hits[0]! <= t - windowMs) w.hits.shift();
      if (w.hits.length < limit) {
        w.hits.push(t);
        return 'allow';
      }
      if (t < w.toldUntil) return 'refuse-silently';
      // Quiet until the oldest counted request leaves the window, i.e. until a retry would work.
      w.toldUntil = w.hits[0]! + windowMs;
      return 'refuse-and-tell';
    },
  };
}
