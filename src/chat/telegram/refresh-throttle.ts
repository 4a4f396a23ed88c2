// A Refresh pressed again within a few seconds would fetch the same arrivals (the transit
// client caches them) and make Telegram refuse an identical edit; it is answered locally.

import type { Clock } from '../../domain/clock.js';

export interface RefreshThrottle {
  /** True when this message may be refreshed now (and records it); false when it just was. */
  tryRefresh(messageKey: string): boolean;
  /** A refresh that failed does not count: the next tap tries again. */
  forget(messageKey: string): void;
}

export function createRefreshThrottle(options: { intervalMs: number; clock: Clock }): RefreshThrottle {
  const { intervalMs, clock } = options;
  const last = new Map<string, number>();
  return {
    tryRefresh(messageKey) {
      const t = clock().getTime();
      const previous = last.get(messageKey);
      if (previous !== undefined && t - previous < intervalMs) return false;
      // Old entries are useless; dropping them keeps the map as small as the recent traffic.
      if (last.size > 10_000) for (const [key, at] of last) if (t - at >= intervalMs) last.delete(key);
      last.set(messageKey, t);
      return true;
    },
    forget(messageKey) {
      last.delete(messageKey);
    },
  };
}
