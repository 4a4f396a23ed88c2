import type { RealtimeFeed, TripPrediction } from './feed.js';
import type { VehicleFeed } from './vehicles.js';

// Trips that vanish: a trip the feed predicted at a stop within the next 10 minutes that drops out
// of the trip updates between two snapshots, its bus not having passed the stop, is the ghost bus
// riders wait for in vain. Each new snapshot (a newer header time) is compared with the calls the
// last one predicted; a failed or stale poll brings no new snapshot, so it makes nothing vanish
// (the trips' absence is the feed's then, not theirs). Memory holds only the calls due within the
// window and the vanished ones, each dropped once its time is past by the margin.

/** Calls predicted this far ahead of a snapshot are remembered. */
const WINDOW_S = 10 * 60;
/** A call stays remembered (and a vanished one on the board's memory) this long after its time. */
const MARGIN_S = 5 * 60;

export interface VanishedCall {
  /** The last time the feed predicted at the stop, POSIX seconds: the board keeps the trip until then. */
  readonly atSeconds: number;
  /** The header time of the first snapshot without the trip. */
  readonly vanishedAt: Date;
}

/** A call of a trip at a stop as the schedule names it. */
export interface CallAt {
  readonly stopId: string;
  readonly stopSequence: number;
  /** Its scheduled time, POSIX seconds: a feed of delays alone times the call from it. */
  readonly scheduledS?: number;
}

/** A trip newly vanished, as what counts them (the accuracy recorder) is told: once per trip and snapshot. */
export interface VanishedTrip {
  readonly tripId: string;
  readonly startDate?: string;
  readonly routeId?: string;
  readonly vanishedAt: Date;
}

export interface VanishWatch {
  /** A snapshot read live; one no newer than the last observed is ignored. */
  observe(feed: RealtimeFeed, vehicles: VehicleFeed | undefined): void;
  /** The call vanished, when it did: a trip of that run (start date) at that stop. */
  vanished(tripId: string, startDate: string, call: CallAt): VanishedCall | undefined;
  /** Calls remembered, vanished ones included (for tests: memory stays bounded). */
  readonly size: number;
  /** The trips with a vanished call now, by trip_id (what the trip-change pushes ask about). */
  vanishedTrips(): Iterable<string>;
}

interface Remembered {
  readonly tripId: string;
  readonly startDate?: string;
  readonly stopId?: string;
  readonly stopSequence?: number;
  readonly routeId?: string;
  /** The predicted time; for an update of a delay alone, the latest it could be due (the window's end). */
  readonly atSeconds: number;
  /** An update of a delay alone: its time is the call's scheduled one plus this, known when a board asks. */
  readonly delaySeconds?: number;
  vanishedAt?: Date;
}

