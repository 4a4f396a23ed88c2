// One poll per feed for a fleet of instances: the instance holding a feed's lease this interval
// fetches it (conditionally), and publishes what it got; the others read that instead of asking
// the agency. Without a shared store (one instance) there is nothing to share and no port.

/** What the polling instance got: the feed's bytes (or the agency's refusal), with its validators. */
export type SharedPoll =
  | {
      readonly status: 'ok';
      readonly bytes: Uint8Array;
      /** Tells one body from another without comparing them (an ETag, else a digest). */
      readonly version: string;
      readonly etag?: string;
      readonly lastModified?: string;
      /** When the polling instance last had an answer (a 304 included), ms. */
      readonly fetchedAt: number;
    }
  | {
      readonly status: 'failed';
      /** The failure as the poller reported it, safe to log (no header, no query). */
      readonly kind: string;
      readonly message: string;
      readonly httpStatus?: number;
      readonly fetchedAt: number;
    };

/** What was last published, without its bytes. */
export interface SharedPollVersion {
  readonly status: 'ok' | 'failed';
  readonly version?: string;
  readonly etag?: string;
  readonly lastModified?: string;
  readonly fetchedAt: number;
}

export interface PollShare {
  /** The lease to poll `feed` for `ms`, taken if free (or already this holder's); true: poll it. */
  lease(feed: string, holder: string, ms: number): Promise<boolean>;
  /** What was last published of the feed, without its bytes. */
  latestVersion(feed: string): Promise<SharedPollVersion | undefined>;
  /** The feed as last published, bytes included. */
  latest(feed: string): Promise<SharedPoll | undefined>;
  /** Publishes a poll, kept `keepMs`. */
  publish(feed: string, poll: SharedPoll, keepMs: number): Promise<void>;
  /** The agency answered 304: the published poll stays, with a new fetchedAt. */
  touch(feed: string, fetchedAt: number, keepMs: number): Promise<void>;
}
