import type { Clock } from '../domain/clock.js';

// The one way a source polls a feed (trip updates, vehicle positions, GTFS-Realtime alerts, RSS):
// asked for at most once per interval however many riders and pushes ask, one request out at a
// time (callers during it share it), the last good answer kept through a failure, and the
// operator told once per change of trouble, not once per interval while it lasts. What a reading
// says of the kept answer (live, stale, unavailable) is each feed's own.

export interface PolledFeedOptions<T> {
  /** One fetch and decode; rejects with an error whose message is safe to log (no header, no query). */
  load(): Promise<T>;
  refreshMs: number;
  now: Clock;
  /** A failure unlike the last one (by message): the feed's log line. */
  onFailure(problem: Error): void;
  /** An answer after a failure. */
  onRecovery(): void;
  /**
   * When the answer just loaded was asked of its publisher, if earlier than this attempt (a
   * fleet's shared poll, made by another instance): the next refresh is due an interval after
   * that, so that what the fleet reads is never more than an interval old, and an instance that
   * died after polling is replaced within one interval.
   */
  askedAt?(): number | undefined;
}

export interface PolledFeed<T> {
  /**
   * Starts a refresh if one is due (never before `refreshMs` since the last attempt, and never a
   * second one while one is out); the refresh out, if any, to await.
   */
  refreshIfDue(): Promise<void> | undefined;
  /** The last good answer and when it arrived (ms), kept through failures. */
  readonly last: { readonly value: T; readonly at: number } | undefined;
  /** The last failure, or undefined after a success. */
  readonly problem: Error | undefined;
  /** Requests actually made (for tests and the benches). */
  readonly requests: number;
}

export function createPolledFeed<T>(options: PolledFeedOptions<T>): PolledFeed<T> {
  let last: { value: T; at: number } | undefined;
  let problem: Error | undefined;
  let attemptedAt: number | undefined;
  let pending: Promise<void> | undefined;
  let requests = 0;

  async function refresh(): Promise<void> {
    attemptedAt = options.now().getTime();
    requests += 1;
    try {
      const value = await options.load();
      last = { value, at: options.now().getTime() };
      const asked = options.askedAt?.();
      if (asked !== undefined && asked < attemptedAt) attemptedAt = asked;
      if (problem !== undefined) options.onRecovery();
      problem = undefined;
    } catch (err) {
      const next = err instanceof Error ? err : new Error('unreadable');
      if (next.message !== problem?.message) options.onFailure(next);
      problem = next;
    }
  }

  return {
    refreshIfDue() {
      const now = options.now().getTime();
      // A clock set back (now < attemptedAt) makes a refresh due rather than none for as long.
      const due = attemptedAt === undefined || now - attemptedAt >= options.refreshMs || now < attemptedAt;
      if (due && pending === undefined) pending = refresh().finally(() => (pending = undefined));
      return pending;
    },
    get last() {
      return last;
    },
    get problem() {
      return problem;
    },
    get requests() {
      return requests;
    },
  };
}
