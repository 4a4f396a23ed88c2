import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeTripUpdates, FeedDecodeError } from '../../../../src/sources/gtfs/realtime/decode.js';
import { FeedOverLimitError } from '../../../../src/sources/gtfs/realtime/limits.js';
import type { RealtimeFeed } from '../../../../src/sources/gtfs/realtime/feed.js';
import { encodeFeed, fixture } from '../helpers.js';

// The decoder against real captures: every trip update of each one, field by field, as the
// capture's JSON twin (decoded by gtfs-realtime-bindings, not by this code or protobufjs) has it.

interface JsonEvent {
  time?: string;
  delay?: number;
}
interface JsonEntity {
  isDeleted?: boolean;
  tripUpdate?: {
    trip: { tripId?: string; routeId?: string; directionId?: number; startTime?: string; startDate?: string; scheduleRelationship?: string };
    timestamp?: string;
    delay?: number;
    stopTimeUpdate?: Array<{ stopSequence?: number; stopId?: string; arrival?: JsonEvent; departure?: JsonEvent; scheduleRelationship?: string }>;
  };
}

const event = (e: JsonEvent | undefined) =>
  e === undefined ? undefined : { time: e.time === undefined ? undefined : Number(e.time), delay: e.delay };

function expectedTrips(entities: JsonEntity[]) {
  return entities.flatMap(({ tripUpdate: u, isDeleted }) =>
    u === undefined || isDeleted === true
      ? []
      : [
          {
            tripId: u.trip.tripId ?? '',
            routeId: u.trip.routeId,
            directionId: u.trip.directionId,
            startDate: u.trip.startDate,
            startTime: u.trip.startTime,
            relationship: u.trip.scheduleRelationship ?? 'SCHEDULED',
            timestamp: u.timestamp === undefined ? undefined : Number(u.timestamp),
            delay: u.delay,
            updates: (u.stopTimeUpdate ?? []).map((s) => ({
              stopSequence: s.stopSequence,
              stopId: s.stopId,
              arrival: event(s.arrival),
              departure: event(s.departure),
              relationship: s.scheduleRelationship ?? 'SCHEDULED',
            })),
          },
        ],
  );
}

/** Every trip of the snapshot with its stop updates, in place of where they are kept. */
const allTrips = (feed: RealtimeFeed) =>
  [...[...feed.byTripId.values()].flat(), ...feed.added, ...feed.duplicated].map((trip) => {
    const { firstUpdate: _, updateCount: __, ...rest } = trip;
    return { ...rest, updates: feed.updatesOf(trip) };
  });

describe('decodeTripUpdates on real captures', () => {
  it.each([
    ['Caltrain', 'caltrain-trip-updates'],
    ['MiWay (trip_properties, stop_time_properties, SKIPPED)', 'miway-trip-updates-cut'],
    ['London Transit (departure-only times, SKIPPED, no direction)', 'ltc-trip-updates-cut'],
  ])('%s: every trip update as the JSON twin has it', (_, name) => {
    const json = JSON.parse(readFileSync(fixture(`${name}.json`), 'utf8')) as { header: { timestamp: string }; entity: JsonEntity[] };
    const feed = decodeTripUpdates(readFileSync(fixture(`${name}.pb`)));
    expect(feed.timestamp).toBe(Number(json.header.timestamp));
    expect(feed.entities).toBe(json.entity.length);
    const expected = expectedTrips(json.entity);
    expect(expected.length).toBeGreaterThan(0);
    expect(allTrips(feed)).toEqual(expected);
  });
});

