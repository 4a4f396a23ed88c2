import { describe, expect, it } from 'vitest';
import type { AccuracyIncrement } from '../../../../src/domain/accuracy.js';
import { createAccuracyTracker } from '../../../../src/sources/gtfs/realtime/accuracy-tracker.js';
import { decodeVehiclePositions } from '../../../../src/sources/gtfs/realtime/decode-vehicles.js';
import { decodeTripUpdates } from '../../../../src/sources/gtfs/realtime/decode.js';
import { encodeFeed } from '../helpers.js';

// The tracker alone, on what a bus seen at a stop means: at a trip's first stop only its leaving
// answers a predicted departure; a vehicle whose stop_sequence names another stop is not at ours;
// polling twice as often scores no more predictions.

const T0 = 1_800_000_000;
const DATE = '20270115';

function trips(at: number, calls: Array<{ seq: number; stop: string; time: number; departureOnly?: boolean }>) {
  return decodeTripUpdates(
    encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp: at },
      entity: [
        {
          id: 'T1',
          tripUpdate: {
            trip: { tripId: 'T1', routeId: 'R1', startDate: DATE },
            stopTimeUpdate: calls.map((c) => ({
              stopSequence: c.seq,
              stopId: c.stop,
              ...(c.departureOnly === true ? { departure: { time: c.time } } : { arrival: { time: c.time } }),
            })),
          },
        },
      ],
    }),
  );
}

function vehicle(at: number, seq: number, stop: string, stopped: boolean, fix = at) {
  return decodeVehiclePositions(
    encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp: at },
      entity: [
        {
          id: 'v',
          vehicle: {
            trip: { tripId: 'T1', routeId: 'R1', startDate: DATE },
            position: { latitude: 45, longitude: -75 },
            currentStopSequence: seq,
            stopId: stop,
            currentStatus: stopped ? 1 : 2,
            timestamp: fix,
          },
        },
      ],
    }),
  );
}

const routeWide = (increments: AccuracyIncrement[]) => increments.filter((i) => i.stop === undefined).map((i) => i.counter);

describe('the accuracy tracker', () => {
  it('at a first stop, a departure is answered by the bus leaving, not by it waiting there', () => {
    const tracker = createAccuracyTracker();
    // Departure predicted at 10:00 ahead 8 min (6-10); the bus waits at the terminal from the start.
    tracker.observe({ trips: trips(T0, [{ seq: 1, stop: 'S', time: T0 + 480, departureOnly: true }]), vehicles: vehicle(T0, 1, 'S', true) });
    expect(
      tracker.observe({
        trips: trips(T0 + 240, [{ seq: 1, stop: 'S', time: T0 + 480, departureOnly: true }]),
        vehicles: vehicle(T0 + 240, 1, 'S', true),
      }),
    ).toEqual([]);
    // It left at about the time predicted: the next snapshot lists the next stop only.
    const scored = tracker.observe({ trips: trips(T0 + 510, [{ seq: 2, stop: 'A', time: T0 + 600 }]), vehicles: vehicle(T0 + 510, 2, 'A', false) });
    expect(routeWide(scored)).toEqual(['scored:6-10', 'accurate:6-10', 'caught:6-10', 'scored:3-6', 'accurate:3-6', 'caught:3-6']);
  });

  it('a vehicle stopped at a stop_sequence naming another stop is not at the call’s stop', () => {
    const tracker = createAccuracyTracker();
    tracker.observe({ trips: trips(T0, [{ seq: 5, stop: 'A', time: T0 + 200 }]), vehicles: vehicle(T0, 4, 'Z', false) });
    // Sequence 5 on the vehicle, but the stop it names is not A: another numbering, nothing seen at A.
    expect(tracker.observe({ trips: trips(T0 + 60, [{ seq: 5, stop: 'A', time: T0 + 200 }]), vehicles: vehicle(T0 + 60, 5, 'Z', true) })).toEqual([]);
    const scored = tracker.observe({
      trips: trips(T0 + 230, [{ seq: 5, stop: 'A', time: T0 + 200 }]),
      vehicles: vehicle(T0 + 230, 5, 'A', true, T0 + 220),
    });
    // Predicted 200 s ahead (3-6) for T0+200, seen at T0+220: within; also 140 s ahead (0-3).
    expect(routeWide(scored)).toEqual(['scored:3-6', 'accurate:3-6', 'caught:3-6', 'scored:0-3', 'accurate:0-3', 'caught:0-3']);
  });

  it('scores the same predictions whether the feed is read every 30 s or every 15 s', () => {
    const run = (step: number) => {
      const tracker = createAccuracyTracker();
      const all: AccuracyIncrement[] = [];
      for (let t = 0; t <= 900; t += step) {
        const arrived = t >= 720;
        all.push(
          ...tracker.observe({
            trips: trips(T0 + t, arrived ? [] : [{ seq: 3, stop: 'B', time: T0 + 700 + Math.floor(t / 60) }]),
            vehicles: vehicle(T0 + t, 3, 'B', arrived, arrived ? T0 + 715 : T0 + t),
          }),
        );
      }
      return routeWide(all)
        .filter((c) => c.startsWith('scored'))
        .sort();
    };
    expect(run(15)).toEqual(run(30));
    expect(run(30)).toEqual(['scored:0-3', 'scored:10-15', 'scored:3-6', 'scored:6-10']);
  });
});
