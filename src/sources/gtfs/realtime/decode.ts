import protobuf from 'protobufjs/minimal.js';
import type { RealtimeFeed, TripPrediction, TripRelationship } from './feed.js';
import { DEFAULT_FEED_LIMITS, FeedOverLimitError, type FeedLimits } from './limits.js';
import { StopUpdateColumnsBuilder, stopUpdatesAt, tripsByStop } from './stop-update-columns.js';

// Protobuf bytes -> RealtimeFeed, read straight into the snapshot's shapes with protobufjs's wire
// Reader: decoding into protobufjs's own messages and then mapping them built every object twice
// (5 to 7 times the bare decode); the stop updates go into columns (stop-update-columns.ts). The
// field numbers are gtfs-realtime.proto's (as in gtfs-format/realtime-schema.ts, which the tests
// encode with); each case is a whole tag, field number and wire type, so a field sent with a wire
// type it cannot have is skipped, not misread. Everything else a feed carries (vehicle positions,
// alerts, extensions) is skipped unread.
//
// The decode is a generator that pauses between entities, so that a refresh can give the event
// loop back to riders (see sliced-decode.ts); `decodeTripUpdates` runs it to the end at once.
// It throws FeedDecodeError for anything that is not a FeedMessage and FeedOverLimitError past
// the limits; the caller turns either into "live data unavailable", never into a crash.

export class FeedDecodeError extends Error {
  override readonly name = 'FeedDecodeError';
}

const TRIP_RELATIONSHIPS: ReadonlyArray<TripRelationship | undefined> = [
  'SCHEDULED',
  'ADDED',
  'UNSCHEDULED',
  'CANCELED',
  undefined,
  'REPLACEMENT',
  'DUPLICATED',
  'DELETED',
  'NEW',
];

/** Entities and stop updates read between two pauses: small enough to pause often, large enough to cost nothing. */
const UNITS_PER_STEP = 512;
const INITIAL_STOP_UPDATES = 65_536;

type Reader = protobuf.Reader;
type Long = protobuf.Long;

/** What one decode builds up, and its counts against the limits. */
interface Tally {
  readonly limits: FeedLimits;
  readonly columns: StopUpdateColumnsBuilder;
  entities: number;
}

/** int64 fields come back as Long objects when the `long` package is installed, as numbers when not. */
export function int64(value: Long | number): number {
  if (typeof value === 'number') return value;
  return (value.unsigned ? value.high >>> 0 : value.high) * 4294967296 + (value.low >>> 0);
}

/** The last StopTimeEvent read (NaN: absent): two numbers, not an object per event. */
const read = { time: NaN, delay: NaN };

function event(r: Reader, end: number): void {
  read.time = NaN;
  read.delay = NaN;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 8) read.delay = r.int32();
    else if (tag === 16) read.time = int64(r.int64());
    else r.skipType(tag & 7);
  }
  // A time of 0 (or before 1970) is a producer's placeholder, not an instant.
  if (!(read.time > 0)) read.time = NaN;
}

function stopUpdate(r: Reader, end: number, columns: StopUpdateColumnsBuilder): void {
  let stopSequence = NaN;
  let stopId = -1;
  let arrivalTime = NaN;
  let arrivalDelay = NaN;
  let departureTime = NaN;
  let departureDelay = NaN;
  let relationship = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 8:
        stopSequence = r.uint32();
        break;
      case 18:
        event(r, r.uint32() + r.pos);
        arrivalTime = read.time;
        arrivalDelay = read.delay;
        break;
      case 26:
        event(r, r.uint32() + r.pos);
        departureTime = read.time;
        departureDelay = read.delay;
        break;
      case 34:
        stopId = columns.stop(r.string());
        break;
      case 40:
        relationship = r.int32();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  columns.push(stopSequence, stopId, arrivalTime, arrivalDelay, departureTime, departureDelay, relationship);
}

export interface Descriptor {
  tripId: string;
  routeId: string | undefined;
  directionId: number | undefined;
  startTime: string | undefined;
  startDate: string | undefined;
  relationship: number;
}

/** TripDescriptor: the trip a trip update or a vehicle position is about. */
export function readDescriptor(r: Reader, end: number): Descriptor {
  const d: Descriptor = { tripId: '', routeId: undefined, directionId: undefined, startTime: undefined, startDate: undefined, relationship: 0 };
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        d.tripId = r.string();
        break;
      case 18:
        d.startTime = r.string() || undefined;
        break;
      case 26:
        d.startDate = r.string() || undefined;
        break;
      case 32:
        d.relationship = r.int32();
        break;
      case 42:
        d.routeId = r.string() || undefined;
        break;
      case 48:
        d.directionId = r.uint32();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  return d;
}

/** TripUpdate.TripProperties: trip_id 1, start_date 2, start_time 3. */
function properties(r: Reader, end: number): { startDate?: string; startTime?: string } {
  let startDate: string | undefined;
  let startTime: string | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 18) startDate = r.string() || undefined;
    else if (tag === 26) startTime = r.string() || undefined;
    else r.skipType(tag & 7);
  }
  return { startDate, startTime };
}

