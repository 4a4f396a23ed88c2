import { describe, expect, it } from 'vitest';
import { estimateFromPosition } from '../../../../src/sources/gtfs/arrivals/estimate.js';
import type { VehiclePosition } from '../../../../src/domain/vehicle-position.js';
import type { ScheduledCall, TripStop } from '../../../../src/sources/gtfs/static/timetable.js';

// Our estimate from a vehicle's place on its trip, read against the static stop_times: untimed
// stops placed between the timed ones, nothing for a frequency trip's template times, nothing for
// a bus that passed the stop or whose fix is not current.

const DAY_START = 1_740_373_200;
const NOW_S = DAY_START + 8 * 3600 + 7 * 60;
// Only timepoints carry times: B and D are untimed, as in feeds that time only their timepoints.
const stops: TripStop[] = [
  { stopId: 'A', stopSequence: 1, arrival: 8 * 3600, departure: 8 * 3600 },
  { stopId: 'B', stopSequence: 2, arrival: null, departure: null },
  { stopId: 'C', stopSequence: 3, arrival: 8 * 3600 + 600, departure: 8 * 3600 + 600 },
  { stopId: 'D', stopSequence: 4, arrival: null, departure: null },
  { stopId: 'E', stopSequence: 5, arrival: 8 * 3600 + 1200, departure: 8 * 3600 + 1200 },
];
const call = (stopId: string, extra: Partial<ScheduledCall> = {}): ScheduledCall => {
  const stop = stops.find((s) => s.stopId === stopId)!;
  return {
    tripId: 't',
    serviceId: 's',
    routeId: 'r',
    routeNo: '1',
    directionId: 0,
    stopId,
    stopSequence: stop.stopSequence,
    arrival: stop.arrival ?? 0,
    departure: stop.departure ?? 0,
    destination: 'E',
    tripStart: 8 * 3600,
    ...extra,
  };
};
const seen = (stopsAway: number, status: VehiclePosition['status'], fixS = NOW_S - 20, extra: Partial<VehiclePosition> = {}): VehiclePosition => ({
  lat: 45,
  lon: -75,
  fixAt: new Date(fixS * 1000),
  status,
  stopsAway,
  ...extra,
});

describe('estimateFromPosition', () => {
  it('places an untimed stop between the timed ones around it', () => {
    // Stopped at B (untimed: 08:05 between 08:00 and 08:10) at 08:06:40: 100 s late, so E at 08:21:40.
    const estimate = estimateFromPosition(seen(3, 'stopped-at'), call('E'), DAY_START, stops, NOW_S);
    expect(estimate).toEqual({ atSeconds: DAY_START + 8 * 3600 + 1200 + 100, fixS: NOW_S - 20 });
  });

  it('says nothing for a bus past the stop, an old or future fix, no stop known, or a frequency trip', () => {
    expect(
      estimateFromPosition(seen(0, 'in-transit-to', NOW_S - 20, { passed: true, stopsAway: undefined }), call('C'), DAY_START, stops, NOW_S),
    ).toBeUndefined();
    expect(estimateFromPosition(seen(2, 'stopped-at', NOW_S - 200), call('E'), DAY_START, stops, NOW_S)).toBeUndefined();
    expect(estimateFromPosition(seen(2, 'stopped-at', NOW_S + 120), call('E'), DAY_START, stops, NOW_S)).toBeUndefined();
    expect(estimateFromPosition(seen(2, 'stopped-at', NOW_S - 20, { stopsAway: undefined }), call('E'), DAY_START, stops, NOW_S)).toBeUndefined();
    expect(estimateFromPosition(seen(9, 'stopped-at'), call('E'), DAY_START, stops, NOW_S)).toBeUndefined();
    const frequency = call('E', { frequency: { headwaySecs: 600, exact: true } });
    expect(estimateFromPosition(seen(2, 'stopped-at'), frequency, DAY_START, stops, NOW_S)).toBeUndefined();
  });
});
