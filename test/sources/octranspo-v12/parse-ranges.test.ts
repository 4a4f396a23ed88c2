import { describe, expect, it } from 'vitest';
import { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { bus, fixture, thrown } from './helpers.js';

// Every number the client accepts is range-checked. A time a rider would read (minutes away) is
// never shown wrong: out of range, the answer is a parse error. Anything else out of range (GPS
// position, speed, age, direction id, request time, start time) is left out of the model.

const FORMATS = ['xml', 'json'] as const;

describe('how far a GPS-adjusted time is trusted (AdjustmentAge, minutes since the fix)', () => {
  const body = (age: number) =>
    JSON.stringify({
      GetNextTripsForStopResult: {
        StopNo: '3017',
        Route: {
          RouteDirection: { RouteNo: '95', Trips: [{ TripDestination: 'X', TripStartTime: '10:00', AdjustedScheduleTime: 4, AdjustmentAge: age }] },
        },
      },
    });

  it.each([
    [0.5, 'tracked'],
    [3, 'tracked'],
    [3.5, 'predicted'],
    [20, 'predicted'],
    [-1, 'scheduled'],
  ])('age %j: %s', (age, trust) => {
    expect(parseNextTrips(body(age), 'json').routes[0]?.trips[0]?.trust).toBe(trust);
  });
});

describe.each(FORMATS)('next-trips-absurd-time.%s', (format) => {
  it('a trip 1e21 minutes away is a parse error, not a time the formatter chokes on', () => {
    const error = thrown(() => parseNextTrips(fixture(`next-trips-absurd-time.${format}`), format));
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain('AdjustedScheduleTime 1e+21 is out of range (-5 to 1440 minutes)');
  });
});

describe('minutes away', () => {
  const body = (minutes: unknown) =>
    JSON.stringify({
      GetNextTripsForStopResult: {
        StopNo: '3017',
        Route: {
          RouteDirection: {
            RouteNo: '95',
            Trips: [{ TripDestination: 'X', TripStartTime: '10:00', AdjustedScheduleTime: minutes, AdjustmentAge: -1 }],
          },
        },
      },
    });

  it.each([-5, 0, 0.5, 1440, '-5', '1440'])('accepts %j', (minutes) => {
    expect(parseNextTrips(body(minutes), 'json').routes[0]?.trips[0]?.minutesAway).toBe(Number(minutes));
  });

  it.each([-5.01, -6, 1441, 1e21, -1e21, '99999', Number.MAX_VALUE])('refuses %j', (minutes) => {
    expect(thrown(() => parseNextTrips(body(minutes), 'json')).message).toContain('out of range');
  });
});

describe.each(FORMATS)('next-trips-out-of-range.%s', (format) => {
  const stop = parseNextTrips(fixture(`next-trips-out-of-range.${format}`), format);

  it('leaves out what is out of range and keeps the trips', () => {
    const trip = { destination: 'Barrhaven Centre', lastTrip: false, bus: bus('4L', { length: 40, lowFloor: true }) };
    expect(stop.routes[0]).toStrictEqual({
      routeNo: '95',
      direction: 'Westbound',
      heading: 'Barrhaven Centre',
      trips: [
        // Latitude 91: live, no position.
        { ...trip, startTime: '26:30', minutesAway: 5, trust: 'tracked', gpsAgeMinutes: 0.5 },
        // AdjustmentAge 1e21: no trustworthy GPS, so not live and no position.
        { ...trip, startTime: '26:45', minutesAway: 12, trust: 'scheduled' },
        // Speed 1e21: the position stays, the speed goes.
        { ...trip, startTime: '27:00', minutesAway: 20, trust: 'tracked', gpsAgeMinutes: 1, position: { lat: 45.4, lon: -75.7 } },
      ],
    });
    expect(stop.routes[1]).toStrictEqual({
      routeNo: '95',
      direction: 'Eastbound',
      heading: 'Orléans',
      trips: [
        // 0,0 is no fix; "99:99" is not a start time.
        {
          destination: 'Orléans',
          startTime: '',
          minutesAway: -5,
          trust: 'tracked',
          gpsAgeMinutes: 0.2,
          lastTrip: false,
          bus: bus('4L', { length: 40, lowFloor: true }),
        },
        // A negative age is the plan, however negative; longitude -181 would be dropped anyway.
        {
          destination: 'Orléans',
          startTime: '05:10',
          minutesAway: 1440,
          trust: 'scheduled',
          lastTrip: false,
          bus: bus('4L', { length: 40, lowFloor: true }),
        },
      ],
    });
  });

  it('drops a request time in year 50 or 9999', () => {
    expect(stop).not.toHaveProperty('requestedAt');
  });
});

describe('identifiers in answers', () => {
  const summary = (stopNo: unknown, routeNo: unknown) =>
    JSON.stringify({
      GetRouteSummaryForStopResult: { StopNo: stopNo, StopDescription: 'X', Routes: { Route: [{ RouteNo: routeNo, Direction: 'East' }] } },
    });

  it.each([
    [867, '0867'],
    ['0867', '0867'],
    [9999, '9999'],
  ])('reads StopNo %j as %j', (stopNo, expected) => {
    expect(parseRouteSummary(summary(stopNo, '95'), 'json').stopNo).toBe(expected);
  });

  it.each([1e21, 10000, -1, 8.5, '1e+21', '30171', 'ABCD'])('refuses StopNo %j', (stopNo) => {
    expect(thrown(() => parseRouteSummary(summary(stopNo, '95'), 'json')).message).toContain('is not a stop number');
  });

  it.each([
    [95, '95'],
    ['r2', 'R2'],
    [' 101 ', '101'],
  ])('reads RouteNo %j as %j', (routeNo, expected) => {
    expect(parseRouteSummary(summary('3017', routeNo), 'json').routes[0]?.routeNo).toBe(expected);
  });

  it.each([1e21, -1, 9.5, 'ABCDE', 'AB123C', 'x'.repeat(50)])('refuses RouteNo %j', (routeNo) => {
    expect(thrown(() => parseNextTripsAllRoutes(summary('3017', routeNo), 'json')).message).toContain('is not a route number');
  });
});
