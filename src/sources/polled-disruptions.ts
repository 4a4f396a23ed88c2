import type { Clock } from '../domain/clock.js';
import type { Disruption } from '../domain/disruption.js';
import type { Logger } from '../log.js';
import type { DisruptionFeed, DisruptionSnapshot } from './disruption-feed.js';

// A disruptions feed asked for at most once per interval however many riders and pushes ask:
// requests are coalesced, and once a first answer is in, readers get it at once while the next is
// fetched (a slow publisher never holds arrivals up). A failure keeps the last good answer while
// it is fresh (staleAfterMs), then the feed reads as unavailable: said as such, never as "none".

export interface PolledDisruptionsOptions {
  /** One fetch and decode; rejects with an error whose message is safe to log (no header, no query). */
  load(): Promise<readonly Disruption[]>;
  refreshMs: number;
  /** Default: 3 intervals, at least 10 minutes (publishers keep disruptions for hours). */
  staleAfterMs?: number;
  now: Clock;
  logger: Logger;
  /** Names the feed in the log: its address without query. */
  where: string;
}

export function pollDisruptions(options: PolledDisruptionsOptions): DisruptionFeed & { readonly problem: string | undefined } {
  const staleAfterMs = options.staleAfterMs ?? Math.max(3 * options.refreshMs, 10 * 60_000);
  let last: { disruptions: readonly Disruption[]; at: number } | undefined;
  let problem: string | undefined;
  let attemptedAt: number | undefined;
  let pending: Promise<void> | undefined;
  let requests = 0;

  async function refresh(): Promise<void> {
    attemptedAt = options.now().getTime();
    requests += 1;
    try {
      const disruptions = await options.load();
      last = { disruptions, at: options.now().getTime() };
      if (problem !== undefined) options.logger.info({ feed: options.where }, 'disruptions answering again');
      problem = undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : 'unreadable';
      // One line per change of trouble, not one per interval while it lasts.
      if (message !== problem) options.logger.warn({ feed: options.where, problem: message }, 'disruptions unavailable');
      problem = message;
    }
  }

  function snapshot(): DisruptionSnapshot {
    if (last === undefined) return { status: 'unavailable' };
    const age = options.now().getTime() - last.at;
    if (problem !== undefined && age > staleAfterMs) return { status: 'unavailable' };
    return { status: 'ok', disruptions: last.disruptions };
  }

  return {
    async read() {
      const now = options.now().getTime();
      const due = attemptedAt === undefined || now - attemptedAt >= options.refreshMs || now < attemptedAt;
      if (due && pending === undefined) pending = refresh().finally(() => (pending = undefined));
      if (last === undefined && pending !== undefined) await pending;
      return snapshot();
    },
    get requests() {
      return requests;
    },
    get problem() {
      return problem;
    },
  };
}