describe('decodeTripUpdates', () => {
  const header = { gtfsRealtimeVersion: '2.0', timestamp: 1_700_000_000 };
  const trip = (id: string, trip: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ id, tripUpdate: { trip, ...more } });

  it('keeps 64-bit times whole (a producer writing milliseconds is judged later, not truncated here)', () => {
    const feed = decodeTripUpdates(
      encodeFeed({ header, entity: [trip('e', { tripId: 'T' }, { stopTimeUpdate: [{ stopSequence: 0, arrival: { time: 1_700_000_000_123 } }] })] }),
    );
    expect(feed.updatesOf(feed.byTripId.get('T')![0]!)[0]).toMatchObject({ stopSequence: 0, arrival: { time: 1_700_000_000_123 } });
  });

  it('files DUPLICATED trips apart, with the date and time of trip_properties, and drops the ADDED twin a producer sends while it moves to DUPLICATED', () => {
    const feed = decodeTripUpdates(
      encodeFeed({
        header,
        entity: [
          trip('a', { tripId: 'T1', startDate: '20231107', startTime: '17:30:00', scheduleRelationship: 1 }),
          trip(
            'd',
            { tripId: 'T1', scheduleRelationship: 6 },
            { tripProperties: { tripId: 'T1-copy', startDate: '20231107', startTime: '17:30:00' } },
          ),
          trip('e', { tripId: 'T2', startDate: '20231107', startTime: '18:00:00', scheduleRelationship: 6 }),
          trip('n', { tripId: 'N1', routeId: 'R', scheduleRelationship: 1 }),
        ],
      }),
    );
    expect(feed.duplicated.map((t) => [t.tripId, t.startDate, t.startTime])).toEqual([
      ['T1', '20231107', '17:30:00'],
      ['T2', '20231107', '18:00:00'],
    ]);
    expect(feed.added.map((t) => t.tripId)).toEqual(['N1']);
    expect(feed.byTripId.size).toBe(0);
  });

  it('finds the ADDED and NEW trips calling at given stops, in the feed’s order', () => {
    const at = (...stops: string[]) => ({ stopTimeUpdate: stops.map((stopId) => ({ stopId, arrival: { time: 1_700_000_600 } })) });
    const feed = decodeTripUpdates(
      encodeFeed({
        header,
        entity: [
          trip('1', { tripId: 'N1', scheduleRelationship: 8 }, at('A', 'B')),
          trip('2', { tripId: 'S1' }, at('B')),
          trip('3', { tripId: 'A1', scheduleRelationship: 1 }, at('C', 'B', 'B')),
          trip('4', { tripId: 'A2', scheduleRelationship: 1 }, at('C')),
        ],
      }),
    );
    expect(feed.addedAt(['B']).map((t) => t.tripId)).toEqual(['N1', 'A1']);
    expect(feed.addedAt(['C', 'A']).map((t) => t.tripId)).toEqual(['N1', 'A1', 'A2']);
    expect(feed.addedAt(['Z'])).toEqual([]);
  });

  it('leaves out deleted entities, entities that are not trip updates, and relationships it does not know', () => {
    const bytes = encodeFeed({
      header,
      entity: [
        { id: 'gone', isDeleted: true, tripUpdate: { trip: { tripId: 'T1' } } },
        { id: 'vehicle only' },
        trip('future', { tripId: 'T2', scheduleRelationship: 8 }),
        trip('kept', { tripId: 'T3' }),
      ],
    });
    // protobufjs encodes no value its enum lacks: NEW (field 4, 8) is turned into 9 in the bytes.
    const at = bytes.findIndex((byte, i) => byte === 0x20 && bytes[i + 1] === 8);
    bytes[at + 1] = 9;
    const feed = decodeTripUpdates(bytes);
    expect([...feed.byTripId.keys()]).toEqual(['T3']);
    expect(feed.added).toEqual([]);
    expect(feed.entities).toBe(4);
  });

  it('refuses what is not a FeedMessage: text, a truncated feed, a feed without its header', () => {
    const good = encodeFeed({ header, entity: [trip('e', { tripId: 'T' })] });
    // The header is the first field: a tag byte, a length byte, then its bytes.
    const headless = good.subarray(2 + good[1]!);
    for (const bytes of [Buffer.from('HTTP/1.1 503 Service Unavailable <html>'), good.subarray(0, good.length - 3), headless]) {
      expect(() => decodeTripUpdates(bytes)).toThrow(FeedDecodeError);
    }
  });

  it('refuses a feed over its limits, counting entities of every kind and stop updates over all trips', () => {
    const updates = [{ stopSequence: 1 }, { stopSequence: 2 }];
    const bytes = encodeFeed({
      header,
      entity: [trip('1', { tripId: 'A' }, { stopTimeUpdate: updates }), { id: '2' }, trip('3', { tripId: 'B' }, { stopTimeUpdate: updates })],
    });
    expect(decodeTripUpdates(bytes, { maxEntities: 3, maxStopUpdates: 4 }).entities).toBe(3);
    expect(() => decodeTripUpdates(bytes, { maxEntities: 2, maxStopUpdates: 4 })).toThrow(new FeedOverLimitError('entities', 2));
    expect(() => decodeTripUpdates(bytes, { maxEntities: 3, maxStopUpdates: 3 })).toThrow(new FeedOverLimitError('stop updates', 3));
  });
});
