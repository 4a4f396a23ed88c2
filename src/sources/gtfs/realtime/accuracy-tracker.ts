import { bandName, type AccuracyIncrement } from '../../../domain/accuracy.js';
import { bandOf, ETA_BANDS, scorePrediction } from '../../../domain/eta-bands.js';
import type { RealtimeFeed, StopUpdate, TripPrediction } from './feed.js';
import type { LiveSnapshot } from './snapshots.js';
import type { VehicleFeed, VehicleReading } from './vehicles.js';

// The bot's own measure of a feed's predictions, in memory: at each snapshot, the first prediction
// of each call in each of Transit's bands (0-3, 3-6, 6-10, 10-15 minutes ahead) is remembered, so
// the count does not grow with how often the feed is polled; once the bus is seen at the stop,
// every remembered prediction of that call is scored against that moment and forgotten. A call
// whose bus is never seen is forgotten unscored once its time is well past. Trips newly cancelled
// are counted here too; trips that vanish are the vanish watch's (told through `vanished`).
//
// When the bus was there, in order of trust:
//  1. its vehicle STOPPED_AT the stop (the fix's time), unless only a departure was predicted (a
//     trip's first stop, where the bus waits: then its leaving is what was predicted);
//  2. the feed's own stop progress: the stop's time in the trip updates has come (the feed reports
//     it as past), or the trip's updates moved on past the stop (a later stop listed, not this one);
//  3. its vehicle beyond the stop (a higher current_stop_sequence naming another stop).
// In 2 (moved on) and 3 the passage fell between the last snapshot that still had the stop ahead
// and this one: the feed's last time for it, kept within that interval.

/** A remembered call is dropped unscored this long after its last predicted time (a bus later than this is not waited for). */
const MARGIN_S = 30 * 60;
/** A trip seen cancelled is not counted again while it stays in the feed, nor for this long after. */
const CANCELLED_MEMORY_S = 6 * 60 * 60;
/** Calls predicted further ahead than the last band are not remembered. */
const HORIZON_S = ETA_BANDS[ETA_BANDS.length - 1]!.toMinutes * 60;

interface Prediction {
  readonly band: number;
  readonly leadS: number;
  readonly atS: number;
}

interface Call {
  readonly tripId: string;
  readonly startDate: string | undefined;
  readonly route: string;
  readonly stopId: string | undefined;
  readonly stopSequence: number | undefined;
  /** Only a departure is predicted (a trip's first stop): the bus waiting there has not come yet, its leaving is the passage. */
  readonly departs: boolean;
  /** At most one per band: the first made. */
  readonly predictions: Prediction[];
  /** The feed's last time for the call, and the header time of the last snapshot that still had it ahead. */
  lastAtS: number;
  lastAheadS: number;
}

export interface AccuracyTracker {
  /** The increments a new snapshot brings (scored predictions, newly cancelled trips). */
  observe(snapshot: LiveSnapshot): AccuracyIncrement[];
  /** Calls remembered, those scored included until their margin is out (memory stays bounded: for tests and the bench). */
  readonly size: number;
}