function tripUpdate(r: Reader, end: number, tally: Tally): TripPrediction | undefined {
  let trip: Descriptor | undefined;
  let own: { startDate?: string; startTime?: string } | undefined;
  let timestamp: number | undefined;
  let delay: number | undefined;
  const firstUpdate = tally.columns.size;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        trip = readDescriptor(r, r.uint32() + r.pos);
        break;
      case 18:
        if (tally.columns.size >= tally.limits.maxStopUpdates) throw new FeedOverLimitError('stop updates', tally.limits.maxStopUpdates);
        stopUpdate(r, r.uint32() + r.pos, tally.columns);
        break;
      case 32:
        timestamp = int64(r.uint64());
        break;
      case 40:
        delay = r.int32();
        break;
      case 50:
        own = properties(r, r.uint32() + r.pos);
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  if (trip === undefined) throw new FeedDecodeError('a trip update without its trip');
  const relationship = TRIP_RELATIONSHIPS[trip.relationship];
  // A relationship this code does not know (a newer specification's) is not guessed at.
  if (relationship === undefined) return undefined;
  // A DUPLICATED trip's own date and time are in trip_properties; older producers put them in the trip.
  const copy = relationship === 'DUPLICATED' ? own : undefined;
  return {
    tripId: trip.tripId,
    routeId: trip.routeId,
    directionId: trip.directionId,
    startDate: copy?.startDate ?? trip.startDate,
    startTime: copy?.startTime ?? trip.startTime,
    relationship,
    timestamp,
    delay,
    firstUpdate,
    updateCount: tally.columns.size - firstUpdate,
  };
}

/** One FeedEntity: its trip update, or undefined (deleted, another kind of entity, an unknown relationship). */
function entity(r: Reader, end: number, tally: Tally): TripPrediction | undefined {
  let hasId = false;
  let deleted = false;
  let trip: TripPrediction | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        hasId = true;
        r.skipType(2);
        break;
      case 16:
        deleted = r.bool();
        break;
      case 26:
        trip = tripUpdate(r, r.uint32() + r.pos, tally);
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  if (!hasId) throw new FeedDecodeError('an entity without its id');
  return deleted ? undefined : trip;
}

export function headerTimestamp(r: Reader, end: number): number {
  let version = false;
  let timestamp = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) {
      version = true;
      r.skipType(2);
    } else if (tag === 24) timestamp = int64(r.uint64());
    else r.skipType(tag & 7);
  }
  if (!version) throw new FeedDecodeError('a header without gtfs_realtime_version');
  return timestamp;
}

/** The decode, pausing (yielding) between entities every UNITS_PER_STEP entities and stop updates. */
export function* decodeSteps(bytes: Uint8Array, limits: FeedLimits = DEFAULT_FEED_LIMITS): Generator<void, RealtimeFeed, void> {
  const r = protobuf.Reader.create(bytes);
  // Room for a small feed's updates (a stop update that says anything takes 8 bytes or more); a
  // bigger one doubles it as it goes, so that a feed refused early never took the room of its size.
  const capacity = Math.min(limits.maxStopUpdates, bytes.length >>> 3, INITIAL_STOP_UPDATES);
  const tally: Tally = { limits, columns: new StopUpdateColumnsBuilder(capacity), entities: 0 };
  const byTripId = new Map<string, TripPrediction[]>();
  const added: TripPrediction[] = [];
  const duplicated: TripPrediction[] = [];
  let timestamp: number | undefined;
  let nextPause = UNITS_PER_STEP;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag === 10) {
      timestamp = headerTimestamp(r, r.uint32() + r.pos);
    } else if (tag === 18) {
      if (++tally.entities > limits.maxEntities) throw new FeedOverLimitError('entities', limits.maxEntities);
      const trip = entity(r, r.uint32() + r.pos, tally);
      if (trip === undefined) {
        // deleted, not a trip update, or a relationship not known here
      } else if (trip.relationship === 'ADDED' || trip.relationship === 'NEW') {
        added.push(trip);
      } else if (trip.relationship === 'DUPLICATED') {
        duplicated.push(trip);
      } else if (trip.tripId !== '') {
        const runs = byTripId.get(trip.tripId);
        if (runs === undefined) byTripId.set(trip.tripId, [trip]);
        else runs.push(trip);
      }
      if (tally.entities + tally.columns.size >= nextPause) {
        nextPause = tally.entities + tally.columns.size + UNITS_PER_STEP;
        yield;
      }
    } else {
      r.skipType(tag & 7);
    }
  }
  if (timestamp === undefined) throw new FeedDecodeError('no feed header');
  // Producers moving from ADDED to DUPLICATED send both for a while: the DUPLICATED one stands.
  const copied = new Set(duplicated.map((trip) => trip.tripId));
  const columns = tally.columns.build();
  const addedTrips = copied.size === 0 ? added : added.filter((trip) => !copied.has(trip.tripId));
  // Built when a look-up first asks: every look-up asks it, and an agency may send all its trips as ADDED.
  let addedByStop: Map<string, TripPrediction[]> | undefined;
  return {
    timestamp,
    byTripId,
    added: addedTrips,
    addedAt(stopIds) {
      addedByStop ??= tripsByStop(columns, addedTrips);
      const found = new Set(stopIds.flatMap((id) => addedByStop!.get(id) ?? []));
      return [...found].sort((a, b) => a.firstUpdate - b.firstUpdate);
    },
    duplicated,
    entities: tally.entities,
    stopUpdates: columns.size,
    updatesOf: (trip) => stopUpdatesAt(columns, trip.firstUpdate, trip.updateCount),
  };
}

/** The whole decode at once (tests, small feeds); a refresh uses the sliced one. */
export function decodeTripUpdates(bytes: Uint8Array, limits: FeedLimits = DEFAULT_FEED_LIMITS): RealtimeFeed {
  const steps = decodeSteps(bytes, limits);
  for (;;) {
    const step = nextStep(steps);
    if (step.done === true) return step.value;
  }
}

/** One step of a decode, with whatever the wire reader threw (RangeError, Error) turned into FeedDecodeError. */
export function nextStep<T>(steps: Generator<void, T, void>): IteratorResult<void, T> {
  try {
    return steps.next();
  } catch (err) {
    if (err instanceof FeedDecodeError || err instanceof FeedOverLimitError) throw err;
    throw new FeedDecodeError(`not a GTFS-Realtime feed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
