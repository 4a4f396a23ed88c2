import { describe, expect, it } from 'vitest';
import { FeedMessageType } from '../../../src/gtfs-format/realtime-schema.js';
import { decodeTripUpdates } from '../../../src/sources/gtfs/realtime/decode.js';
import { createChangedTrips } from '../../../src/sources/gtfs/realtime/changed-trips.js';

// The trips a snapshot says changed: the routes the trip-change pushes look up are theirs.

const feed = (entity: unknown[], timestamp = 1_800_000_000) =>
  decodeTripUpdates(FeedMessageType.encode(FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', timestamp }, entity })).finish());

describe('the trips a snapshot changes', () => {
  it('cancelled trips and trips skipping a stop, with their feed route; not trips as planned; the next snapshot replaces them', () => {
    const changed = createChangedTrips();
    changed.observe(
      feed([
        { id: 'a', tripUpdate: { trip: { tripId: 'cancelled', routeId: '95-184', scheduleRelationship: 3 } } },
        {
          id: 'b',
          tripUpdate: {
            trip: { tripId: 'skipping' },
            stopTimeUpdate: [
              { stopSequence: 3, stopId: 'S3', arrival: { time: 1_800_000_300 } },
              { stopSequence: 4, stopId: 'S4', scheduleRelationship: 1 },
            ],
          },
        },
        {
          id: 'c',
          tripUpdate: { trip: { tripId: 'planned' }, stopTimeUpdate: [{ stopSequence: 1, stopId: 'S1', arrival: { time: 1_800_000_100 } }] },
        },
      ]),
    );
    expect([...changed.trips]).toEqual([
      ['cancelled', '95-184'],
      ['skipping', undefined],
    ]);
    changed.observe(feed([], 1_800_000_030));
    expect(changed.trips.size).toBe(0);
  });
});
