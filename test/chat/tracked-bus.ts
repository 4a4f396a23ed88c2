import type { StopArrivals } from '../../src/domain/arrivals.js';
import type { Clock } from '../../src/domain/clock.js';
import { route, stopArrivals, trip } from '../core/fakes.js';

/**
 * The board of route 95 at 3017 with one bus tracked (the 07:40 to Orléans), for the live-message
 * tests of every platform: its fix 20 s old on `clock`, at `lat`, `stopsAway` stops off, or passed.
 */
export function trackedBusBoard(clock: Clock, lat: number, stopsAway: number, passed = false): StopArrivals {
  const fixAt = new Date(clock().getTime() - 20_000);
  return stopArrivals([
    route('95', [
      trip(4, {
        trust: 'tracked',
        startTime: '07:40',
        destination: 'Orléans',
        position: { lat, lon: -75.735, bearing: 90, fixAt, ...(passed ? { passed: true } : { stopsAway }), occupancy: 'few-seats' },
      }),
    ]),
  ]);
}
