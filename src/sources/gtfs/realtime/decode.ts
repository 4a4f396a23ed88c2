import type { RealtimeFeed, StopEvent, StopRelationship, StopUpdate, TripPrediction, TripRelationship } from './feed.js';
import { FeedMessageType } from '../../../gtfs-format/realtime-schema.js';

// Protobuf bytes -> RealtimeFeed. Throws FeedDecodeError for anything that is not a FeedMessage;
// the caller turns that into "live data unavailable", never into a crash.

export class FeedDecodeError extends Error {
  override readonly name = 'FeedDecodeError';
}

const TRIP_RELATIONSHIPS: Record<number, TripRelationship> = {
  0: 'SCHEDULED',
  1: 'ADDED',
  2: 'UNSCHEDULED',
  3: 'CANCELED',
  5: 'REPLACEMENT',
  6: 'DUPLICATED',
  7: 'DELETED',
  8: 'NEW',
};
const STOP_RELATIONSHIPS: Record<number, StopRelationship> = { 0: 'SCHEDULED', 1: 'SKIPPED', 2: 'NO_DATA', 3: 'UNSCHEDULED' };

type Msg = Record<string, unknown>;

/** int64 fields arrive as numbers or as Long objects, depending on whether `long` is installed. */
function num(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value !== null && typeof value === 'object' && 'toNumber' in value && typeof value.toNumber === 'function')
    return Number((value as { toNumber(): unknown }).toNumber());
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A field the message carries (proto2 presence), or undefined when it was left out. */
function field(message: Msg, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(message, name) ? message[name] : undefined;
}

function event(message: unknown): StopEvent | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const time = num(field(message as Msg, 'time'));
  const delay = num(field(message as Msg, 'delay'));
  if (time === undefined && delay === undefined) return undefined;
  return { ...(time !== undefined && time > 0 ? { time } : {}), ...(delay !== undefined ? { delay } : {}) };
}

function stopUpdate(message: Msg): StopUpdate {
  const stopSequence = num(field(message, 'stopSequence'));
  const stopId = text(field(message, 'stopId'));
  const arrival = event(field(message, 'arrival'));
  const departure = event(field(message, 'departure'));
  return {
    ...(stopSequence !== undefined ? { stopSequence } : {}),
    ...(stopId !== undefined ? { stopId } : {}),
    ...(arrival !== undefined ? { arrival } : {}),
    ...(departure !== undefined ? { departure } : {}),
    relationship: STOP_RELATIONSHIPS[num(field(message, 'scheduleRelationship')) ?? 0] ?? 'SCHEDULED',
  };
}

function tripPrediction(update: Msg): TripPrediction | undefined {
  const trip = (update.trip ?? {}) as Msg;
  const tripId = text(field(trip, 'tripId')) ?? '';
  const relationship = TRIP_RELATIONSHIPS[num(field(trip, 'scheduleRelationship')) ?? 0];
  // A relationship this code does not know (a newer specification's) is not guessed at.
  if (relationship === undefined) return undefined;
  const optional = {
    routeId: text(field(trip, 'routeId')),
    directionId: num(field(trip, 'directionId')),
    startDate: text(field(trip, 'startDate')),
    startTime: text(field(trip, 'startTime')),
    timestamp: num(field(update, 'timestamp')),
    delay: num(field(update, 'delay')),
  };
  const updates = ((update.stopTimeUpdate ?? []) as Msg[]).map(stopUpdate);
  return {
    tripId,
    relationship,
    ...(Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) as Partial<TripPrediction>),
    updates,
  };
}

export function decodeTripUpdates(bytes: Uint8Array): RealtimeFeed {
  let message: Msg;
  try {
    message = FeedMessageType.decode(bytes) as object as Msg;
  } catch (err) {
    throw new FeedDecodeError(`not a GTFS-Realtime feed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const header = (message.header ?? {}) as Msg;
  const feed: RealtimeFeed = { timestamp: num(field(header, 'timestamp')) ?? 0, byTripId: new Map(), added: [], entities: 0 };
  for (const entity of (message.entity ?? []) as Msg[]) {
    feed.entities += 1;
    if (entity.isDeleted === true || entity.tripUpdate === undefined || entity.tripUpdate === null) continue;
    const trip = tripPrediction(entity.tripUpdate as Msg);
    if (trip === undefined) continue;
    if (trip.relationship === 'ADDED' || trip.relationship === 'NEW') {
      feed.added.push(trip);
    } else if (trip.tripId !== '') {
      const runs = feed.byTripId.get(trip.tripId) ?? [];
      runs.push(trip);
      feed.byTripId.set(trip.tripId, runs);
    }
  }
  return feed;
}
