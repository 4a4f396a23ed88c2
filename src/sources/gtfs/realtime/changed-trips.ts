import type { RealtimeFeed } from './feed.js';

// The trips the last trip-updates snapshot says will not come as planned somewhere: cancelled, or
// skipping a stop. With the vanished ones (vanished-trips.ts), what the trip-change pushes narrow
// their look-ups to: only stops waited at on these trips' routes can show a change. Read from each
// new snapshot once (a scan of its runs and stop updates), held until the next.

export interface ChangedTrips {
  /** A snapshot read live (snapshots.ts tells each new one once). */
  observe(feed: RealtimeFeed): void;
  /** trip_id -> the route_id the feed gives for it, if any, of the last snapshot. */
  readonly trips: ReadonlyMap<string, string | undefined>;
}

export function createChangedTrips(): ChangedTrips {
  let trips = new Map<string, string | undefined>();
  return {
    observe(feed) {
      const found = new Map<string, string | undefined>();
      for (const runs of feed.byTripId.values()) {
        for (const run of runs) {
          const changed = run.relationship === 'CANCELED' || feed.updatesOf(run).some((update) => update.relationship === 'SKIPPED');
          if (changed) found.set(run.tripId, run.routeId ?? found.get(run.tripId));
        }
      }
      trips = found;
    },
    get trips() {
      return trips;
    },
  };
}