export function createAccuracyTracker(): AccuracyTracker {
  /** By trip run, then by call: the calls of a trip are looked at together, once per snapshot. */
  let calls = new Map<string, Map<string, Call>>();
  const cancelledSeen = new Map<string, number>();
  /** Calls scored already, until their margin is out: a feed still listing one (its bus at the stop) does not start it again. */
  const scored = new Map<string, number>();
  let lastS = 0;
  let size = 0;

  function observe(snapshot: LiveSnapshot): AccuracyIncrement[] {
    const trips = snapshot.trips;
    const vehicles = snapshot.vehicles;
    const nowS = Math.max(trips?.timestamp ?? 0, vehicles?.timestamp ?? 0);
    // A producer that stamps no time gives no way to place a prediction or a passage in time.
    if (nowS <= lastS) return [];
    lastS = nowS;
    const increments: AccuracyIncrement[] = [];
    // Each run's updates are made into objects once per snapshot, for both passes.
    const updatesOf = cachedUpdates(trips);
    if (trips !== undefined && trips.timestamp > 0) countCancelled(trips, nowS, increments);
    // First what happened to the calls already remembered, then what this snapshot predicts.
    const kept = new Map<string, Map<string, Call>>();
    size = 0;
    for (const [runKey, byCall] of calls) {
      const first = byCall.values().next().value!;
      const runs = trips?.byTripId.get(first.tripId)?.filter((run) => sameRun(run.startDate, first.startDate));
      const updates = runs?.[0] !== undefined ? progressOf(updatesOf(runs[0])) : undefined;
      const readings = vehicles?.byTripId.get(first.tripId)?.filter((v) => sameRun(v.startDate, first.startDate));
      const left = new Map<string, Call>();
      for (const [callKey, call] of byCall) {
        const seenAtS = passage(call, updates, readings, vehicles?.timestamp ?? nowS, nowS);
        if (seenAtS !== undefined) {
          score(call, seenAtS, increments);
          scored.set(`${runKey}\u0000${callKey}`, call.lastAtS);
        } else if (call.lastAtS + MARGIN_S >= nowS) left.set(callKey, call);
      }
      if (left.size > 0) kept.set(runKey, left);
      size += left.size;
    }
    calls = kept;
    for (const [key, atS] of scored) if (atS + MARGIN_S < nowS) scored.delete(key);
    if (trips !== undefined && trips.timestamp > 0) remember(trips, vehicles, trips.timestamp, updatesOf);
    return increments;
  }

  function countCancelled(trips: RealtimeFeed, nowS: number, increments: AccuracyIncrement[]): void {
    for (const [key, seenS] of cancelledSeen) if (seenS + CANCELLED_MEMORY_S < nowS) cancelledSeen.delete(key);
    for (const runs of trips.byTripId.values()) {
      for (const run of runs) {
        if (run.relationship !== 'CANCELED' || run.routeId === undefined) continue;
        const key = runKeyOf(run.tripId, run.startDate);
        if (!cancelledSeen.has(key)) increments.push({ route: run.routeId, counter: 'cancelled', n: 1 });
        cancelledSeen.set(key, nowS);
      }
    }
  }

  /** The first prediction of each call in each band, for calls within the last band's reach. */
  function remember(trips: RealtimeFeed, vehicles: VehicleFeed | undefined, nowS: number, updatesOf: (run: TripPrediction) => StopUpdate[]): void {
    for (const runs of trips.byTripId.values()) {
      for (const run of runs) {
        if (run.relationship !== 'SCHEDULED' && run.relationship !== 'REPLACEMENT') continue;
        // Counted by route: a trip the feed names no route of takes its vehicle's.
        const route = run.routeId ?? vehicles?.byTripId.get(run.tripId)?.find((v) => sameRun(v.startDate, run.startDate))?.routeId;
        if (route === undefined) continue;
        const runKey = runKeyOf(run.tripId, run.startDate);
        let byCall = calls.get(runKey);
        for (const update of updatesOf(run)) {
          const atS = timeOf(update);
          if (update.relationship !== 'SCHEDULED' || atS === undefined || atS < nowS || atS >= nowS + HORIZON_S) continue;
          if (update.stopId === undefined && update.stopSequence === undefined) continue;
          const band = ETA_BANDS.indexOf(bandOf(atS - nowS)!);
          const callKey = callKeyOf(update.stopId, update.stopSequence);
          if (scored.has(`${runKey}\u0000${callKey}`)) continue;
          let call = byCall?.get(callKey);
          if (call === undefined) {
            call = {
              tripId: run.tripId,
              startDate: run.startDate,
              route,
              stopId: update.stopId,
              stopSequence: update.stopSequence,
              departs: update.arrival?.time === undefined,
              predictions: [],
              lastAtS: atS,
              lastAheadS: nowS,
            };
            if (byCall === undefined) calls.set(runKey, (byCall = new Map<string, Call>()));
            byCall.set(callKey, call);
            size += 1;
          }
          call.lastAtS = atS;
          call.lastAheadS = nowS;
          if (!call.predictions.some((p) => p.band === band)) call.predictions.push({ band, leadS: atS - nowS, atS });
        }
      }
    }
  }

  return {
    observe,
    get size() {
      return size + scored.size;
    },
  };
}

/** Each prediction of the call scored against the bus's passage, route-wide and at the stop. */
function score(call: Call, seenAtS: number, increments: AccuracyIncrement[]): void {
  for (const prediction of call.predictions) {
    const outcome = scorePrediction(prediction.leadS, seenAtS - prediction.atS);
    if (outcome === undefined) continue;
    const band = bandName(outcome.band);
    const counts: Array<[AccuracyIncrement['counter'], boolean]> = [
      [`scored:${band}`, true],
      [`accurate:${band}`, outcome.accurate],
      [`caught:${band}`, outcome.caught],
    ];
    for (const [counter, counted] of counts) {
      if (!counted) continue;
      increments.push({ route: call.route, counter, n: 1 });
      if (call.stopId !== undefined) increments.push({ route: call.route, stop: call.stopId, counter, n: 1 });
    }
  }
}

