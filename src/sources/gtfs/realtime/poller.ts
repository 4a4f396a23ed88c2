import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import { readCappedConditional } from '../../capped-fetch.js';
import { feedBytes, SharedPollFailure } from '../../feed-bytes.js';
import type { PollShare } from '../../../domain/poll-share.js';
import { createPolledFeed } from '../../polled-feed.js';
import { describeLocation, type Location } from '../net/location.js';
import { asFeedProblem, asRefusalAt, FeedProblem, isRefusal, type FeedProblemKind } from '../net/problem.js';
import type { RealtimeFeed } from './feed.js';
import { FeedOverLimitError, type FeedLimits } from './limits.js';
import { decodeInSlices, type SliceOptions } from './sliced-decode.js';
import { stopMismatchReport, type StopMismatchMetrics, type StopMismatchSink } from './stop-mismatches.js';

// The TripUpdates feed, polled as every feed is (polled-feed.ts: at most once per interval
// however many riders ask, coalesced, the last good feed kept through a failure); riders who ask
// while a request is out wait for that one. How old the kept feed is decides what riders get.
// The decode runs in slices (sliced-decode.ts), so riders elsewhere are answered meanwhile; a feed
// over its limits (limits.ts) is refused like a failed request.

export type RealtimeStatus = 'live' | 'stale' | 'unavailable';

/** Clocks of producer and bot may differ by this much before a header counts as ahead of the clock. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface RealtimeReading<T = RealtimeFeed> {
  status: RealtimeStatus;
  /** Present when live; absent otherwise (a stale feed is never passed off as live). */
  feed?: T;
  /** How old a stale feed's data is (since its header's time), so that riders are told. */
  ageMs?: number;
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
  /** A fleet's one poll per feed: the store's share, this feed's key and this instance's name. */
  share?: { readonly polls: PollShare; readonly feed: string; readonly holder: string };
}

export interface RealtimePoller<T = RealtimeFeed> {
  read(): Promise<RealtimeReading<T>>;
  /** The last failure, or undefined after a success. */
  readonly problem: FeedProblem | undefined;
  /** When the last failure unlike the one before began (a refusal that lasts keeps its first instant). */
  readonly problemSince: Date | undefined;
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
  let toldOfFuture = false;
  let failedAt: Date | undefined;

  const timeoutMs = options.timeoutMs ?? 10_000;
  const source = feedBytes({
    request: (validators) =>
      readCappedConditional(
        options.location,
        {
          fetch: options.fetch ?? globalThis.fetch,
          headers: { accept: 'application/x-protobuf, application/octet-stream', ...options.headers },
          timeoutMs,
          maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
        },
        validators,
      ),
    describeFailure: (err) => {
      const problem = asFeedProblem(err, 'network');
      return { kind: problem.kind, message: problem.message, ...(problem.status !== undefined ? { status: problem.status } : {}) };
    },
    refreshMs: options.refreshMs,
    timeoutMs,
    now: options.now,
    ...(options.share !== undefined && options.location.kind !== 'file' ? { share: options.share } : {}),
  });
  // An unchanged feed (304, or the same bytes another instance published) is not decoded again.
  let decoded: T | undefined;

  async function load(): Promise<T> {
    try {
      const got = await source.next();
      if (!got.changed && decoded !== undefined) return decoded;
      // The same bytes as last time, which could not be decoded: the same failure.
      if (!got.changed) throw new FeedProblem('decode', 'the feed is unchanged since it could not be decoded');
      try {
        decoded = await decode(got.bytes, {
          ...(options.limits !== undefined ? { limits: options.limits } : {}),
          ...(options.sliceMs !== undefined ? { sliceMs: options.sliceMs } : {}),
        });
        return decoded;
      } catch (err) {
        decoded = undefined;
        throw err instanceof FeedOverLimitError ? new FeedProblem('too-large', err.message) : asFeedProblem(err, 'decode');
      }
    } catch (err) {
      if (err instanceof SharedPollFailure) throw new FeedProblem(sharedKind(err.kind), err.message, err.status);
      throw asRefusalAt(asFeedProblem(err, 'network'), options.location);
    }
  }

  const feed = createPolledFeed({
    load,
    askedAt: () => source.askedAt(),
    refreshMs: options.refreshMs,
    now: options.now,
    onFailure(problem) {
      const next = problem as FeedProblem;
      failedAt = options.now();
      // Refused credentials and a feed over the limits will not mend by themselves: the operator's.
      const level = isRefusal(next) || next.kind === 'too-large' ? 'error' : 'warn';
      options.logger[level](
        { feed: where, kind: next.kind, status: next.status, problem: next.message },
        next.kind === 'refused'
          ? `${what} refused: ${next.message}; riders get the schedule, its times marked as scheduled`
          : `${what} unavailable; answering from the last feed while it is fresh, then from the schedule`,
      );
    },
    onRecovery: () => options.logger.info({ feed: where }, `${what} answering again`),
  });

  /**
   * When the feed was made: its header says, but a feed cannot be newer than its arrival. A header
   * far ahead of the clock (2100, a producer writing milliseconds) is no timestamp at all: the
   * arrival stands in for it, and the operator is told once.
   */
  function createdAt(received: { readonly value: T; readonly at: number }): number {
    const stamped = received.value.timestamp * 1000;
    if (received.value.timestamp <= 0) return received.at;
    if (stamped > received.at + FUTURE_TOLERANCE_MS && !toldOfFuture) {
      toldOfFuture = true;
      options.logger.warn({ feed: where, timestamp: received.value.timestamp }, `${what} stamped ahead of the clock: judged by when they arrive`);
    }
    return Math.min(stamped, received.at);
  }

  function reading(): RealtimeReading<T> {
    const last = feed.last;
    if (last === undefined) return { status: 'unavailable' };
    const now = options.now().getTime();
    const ageMs = now - createdAt(last);
    if (ageMs <= staleAfterMs) return { status: 'live', feed: last.value, mismatches };
    // Old data from a feed that no longer answers is unavailable; from one that answers, stale.
    return feed.problem === undefined ? { status: 'stale', ageMs } : { status: 'unavailable' };
  }

  return {
    async read() {
      // Every reader waits for a refresh out: trip updates are minutes old at most.
      const pending = feed.refreshIfDue();
      if (pending !== undefined) await pending;
      return reading();
    },
    get problem() {
      return feed.problem as FeedProblem | undefined;
    },
    get problemSince() {
      return feed.problem === undefined ? undefined : failedAt;
    },
    get requests() {
      return feed.requests;
    },
  };
}

/** The polling instance's failure kind, as this one's own would have been. */
function sharedKind(kind: string): FeedProblemKind {
  const known: readonly string[] = ['http', 'timeout', 'network', 'too-large', 'file', 'decode', 'import'];
  return (known.includes(kind) ? kind : 'network') as FeedProblemKind;
}
