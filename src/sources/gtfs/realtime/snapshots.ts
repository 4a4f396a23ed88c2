import type { RealtimeFeed } from './feed.js';
import type { RealtimePoller, RealtimeReading } from './poller.js';
import type { VanishedTrip } from './vanished-trips.js';
import type { VehicleFeed } from './vehicles.js';

// What watches the realtime feeds over time (trips vanishing, prediction accuracy, trips changing
// under waiting riders) sees every new snapshot once, whoever caused the poll: a rider's question,
// or the pushes' half-minute round (refreshRealtime), so that nothing depends on riders asking.
// A failed or stale poll brings no snapshot: the feed's silence is no trip's.

/** The feeds as last read live: trip updates and vehicle positions, each absent when not live. */
export interface LiveSnapshot {
  readonly trips?: RealtimeFeed;
  readonly vehicles?: VehicleFeed;
}

export interface SnapshotObserver {
  /** A snapshot with a newer trip-updates or vehicle-positions header than the last one told; never throws. */
  observe(snapshot: LiveSnapshot): void;
  /** A trip that vanished from the trip updates (the source's vanish watch), told before the snapshot that showed it; never throws. */
  vanished?(trip: VanishedTrip): void;
}

export interface RealtimeReader {
  /** Both feeds read (each polled if due), observers told of what is new. */
  read(): Promise<{ readonly trips: RealtimeReading; readonly vehicles: VehicleFeed | undefined }>;
}

export function createRealtimeReader(
  realtime: RealtimePoller | undefined,
  vehicles: RealtimePoller<VehicleFeed> | undefined,
  observers: readonly SnapshotObserver[],
  onObserverFailure: (err: unknown) => void,
): RealtimeReader {
  let toldTrips = 0;
  let toldVehicles = 0;
  return {
    async read() {
      const [trips, positions] = await Promise.all([
        realtime === undefined ? ({ status: 'live' } satisfies RealtimeReading) : realtime.read(),
        vehicles === undefined ? undefined : vehicles.read(),
      ]);
      // Positions of a stale or failing feed are not where the buses are now: left out.
      const fresh = positions?.status === 'live' ? positions.feed : undefined;
      const live = trips.status === 'live' ? (trips as RealtimeReading).feed : undefined;
      const newer = (live?.timestamp ?? 0) > toldTrips || (fresh?.timestamp ?? 0) > toldVehicles;
      if (newer) {
        toldTrips = Math.max(toldTrips, live?.timestamp ?? 0);
        toldVehicles = Math.max(toldVehicles, fresh?.timestamp ?? 0);
        const snapshot: LiveSnapshot = { ...(live !== undefined ? { trips: live } : {}), ...(fresh !== undefined ? { vehicles: fresh } : {}) };
        for (const observer of observers) {
          try {
            observer.observe(snapshot);
          } catch (err) {
            onObserverFailure(err);
          }
        }
      }
      return { trips, vehicles: fresh };
    },
  };
}