/** `onVanished`: told of each trip as it vanishes (the accuracy recorder counts them). */
export function createVanishWatch(onVanished?: (trip: VanishedTrip) => void): VanishWatch {
  let remembered: Remembered[] = [];
  // Asked once per call of a board lacking a run in the feed: found by trip, never by a scan.
  let vanishedByTrip = new Map<string, Remembered[]>();
  let lastTimestamp = 0;

  function observe(feed: RealtimeFeed, vehicles: VehicleFeed | undefined): void {
    // A producer that stamps no time gives no way to tell a new snapshot from the same one.
    if (feed.timestamp <= lastTimestamp) return;
    const nowS = feed.timestamp;
    lastTimestamp = nowS;
    // A trip back in the feed is no longer vanished; one whose time came while it was away is past asking.
    const kept = remembered.filter((call) => call.atSeconds + MARGIN_S >= nowS && !feed.byTripId.has(call.tripId));
    const told = new Set<string>();
    for (const call of kept) {
      if (call.vanishedAt !== undefined || call.atSeconds < nowS || passed(call, vehicles)) continue;
      call.vanishedAt = new Date(nowS * 1000);
      const run = `${call.tripId}\u0000${call.startDate ?? ''}`;
      if (onVanished === undefined || told.has(run)) continue;
      told.add(run);
      onVanished({
        tripId: call.tripId,
        ...(call.startDate !== undefined ? { startDate: call.startDate } : {}),
        ...(call.routeId !== undefined ? { routeId: call.routeId } : {}),
        vanishedAt: call.vanishedAt,
      });
    }
    // Calls of trips still in the feed are read again from it; the others only if they vanished.
    const vanished = kept.filter((call) => call.vanishedAt !== undefined);
    remembered = [...vanished, ...dueCalls(feed, nowS)];
    vanishedByTrip = new Map();
    for (const call of vanished) vanishedByTrip.set(call.tripId, [...(vanishedByTrip.get(call.tripId) ?? []), call]);
  }

  return {
    observe,
    vanished(tripId, startDate, call) {
      const found = vanishedByTrip.get(tripId)?.find(
        (r) =>
          (r.startDate === undefined || r.startDate === startDate) &&
          // The stop's id first: some feeds number stops otherwise than the schedule (stop-mismatches.ts).
          (r.stopId !== undefined ? r.stopId === call.stopId : r.stopSequence === call.stopSequence),
      );
      if (found?.vanishedAt === undefined) return undefined;
      if (found.delaySeconds === undefined) return { atSeconds: found.atSeconds, vanishedAt: found.vanishedAt };
      // Due within the window of the last snapshot that had it, and still ahead when it vanished.
      const atSeconds = call.scheduledS === undefined ? undefined : call.scheduledS + found.delaySeconds;
      if (atSeconds === undefined || atSeconds > found.atSeconds || atSeconds < found.vanishedAt.getTime() / 1000) return undefined;
      return { atSeconds, vanishedAt: found.vanishedAt };
    },
    get size() {
      return remembered.length;
    },
    vanishedTrips: () => vanishedByTrip.keys(),
  };
}

/**
 * The calls a snapshot predicts within the window: its stop updates with a time still ahead. An
 * update of a delay alone has no time until the schedule's is added, which only a board's look-up
 * has (vanished(..., { scheduledS })): it is remembered with its delay, due at the latest at the
 * window's end, and found due or not when asked.
 */
function dueCalls(feed: RealtimeFeed, nowS: number): Remembered[] {
  const due: Remembered[] = [];
  for (const runs of feed.byTripId.values()) {
    for (const run of runs) {
      if (!runsAtAll(run)) continue;
      for (const update of feed.updatesOf(run)) {
        if (update.relationship !== 'SCHEDULED') continue;
        const atSeconds = update.arrival?.time ?? update.departure?.time;
        const delaySeconds = atSeconds === undefined ? (update.arrival ?? update.departure)?.delay : undefined;
        if (delaySeconds === undefined && (atSeconds === undefined || atSeconds < nowS || atSeconds > nowS + WINDOW_S)) continue;
        due.push({
          tripId: run.tripId,
          ...(run.startDate !== undefined ? { startDate: run.startDate } : {}),
          ...(update.stopId !== undefined ? { stopId: update.stopId } : {}),
          ...(update.stopSequence !== undefined ? { stopSequence: update.stopSequence } : {}),
          ...(run.routeId !== undefined ? { routeId: run.routeId } : {}),
          ...(delaySeconds !== undefined ? { atSeconds: nowS + WINDOW_S, delaySeconds } : { atSeconds: atSeconds! }),
        });
      }
    }
  }
  return due;
}

/** A cancelled or deleted trip is said so by the feed; a copy (DUPLICATED) is another run than the trip's own. */
const runsAtAll = (run: TripPrediction) => run.relationship === 'SCHEDULED' || run.relationship === 'REPLACEMENT';

/** The trip's vehicle is at the stop or beyond it: the trip left the feed having served it. */
function passed(call: Remembered, vehicles: VehicleFeed | undefined): boolean {
  const readings = vehicles?.byTripId.get(call.tripId) ?? [];
  return readings.some((v) => {
    if (call.startDate !== undefined && v.startDate !== undefined && v.startDate !== call.startDate) return false;
    if (call.stopSequence !== undefined && v.currentStopSequence !== undefined) {
      return v.currentStopSequence > call.stopSequence || (v.currentStopSequence === call.stopSequence && v.status === 'stopped-at');
    }
    return call.stopId !== undefined && v.stopId === call.stopId && v.status === 'stopped-at';
  });
}
