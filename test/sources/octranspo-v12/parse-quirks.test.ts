import { describe, expect, it } from 'vitest';
import { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { bus, fixture } from './helpers.js';

// Our own fixtures, one per quirk, each asserted in both formats (the twins test adds equality).

const FORMATS = ['xml', 'json'] as const;

describe.each(FORMATS)('route-summary-alt-layout.%s', (format) => {
  it('flattens RouteSummaryData/Directions/DirectionData into route directions', () => {
    expect(parseRouteSummary(fixture(`route-summary-alt-layout.${format}`), format)).toStrictEqual({
      stopNo: '',
      stopName: '',
      timeZone: 'America/Toronto',
      routes: [
        { routeNo: '95', directionId: 0, direction: 'Inbound', heading: 'Orléans', trips: [] },
        { routeNo: '95', directionId: 1, direction: 'Outbound', heading: 'Barrhaven Centre', trips: [] },
        { routeNo: 'R2', directionId: 0, direction: 'Northbound', heading: 'Bayview', trips: [] },
      ],
    });
  });
});

describe.each(FORMATS)('route-summary-prefixed.%s', (format) => {
  it('reads prefixed names, keeps the leading zero and decodes references', () => {
    expect(parseRouteSummary(fixture(`route-summary-prefixed.${format}`), format)).toStrictEqual({
      stopNo: '0867',
      stopName: "ST. LAURENT & O'CONNOR ÉCOLE été",
      timeZone: 'America/Toronto',
      routes: [{ routeNo: '1', directionId: 0, direction: '', heading: 'Ottawa-Rockcliffe <Express> "1"', trips: [] }],
    });
  });
});

describe('route-summary-numeric-stop.json', () => {
  it('restores the leading zero of a stop number sent as a JSON number', () => {
    expect(parseRouteSummary(fixture('route-summary-numeric-stop.json'), 'json')).toStrictEqual({
      stopNo: '0867',
      stopName: 'BAYVIEW',
      timeZone: 'America/Toronto',
      routes: [],
    });
  });
});

describe.each(FORMATS)('next-trips-quirks.%s', (format) => {
  const stop = parseNextTrips(fixture(`next-trips-quirks.${format}`), format);

  it('reads the stop, with the request time in EST', () => {
    expect(stop.stopNo).toBe('3017');
    expect(stop.stopName).toBe('BASELINE');
    expect(stop.requestedAt?.toISOString()).toBe('2024-01-15T13:30:00.000Z');
  });

  it('keeps three trips and reads every spelling and empty value', () => {
    expect(stop.routes[0]).toStrictEqual({
      routeNo: '95',
      direction: 'Westbound',
      heading: 'Barrhaven Centre',
      trips: [
        {
          destination: 'Barrhaven Centre',
          startTime: '26:30',
          minutesAway: 5,
          trust: 'tracked',
          gpsAgeMinutes: 1.5,
          lastTrip: true,
          bus: bus('4 6 - DEH', { length: '40or60', hybrid: true }),
          position: { lat: 45.4, lon: -75.7, speedKmh: 40.2 },
        },
        // AdjustmentAge -2: the plan, and the coordinates beside it are not a position.
        { destination: 'Barrhaven Centre', startTime: '26:45', minutesAway: 20, trust: 'scheduled', lastTrip: false, bus: bus('ON') },
        // Age 0 is live; an empty SPEED leaves the speed out.
        {
          destination: 'Fallowfield',
          startTime: '27:00',
          minutesAway: 35,
          trust: 'tracked',
          gpsAgeMinutes: 0,
          lastTrip: false,
          bus: bus(''),
          position: { lat: 45.42, lon: -75.72 },
        },
      ],
    });
  });

  it('keeps a route-level error on its direction only', () => {
    expect(stop.routes[1]).toStrictEqual({
      routeNo: '95',
      direction: 'Eastbound',
      heading: 'Orléans',
      problem: { kind: 'route-not-at-stop', code: 12 },
      trips: [],
    });
    expect(stop.routes[0]).not.toHaveProperty('error');
  });
});

describe.each(FORMATS)('next-trips-all-routes-containers.%s', (format) => {
  const stop = parseNextTripsAllRoutes(fixture(`next-trips-all-routes-containers.${format}`), format);

  it('ignores the non-numeric stop-level Error beside data and keeps 0867', () => {
    expect(stop.stopNo).toBe('0867');
    expect(stop.stopName).toBe('BAYVIEW');
  });

  it('reads a lone wrapped Trip, DirectionId spelling, empty Direction and "True"', () => {
    expect(stop.routes[0]).toStrictEqual({
      routeNo: 'R2',
      directionId: 0,
      direction: '',
      heading: 'Bayview',
      trips: [
        {
          destination: 'Bayview',
          startTime: '23:55',
          minutesAway: 3,
          trust: 'tracked',
          gpsAgeMinutes: 0.8,
          lastTrip: true,
          bus: bus('6EAB - 60', { length: 60, lowFloor: true, bikeRack: true }),
          position: { lat: 45.409, lon: -75.722, speedKmh: 12 },
        },
      ],
    });
  });

  it('reads null, missing and empty Trips as no trips, and route Error text as no error', () => {
    expect(stop.routes.slice(1, 4)).toStrictEqual([
      { routeNo: '95', directionId: 1, direction: 'Westbound', heading: 'Barrhaven Centre', trips: [] },
      { routeNo: '12', directionId: 0, direction: 'Eastbound', heading: 'Blair', trips: [] },
      { routeNo: '7', directionId: 1, direction: 'Eastbound', heading: 'St-Laurent', trips: [] },
    ]);
  });

  it('leaves out an empty DirectionID and reads a list of two trips', () => {
    expect(stop.routes[4]).toStrictEqual({
      routeNo: '1',
      direction: 'Northbound',
      heading: 'Ottawa-Rockcliffe',
      trips: [
        {
          destination: 'Rockcliffe',
          startTime: '24:10',
          minutesAway: 14,
          trust: 'scheduled',
          lastTrip: false,
          bus: bus('4LA - IN', { length: 40, lowFloor: true }),
        },
        {
          destination: 'Rockcliffe',
          startTime: '24:40',
          minutesAway: 44,
          trust: 'scheduled',
          lastTrip: true,
          bus: bus('- DD', { doubleDecker: true }),
        },
      ],
    });
  });
});

describe('route summary from a next-trips body', () => {
  it('always has empty trips', () => {
    const stop = parseRouteSummary(fixture('next-trips-all-routes.xml'), 'xml');
    expect(stop.routes).toHaveLength(3);
    expect(stop.routes.every((route) => route.trips.length === 0)).toBe(true);
  });
});

describe.each(FORMATS)('a byte-order mark and blank lines before the document (%s)', (format) => {
  it('are skipped', () => {
    const plain = parseNextTrips(fixture(`next-trips.${format}`), format);
    expect(parseNextTrips(`\ufeff\r\n ${fixture(`next-trips.${format}`)}`, format)).toStrictEqual(plain);
  });
});
