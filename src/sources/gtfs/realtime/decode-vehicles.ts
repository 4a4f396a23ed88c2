import protobuf from 'protobufjs/minimal.js';
import type { Occupancy, VehicleStopStatus } from '../../../domain/vehicle-position.js';
import { FeedDecodeError, headerTimestamp, int64, nextStep, readDescriptor, type Descriptor } from './decode.js';
import { DEFAULT_FEED_LIMITS, FeedOverLimitError, type FeedLimits } from './limits.js';
import type { VehicleFeed, VehicleReading } from './vehicles.js';

// Protobuf bytes -> VehicleFeed, read with protobufjs's wire Reader straight into the snapshot,
// as the TripUpdates decode (decode.ts) is: field numbers of gtfs-realtime.proto's
// VehiclePosition (trip 1, position 2, current_stop_sequence 3, current_status 4, timestamp 5,
// stop_id 7, vehicle 8, occupancy_status 9); each case a whole tag, so a field with a wire type it
// cannot have is skipped. A generator pausing between entities, for sliced-decode.ts.

const STATUSES: ReadonlyArray<VehicleStopStatus> = ['incoming-at', 'stopped-at', 'in-transit-to'];
// EMPTY .. NOT_ACCEPTING_PASSENGERS; NO_DATA_AVAILABLE (7), NOT_BOARDABLE (8) and newer values say nothing to riders.
const OCCUPANCIES: ReadonlyArray<Occupancy> = ['empty', 'many-seats', 'few-seats', 'standing-room', 'crushed-standing', 'full', 'not-accepting'];

const ENTITIES_PER_STEP = 512;

type Reader = protobuf.Reader;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Read by position(): latitude, longitude, bearing and speed of the last Position message (NaN: absent). */
const place = { lat: NaN, lon: NaN, bearing: NaN, speed: NaN };

/** Position: latitude 1, longitude 2, bearing 3 (floats), odometer 4 (double), speed 5 (float, m/s); into `place`. */
function position(r: Reader, end: number): void {
  place.lat = NaN;
  place.lon = NaN;
  place.bearing = NaN;
  place.speed = NaN;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 13) place.lat = r.float();
    else if (tag === 21) place.lon = r.float();
    else if (tag === 29) place.bearing = r.float();
    else if (tag === 45) place.speed = r.float();
    else r.skipType(tag & 7);
  }
}

/** Out of range, or 0,0 (a tracker without a fix): no place at all. */
const placed = (lat: number, lon: number) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);

/** VehicleDescriptor: id 1, label 2. */
function descriptor(r: Reader, end: number): { id?: string; label?: string } {
  const d: { id?: string; label?: string } = {};
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) d.id = r.string() || undefined;
    else if (tag === 18) d.label = r.string() || undefined;
    else r.skipType(tag & 7);
  }
  return d;
}

function vehiclePosition(r: Reader, end: number): VehicleReading | undefined {
  let trip: Descriptor | undefined;
  let hasPlace = false;
  let lat = NaN;
  let lon = NaN;
  let bearing = NaN;
  let speed = NaN;
  let sequence: number | undefined;
  let status: number | undefined;
  let timestamp: number | undefined;
  let stopId: string | undefined;
  let vehicle: { id?: string; label?: string } | undefined;
  let occupancy: number | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case 10:
        trip = readDescriptor(r, r.uint32() + r.pos);
        break;
      case 18:
        position(r, r.uint32() + r.pos);
        ({ lat, lon, bearing, speed } = place);
        hasPlace = placed(lat, lon);
        break;
      case 24:
        sequence = r.uint32();
        break;
      case 32:
        status = r.int32();
        break;
      case 40:
        timestamp = int64(r.uint64());
        break;
      case 58:
        stopId = r.string() || undefined;
        break;
      case 66:
        vehicle = descriptor(r, r.uint32() + r.pos);
        break;
      case 72:
        occupancy = r.int32();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  if (trip === undefined || trip.tripId === '' || !hasPlace) return undefined;
  const atStop = sequence !== undefined || stopId !== undefined;
  // The status defaults to IN_TRANSIT_TO when a stop is named without one.
  const stopStatus = atStop ? STATUSES[status ?? 2] : undefined;
  const occupied = occupancy === undefined ? undefined : OCCUPANCIES[occupancy];
  // Built field by field, in this order (an object spread per optional field cost more than the read).
  const reading: Mutable<VehicleReading> = { tripId: trip.tripId } as Mutable<VehicleReading>;
  if (trip.startDate !== undefined) reading.startDate = trip.startDate;
  if (trip.startTime !== undefined) reading.startTime = trip.startTime;
  if (trip.routeId !== undefined) reading.routeId = trip.routeId;
  // ADDED (1) and NEW (8): the schedule has no such run.
  if (trip.relationship === 1 || trip.relationship === 8) reading.added = true;
  reading.lat = lat;
  reading.lon = lon;
  if (bearing >= 0 && bearing < 360) reading.bearing = Math.round(bearing) % 360;
  if (speed >= 0 && speed < 100) reading.speedMs = speed;
  if (timestamp !== undefined && timestamp > 0) reading.timestamp = timestamp;
  if (sequence !== undefined) reading.currentStopSequence = sequence;
  if (stopId !== undefined) reading.stopId = stopId;
  if (stopStatus !== undefined) reading.status = stopStatus;
  if (occupied !== undefined) reading.occupancy = occupied;
  if (vehicle?.id !== undefined) reading.vehicleId = vehicle.id;
  if (vehicle?.label !== undefined) reading.label = vehicle.label;
  return reading;
}

/** One FeedEntity: its vehicle position (field 4), or undefined (deleted, another kind, no trip or place). */
function entity(r: Reader, end: number): VehicleReading | undefined {
  let hasId = false;
  let deleted = false;
  let reading: VehicleReading | undefined;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === 10) {
      hasId = true;
      r.skipType(2);
    } else if (tag === 16) deleted = r.bool();
    else if (tag === 34) reading = vehiclePosition(r, r.uint32() + r.pos);
    else r.skipType(tag & 7);
  }
  if (!hasId) throw new FeedDecodeError('an entity without its id');
  return deleted ? undefined : reading;
}

export function* decodeVehicleSteps(bytes: Uint8Array, limits: FeedLimits = DEFAULT_FEED_LIMITS): Generator<void, VehicleFeed, void> {
  const r = protobuf.Reader.create(bytes);
  const byTripId = new Map<string, VehicleReading[]>();
  let timestamp: number | undefined;
  let entities = 0;
  let vehicles = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag === 10) timestamp = headerTimestamp(r, r.uint32() + r.pos);
    else if (tag === 18) {
      if (++entities > limits.maxEntities) throw new FeedOverLimitError('entities', limits.maxEntities);
      const reading = entity(r, r.uint32() + r.pos);
      if (reading !== undefined) {
        vehicles += 1;
        const runs = byTripId.get(reading.tripId);
        if (runs === undefined) byTripId.set(reading.tripId, [reading]);
        else runs.push(reading);
      }
      if (entities % ENTITIES_PER_STEP === 0) yield;
    } else r.skipType(tag & 7);
  }
  if (timestamp === undefined) throw new FeedDecodeError('no feed header');
  return { timestamp, byTripId, entities, vehicles };
}

/** The whole decode at once (tests, small feeds). */
export function decodeVehiclePositions(bytes: Uint8Array, limits: FeedLimits = DEFAULT_FEED_LIMITS): VehicleFeed {
  const steps = decodeVehicleSteps(bytes, limits);
  for (;;) {
    const step = nextStep(steps);
    if (step.done === true) return step.value;
  }
}
