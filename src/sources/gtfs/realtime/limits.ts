// How much of a feed the source takes in. The byte cap alone let a 43 MB feed of 1.2 million
// entities through (7.3 s of decoding, 789 MB of heap, at every refresh); counting what the
// snapshot is built of bounds its memory whatever the bytes hold.

export interface FeedLimits {
  /** FeedEntity messages of every kind. */
  readonly maxEntities: number;
  /** StopTimeUpdate messages over all the feed's trips: what the snapshot's memory grows with. */
  readonly maxStopUpdates: number;
}

export const DEFAULT_FEED_LIMITS: FeedLimits = { maxEntities: 100_000, maxStopUpdates: 1_000_000 };

export class FeedOverLimitError extends Error {
  override readonly name: string = 'FeedOverLimitError';
  constructor(what: 'entities' | 'stop updates' | 'alerts' | 'informed entities and periods', limit: number) {
    super(`more than ${limit} ${what}`);
  }
}
