import type { Clock } from '../domain/clock.js';
import type { Disruption } from '../domain/disruption.js';
import type { Logger } from '../log.js';
import type { DisruptionFeed, DisruptionSnapshot } from './disruption-feed.js';
import { createPolledFeed } from './polled-feed.js';

// A disruptions feed (GTFS-Realtime alerts, RSS) polled as every feed is (polled-feed.ts: at most
// once per interval, coalesced, the last good answer kept); once a first answer is in, readers get
// it at once while the next is fetched (a slow publisher never holds arrivals up). A failure keeps
// the last good answer while it is fresh (staleAfterMs), then the feed reads as unavailable: said
// as such, never as "none".

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
  const feed = createPolledFeed({
    load: () => options.load(),
    refreshMs: options.refreshMs,
    now: options.now,
    onFailure: (problem) => options.logger.warn({ feed: options.where, problem: problem.message }, 'disruptions unavailable'),
    onRecovery: () => options.logger.info({ feed: options.where }, 'disruptions answering again'),
  });

  function snapshot(): DisruptionSnapshot {
    const last = feed.last;
    if (last === undefined) return { status: 'unavailable' };
    const age = options.now().getTime() - last.at;
    if (feed.problem !== undefined && age > staleAfterMs) return { status: 'unavailable' };
    return { status: 'ok', disruptions: last.value };
  }

  return {
    async read() {
      const pending = feed.refreshIfDue();
      // Once a first answer is in, readers get it at once while the next one is fetched.
      if (feed.last === undefined && pending !== undefined) await pending;
      return snapshot();
    },
    get requests() {
      return feed.requests;
    },
    get problem() {
      return feed.problem?.message;
    },
  };
}
