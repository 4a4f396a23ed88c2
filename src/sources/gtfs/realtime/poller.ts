import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import { readCapped } from '../../capped-fetch.js';
import { describeLocation, type Location } from '../net/location.js';
import { asFeedProblem, FeedProblem } from '../net/problem.js';
import type { RealtimeFeed } from './feed.js';
import { FeedOverLimitError, type FeedLimits } from './limits.js';
import { decodeInSlices, type SliceOptions } from './sliced-decode.js';
import { stopMismatchReport, type StopMismatchMetrics, type StopMismatchSink } from './stop-mismatches.js';

// The TripUpdates feed, asked for at most once per interval however many riders ask: the
// answer (or the failure) is kept for the interval, and riders who ask while a request is out
// wait for that one. A failure keeps the last good feed; how old it is decides what riders get.
// The decode runs in slices (sliced-decode.ts), so riders elsewhere are answered meanwhile; a feed
// over its limits (limits.ts) is refused like a failed request.

export type RealtimeStatus = 'live' | 'stale' | 'unavailable';

/** Clocks of producer and bot may differ by this much before a header counts as ahead of the clock. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface RealtimeReading<T = RealtimeFeed> {
  status: RealtimeStatus;
  /** Present when live; absent otherwise (a stale feed is never passed off as live). */
  feed?: T;
  /** Where the merge reports trip updates that disagree with the schedule (logged and counted here). */
  mismatches?: StopMismatchSink;
}

/** What a poll decodes its bytes into: a snapshot stamped with its header's time. */
export type FeedDecoder<T> = (bytes: Uint8Array, options: SliceOptions) => Promise<T>;

export interface RealtimePollerOptions<T = RealtimeFeed> {
  location: Location;
  /** Default: TripUpdates (decodeInSlices). */
  decode?: FeedDecoder<T>;
  /** What the feed is, in the log's lines. Default: "trip updates". */
  what?: string;
  /** Request headers (the subscription key): sent, never logged. */
  headers: Record<string, string>;
  refreshMs: number;
  /** A feed whose header timestamp is older than this is stale. Default: 3 intervals, at least 90 s. */
  staleAfterMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Entities and stop updates a feed may hold. Default: DEFAULT_FEED_LIMITS. */
  limits?: FeedLimits;
  /** How long one slice of a decode may hold the event loop. */
  sliceMs?: number;
  /** Counts trips whose updates disagree with the schedule, for /metrics. Default: none. */
  stopMismatchMetrics?: StopMismatchMetrics;
  now: Clock;
  fetch?: typeof fetch;
  logger: Logger;
}

export interface RealtimePoller<T = RealtimeFeed> {
  read(): Promise<RealtimeReading<T>>;
  /** The last failure, or undefined after a success. */
  readonly problem: FeedProblem | undefined;
  /** Requests actually made (for tests and the bench). */
  readonly requests: number;
}

export function createRealtimePoller<T extends { readonly timestamp: number } = RealtimeFeed>(options: RealtimePollerOptions<T>): RealtimePoller<T> {
  const decode = options.decode ?? (decodeInSlices as unknown as FeedDecoder<T>);
  const what = options.what ?? 'trip updates';
  const staleAfterMs = options.staleAfterMs ?? Math.max(3 * options.refreshMs, 90_000);
  const where = describeLocation(options.location);
  const mismatches = stopMismatchReport({
    logger: options.logger,
    now: options.now,
    feed: where,
    ...(options.stopMismatchMetrics !== undefined ? { metrics: options.stopMismatchMetrics } : {}),
  });
  let feed: { value: T; receivedAt: number } | undefined;
  let toldOfFuture = false;
  let problem: FeedProblem | undefined;
  let attemptedAt: number | undefined;
  let pending: Promise<void> | undefined;
  let requests = 0;

  async function refresh(): Promise<void> {
    attemptedAt = options.now().getTime();
    requests += 1;
    try {
      const bytes = await readCapped(options.location, {
        fetch: options.fetch ?? globalThis.fetch,
        headers: { accept: 'application/x-protobuf, application/octet-stream', ...options.headers },
        timeoutMs: options.timeoutMs ?? 10_000,
        maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      });
      let decoded: T;
      try {
        decoded = await decode(bytes, {
          ...(options.limits !== undefined ? { limits: options.limits } : {}),
          ...(options.sliceMs !== undefined ? { sliceMs: options.sliceMs } : {}),
        });
      } catch (err) {
        throw err instanceof FeedOverLimitError ? new FeedProblem('too-large', err.message) : asFeedProblem(err, 'decode');
      }
      feed = { value: decoded, receivedAt: options.now().getTime() };
      if (problem !== undefined) options.logger.info({ feed: where }, `${what} answering again`);
      problem = undefined;
    } catch (err) {
      const next = asFeedProblem(err, 'network');
      // One line per change of trouble, not one per interval while it lasts.
      if (problem?.message !== next.message) {
        // Refused credentials and a feed over the limits will not mend by themselves: the operator's.
        const level = (next.kind === 'http' && (next.status === 401 || next.status === 403)) || next.kind === 'too-large' ? 'error' : 'warn';
        options.logger[level](
          { feed: where, kind: next.kind, status: next.status, problem: next.message },
          `${what} unavailable; answering from the last feed while it is fresh, then from the schedule`,
        );
      }
      problem = next;
    }
  }

  /**
   * When the feed was made: its header says, but a feed cannot be newer than its arrival. A header
   * far ahead of the clock (2100, a producer writing milliseconds) is no timestamp at all: the
   * arrival stands in for it, and the operator is told once.
   */
  function createdAt(received: { value: T; receivedAt: number }): number {
    const stamped = received.value.timestamp * 1000;
    if (received.value.timestamp <= 0) return received.receivedAt;
    if (stamped > received.receivedAt + FUTURE_TOLERANCE_MS && !toldOfFuture) {
      toldOfFuture = true;
      options.logger.warn({ feed: where, timestamp: received.value.timestamp }, `${what} stamped ahead of the clock: judged by when they arrive`);
    }
    return Math.min(stamped, received.receivedAt);
  }

  function reading(): RealtimeReading<T> {
    if (feed === undefined) return { status: 'unavailable' };
    const now = options.now().getTime();
    if (now - createdAt(feed) <= staleAfterMs) return { status: 'live', feed: feed.value, mismatches };
    // Old data from a feed that no longer answers is unavailable; from one that answers, stale.
    return { status: problem === undefined ? 'stale' : 'unavailable' };
  }

  return {
    async read() {
      const now = options.now().getTime();
      const due = attemptedAt === undefined || now - attemptedAt >= options.refreshMs || now < attemptedAt;
      if (due && pending === undefined) pending = refresh().finally(() => (pending = undefined));
      if (pending !== undefined) await pending;
      return reading();
    },
    get problem() {
      return problem;
    },
    get requests() {
      return requests;
    },
  };
}
