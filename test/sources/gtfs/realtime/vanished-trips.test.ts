import { describe, expect, it } from 'vitest';
import { decodeTripUpdates } from '../../../../src/sources/gtfs/realtime/decode.js';
import { decodeVehiclePositions } from '../../../../src/sources/gtfs/realtime/decode-vehicles.js';
import { createVanishWatch } from '../../../../src/sources/gtfs/realtime/vanished-trips.js';
import { encodeFeed } from '../helpers.js';

// The vanish memory on its own: two snapshots of trip updates, a trip due at stop A within 10
// minutes in the first, and what its absence (or presence) in the second means.

const T0 = 1_800_000_000;
const DATE = '20270115';
const STOP_A = { stopId: 'A', stopSequence: 2 };

function snapshot(timestamp: number, trips: Array<{ id: string; relationship?: number; atA?: number }>) {
  return decodeTripUpdates(
    encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp },
      entity: trips.map(({ id, relationship = 0, atA }) => ({
        id,
        tripUpdate: {
          trip: { tripId: id, startDate: DATE, scheduleRelationship: relationship },
          stopTimeUpdate: atA === undefined ? [] : [{ stopSequence: 2, stopId: 'A', arrival: { time: atA } }],
        },
      })),
    }),
  );
}

function vehicles(timestamp: number, tripId: string, currentStopSequence: number, currentStatus = 2) {
  return decodeVehiclePositions(
    encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp },
      entity: [
        {
          id: 'v1',
          vehicle: {
            trip: { tripId, startDate: DATE },
            position: { latitude: 45.4, longitude: -75.7 },
            currentStopSequence,
            stopId: 'A',
            currentStatus,
          },
        },
      ],
    }),
  );
}

describe('vanished trips', () => {
  it('a trip due within 10 minutes, absent from the next snapshot, vanished at that snapshot’s time', () => {
    const watch = createVanishWatch();
    watch.observe(
      snapshot(T0, [
        { id: 'T1', atA: T0 + 6 * 60 },
        { id: 'T2', atA: T0 + 9 * 60 },
      ]),
      undefined,
    );
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
    watch.observe(snapshot(T0 + 30, [{ id: 'T2', atA: T0 + 9 * 60 }]), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toEqual({ atSeconds: T0 + 6 * 60, vanishedAt: new Date((T0 + 30) * 1000) });
    expect(watch.vanished('T2', DATE, STOP_A)).toBeUndefined();
    // Another run of the trip, or another stop, did not vanish.
    expect(watch.vanished('T1', '20270116', STOP_A)).toBeUndefined();
    expect(watch.vanished('T1', DATE, { stopId: 'B', stopSequence: 3 })).toBeUndefined();
  });

  it('a trip due later than 10 minutes is not watched', () => {
    const watch = createVanishWatch();
    watch.observe(snapshot(T0, [{ id: 'T1', atA: T0 + 11 * 60 }]), undefined);
    watch.observe(snapshot(T0 + 30, []), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
  });

  it('a cancelled trip is still in the feed: cancelled, not vanished', () => {
    const watch = createVanishWatch();
    watch.observe(snapshot(T0, [{ id: 'T1', atA: T0 + 6 * 60 }]), undefined);
    watch.observe(snapshot(T0 + 30, [{ id: 'T1', relationship: 3 }]), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
  });

  it('a failed or stale poll brings no newer snapshot: nothing vanishes', () => {
    const watch = createVanishWatch();
    watch.observe(snapshot(T0, [{ id: 'T1', atA: T0 + 6 * 60 }]), undefined);
    // The same header time again (the feed kept through a failure, a balancer's older copy).
    watch.observe(snapshot(T0, []), undefined);
    watch.observe(snapshot(T0 - 60, []), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
  });

  it('a trip whose bus is at or beyond the stop left the feed having served it', () => {
    const watch = createVanishWatch();
    watch.observe(
      snapshot(T0, [
        { id: 'T1', atA: T0 + 3 * 60 },
        { id: 'T2', atA: T0 + 4 * 60 },
      ]),
      undefined,
    );
    watch.observe(snapshot(T0 + 30, []), vehicles(T0 + 30, 'T1', 3));
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
    const stopped = createVanishWatch();
    stopped.observe(snapshot(T0, [{ id: 'T2', atA: T0 + 4 * 60 }]), undefined);
    stopped.observe(snapshot(T0 + 30, []), vehicles(T0 + 30, 'T2', 2, 1));
    expect(stopped.vanished('T2', DATE, STOP_A)).toBeUndefined();
    // Still on its way (in transit to the stop): vanished.
    const coming = createVanishWatch();
    coming.observe(snapshot(T0, [{ id: 'T2', atA: T0 + 4 * 60 }]), undefined);
    coming.observe(snapshot(T0 + 30, []), vehicles(T0 + 30, 'T2', 2, 2));
    expect(coming.vanished('T2', DATE, STOP_A)?.vanishedAt).toEqual(new Date((T0 + 30) * 1000));
  });

  it('a trip whose time came while the feed was away is not said vanished', () => {
    const watch = createVanishWatch();
    watch.observe(snapshot(T0, [{ id: 'T1', atA: T0 + 2 * 60 }]), undefined);
    watch.observe(snapshot(T0 + 5 * 60, []), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
  });

  it('a vanished trip back in the feed is no longer vanished', () => {
    const watch = createVanishWatch();
    watch.observe(snapshot(T0, [{ id: 'T1', atA: T0 + 6 * 60 }]), undefined);
    watch.observe(snapshot(T0 + 30, []), undefined);
    watch.observe(snapshot(T0 + 60, [{ id: 'T1', atA: T0 + 7 * 60 }]), undefined);
    expect(watch.vanished('T1', DATE, STOP_A)).toBeUndefined();
  });

  it('memory holds only the calls within the window, each dropped once its time is past by the margin', () => {
    const watch = createVanishWatch();
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `T${i}`, atA: T0 + i * 10 }));
    watch.observe(snapshot(T0, many), undefined);
    // 0 s to 600 s ahead: 61 trips of the 200.
    expect(watch.size).toBe(61);
    watch.observe(snapshot(T0 + 30, []), undefined);
    // Those still ahead vanished (58); the three whose time came are forgotten.
    expect(watch.size).toBe(58);
    watch.observe(snapshot(T0 + 60 * 60, []), undefined);
    expect(watch.size).toBe(0);
  });
});
