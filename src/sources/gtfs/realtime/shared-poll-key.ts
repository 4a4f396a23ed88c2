import { createHash } from 'node:crypto';
import type { FeedPollShare } from '../../kind.js';
import type { Location } from '../net/location.js';

// The key a fleet polls one realtime feed under: the feed's id, what it is, and a digest of its
// address (so that a FEEDS_FILE changed under a running fleet never mixes two feeds' bytes; the
// digest keeps a key in the address's query out of the store's key names).

export function sharedPollOf(
  share: FeedPollShare | undefined,
  what: 'TripUpdates' | 'VehiclePositions',
  location: Location,
): { share?: { polls: FeedPollShare['polls']; feed: string; holder: string } } {
  if (share === undefined || location.kind === 'file') return {};
  // A signed address changes each minute: what it shows names the feed.
  const address = createHash('sha256')
    .update(location.kind === 'signed' ? location.shown : location.url)
    .digest('base64url')
    .slice(0, 12);
  return { share: { polls: share.polls, holder: share.holder, feed: `${share.feed}:${what}:${address}` } };
}
