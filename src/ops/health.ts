// The bot's health as probes read it (domain/health.ts). Liveness is the process's own state: the
// minute timer turning (a tick hung on a store that never answers stops it, and a restart mends
// that). Readiness adds the feeds: a schedule still loading, or refused with no earlier import to
// answer from, is not something a restart mends, so it never fails liveness; a readiness probe
// holds traffic (or a rolling update) back meanwhile, and an alert on /readyz tells the operator.
// A feed whose realtime is refused (its key, its signature) is said in words on every probe,
// failing none: riders get the schedule meanwhile.
import type { Clock } from '../domain/clock.js';
import type { Health } from '../domain/health.js';
import { MINUTE_MS } from '../domain/local-minute.js';
import type { FeedStatus } from '../domain/transit-source.js';

/** Not live once no tick has finished for this long (three minutes of the one-minute timer). */
export const LIVE_TICK_AGE_MS = 3 * MINUTE_MS;

/**
 * Feeds whose realtime is refused (a key, a signature), in words: the operator's to mend, said on
 * every probe, never failing one (riders meanwhile get the schedule, and a restart mends nothing).
 */
function refusals(feeds: readonly FeedStatus[]): string[] {
  return feeds.flatMap((feed) =>
    feed.realtimeProblem?.kind === 'refused'
      ? [`${feed.feed ?? 'the feed'}: realtime refused since ${feed.realtimeProblem.at}: ${feed.realtimeProblem.message}`]
      : [],
  );
}

export function createHealth(deps: { clock: Clock; lastTick: () => number | undefined; feeds: () => readonly FeedStatus[] }): Health {
  const startedAt = deps.clock().getTime();
  const live = () => {
    const last = deps.lastTick();
    const age = deps.clock().getTime() - (last ?? startedAt);
    const problems = refusals(deps.feeds());
    return {
      ok: age < LIVE_TICK_AGE_MS,
      lastTick: last === undefined ? null : new Date(last).toISOString(),
      ...(problems.length > 0 ? { problems } : {}),
    };
  };
  return {
    live,
    ready() {
      const alive = live();
      const feeds = deps.feeds();
      return {
        ...alive,
        ok: alive.ok && feeds.every((feed) => feed.schedule === 'ready'),
        ...(feeds.length > 0 ? { feeds } : {}),
      };
    },
  };
}