/** When the bus was at the call's stop, if this snapshot shows it has been (see the top of the file). */
function passage(
  call: Call,
  updates: Progress | undefined,
  readings: readonly VehicleReading[] | undefined,
  vehiclesS: number,
  nowS: number,
): number | undefined {
  const at = call.departs ? undefined : readings?.find((v) => v.status === 'stopped-at' && atStop(call, v));
  if (at !== undefined) return at.timestamp ?? vehiclesS;
  const between = () => Math.min(Math.max(call.lastAtS, call.lastAheadS), nowS);
  // A bus seen short of the stop has not passed it, whatever time the feed left there.
  const short = readings?.some((v) => notYetAt(call, v)) === true;
  if (updates !== undefined && !short) {
    const own = (call.stopId !== undefined ? updates.byStopId.get(call.stopId) : undefined) ?? updates.bySequence.get(call.stopSequence ?? NaN);
    const ownS = own === undefined ? undefined : timeOf(own);
    if (own !== undefined && ownS !== undefined && own.relationship === 'SCHEDULED' && ownS < nowS) return ownS;
    if (own === undefined && call.stopSequence !== undefined && updates.lastSequence > call.stopSequence) return between();
  }
  if (readings?.some((v) => beyond(call, v)) === true) return between();
  return undefined;
}

/** The vehicle names the call's stop: by stop_id when both give one (a stop_sequence may name another stop), else by sequence. */
function atStop(call: Call, v: VehicleReading): boolean {
  if (call.stopId !== undefined && v.stopId !== undefined) return call.stopId === v.stopId;
  return call.stopSequence !== undefined && v.currentStopSequence === call.stopSequence;
}

function notYetAt(call: Call, v: VehicleReading): boolean {
  if (call.stopSequence === undefined || v.currentStopSequence === undefined) return false;
  if (v.currentStopSequence !== call.stopSequence) return v.currentStopSequence < call.stopSequence;
  // At the stop: a bus stopped there has arrived, but not yet left.
  return call.departs || v.status !== 'stopped-at';
}

function beyond(call: Call, v: VehicleReading): boolean {
  if (call.stopSequence === undefined || v.currentStopSequence === undefined) return false;
  // A sequence past the call's that names the call's own stop is another numbering than the schedule's: not beyond.
  if (call.stopId !== undefined && v.stopId === call.stopId) return false;
  return v.currentStopSequence > call.stopSequence;
}

/** A run's updates indexed for its calls: by stop_id (a stop_sequence may name another stop), else by sequence; how far they reach. */
interface Progress {
  readonly byStopId: ReadonlyMap<string, StopUpdate>;
  readonly bySequence: ReadonlyMap<number, StopUpdate>;
  readonly lastSequence: number;
}

function progressOf(updates: readonly StopUpdate[]): Progress {
  const byStopId = new Map<string, StopUpdate>();
  const bySequence = new Map<number, StopUpdate>();
  let lastSequence = -Infinity;
  for (const u of updates) {
    if (u.stopId !== undefined) byStopId.set(u.stopId, u);
    // An update naming its stop is found by it, never by a sequence another stop may share.
    else if (u.stopSequence !== undefined) bySequence.set(u.stopSequence, u);
    if (u.stopSequence !== undefined && u.stopSequence > lastSequence) lastSequence = u.stopSequence;
  }
  return { byStopId, bySequence, lastSequence };
}

function cachedUpdates(trips: RealtimeFeed | undefined): (run: TripPrediction) => StopUpdate[] {
  const made = new Map<TripPrediction, StopUpdate[]>();
  return (run) => {
    let updates = made.get(run);
    if (updates === undefined) made.set(run, (updates = trips?.updatesOf(run) ?? []));
    return updates;
  };
}

const timeOf = (update: StopUpdate): number | undefined => update.arrival?.time ?? update.departure?.time;

/** A run without a date is the run nearest now: it matches whichever date the other side gives. */
const sameRun = (a: string | undefined, b: string | undefined) => a === undefined || b === undefined || a === b;

const runKeyOf = (tripId: string, startDate: string | undefined) => `${tripId}\u0000${startDate ?? ''}`;
const callKeyOf = (stopId: string | undefined, stopSequence: number | undefined) => `${stopId ?? ''}\u0000${stopSequence ?? ''}`;
