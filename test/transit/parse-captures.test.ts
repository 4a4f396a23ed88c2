import { describe, expect, it } from 'vitest';
import { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../src/transit/index.js';
import { bus, fixture, thrown } from './helpers.js';

// The real captures, asserted field by field.

describe('route-summary.xml (GetRouteSummaryForStop capture)', () => {
  it('reads the stop and every route, keeping the alphanumeric R2, with no trips', () => {
    expect(parseRouteSummary(fixture('route-summary.xml'), 'xml')).toStrictEqual({
      stopNo: '7659',
      stopName: 'BANK / FIFTH',
      routes: [
        { routeNo: '6', directionId: 1, direction: 'Northbound', heading: 'Rockcliffe', trips: [] },
        { routeNo: '7', directionId: 1, direction: 'Eastbound', heading: 'St-Laurent', trips: [] },
        { routeNo: 'R2', directionId: 0, direction: 'Northbound', heading: 'Bayview', trips: [] },
      ],
    });
  });

  it('ignores the placeholder Error text that sits beside good data', () => {
    expect(parseRouteSummary(fixture('route-summary.xml'), 'xml').routes).toHaveLength(3);
  });
});

describe('route-summary-error-10.xml', () => {
  it('is an api error with code 10', () => {
    const error = thrown(() => parseRouteSummary(fixture('route-summary-error-10.xml'), 'xml'));
    expect(error.kind).toBe('api');
    expect(error.code).toBe(10);
  });
});

describe('next-trips.xml (GetNextTripsForStop capture)', () => {
  const stop = parseNextTrips(fixture('next-trips.xml'), 'xml');

  it('reads the stop and the request time (EDT in August)', () => {
    expect(stop.stopNo).toBe('3020');
    expect(stop.stopName).toBe('LAURIER STATION');
    expect(stop.requestedAt?.toISOString()).toBe('2018-08-31T15:40:42.000Z');
    expect(stop.routes).toHaveLength(2);
  });

  it('reads both directions with RouteLabel as the heading and no error from placeholder text', () => {
    expect(stop.routes.map(({ trips: _trips, ...route }) => route)).toStrictEqual([
      { routeNo: '94', direction: 'Westbound', heading: 'Riverview' },
      { routeNo: '94', direction: 'Eastbound', heading: 'Millennium' },
    ]);
  });

  it('reads every trip of the westbound direction in order', () => {
    expect(stop.routes[0]?.trips).toStrictEqual([
      {
        destination: 'Riverview', startTime: '11:13', minutesAway: 16, live: true, gpsAgeMinutes: 0.34, lastTrip: false,
        bus: bus('6EB - 60', { length: 60, lowFloor: true, bikeRack: true }),
        position: { lat: 45.431521, lon: -75.605296, speedKmh: 63 },
      },
      {
        destination: 'Riverview', startTime: '10:59', minutesAway: 17, live: true, gpsAgeMinutes: 0.32, lastTrip: false,
        bus: bus('4EB - DD', { length: 40, doubleDecker: true, lowFloor: true, bikeRack: true }),
        position: { lat: 45.426999, lon: -75.600192, speedKmh: 11.4 },
      },
      {
        destination: 'Riverview', startTime: '11:28', minutesAway: 35, live: true, gpsAgeMinutes: 0.32, lastTrip: false,
        bus: bus('4EA - DD', { length: 40, doubleDecker: true, lowFloor: true }),
        position: { lat: 45.455889, lon: -75.504171, speedKmh: 0.5 },
      },
    ]);
  });

  it('reads the eastbound trips', () => {
    const trips = stop.routes[1]?.trips ?? [];
    expect(trips.map((t) => [t.destination, t.startTime, t.minutesAway, t.gpsAgeMinutes, t.bus.raw, t.position?.speedKmh])).toStrictEqual([
      ['Millennium', '11:00', 12, 0.44, '4EB - DD', 15.9],
      ['Millennium', '11:15', 25, 0.49, '6EB - 60', 19.2],
      ['Millennium', '11:30', 42, 0.25, '4LB - DD', 33.5],
    ]);
  });
});

describe('next-trips-all-routes.xml (AllRoutes capture, under GetRouteSummaryForStopResult)', () => {
  const stop = parseNextTripsAllRoutes(fixture('next-trips-all-routes.xml'), 'xml');

  it('reads the stop and three route directions', () => {
    expect(stop.stopNo).toBe('3020');
    expect(stop.stopName).toBe('LAURIER STATION');
    expect(stop).not.toHaveProperty('requestedAt');
    expect(stop.routes.map((r) => [r.routeNo, r.directionId, r.direction, r.heading, r.trips.length])).toStrictEqual([
      ['97', 0, 'Eastbound', 'Airport / Aéroport', 3],
      ['97', 1, 'Westbound', 'Bells Corners', 3],
      ['98', 1, 'Northbound', "Tunney's Pasture", 3],
    ]);
  });

  it('reads the first route trip by trip: empty LastTripOfSchedule is false, age -1 has no position, " - DD"', () => {
    expect(stop.routes[0]?.trips).toStrictEqual([
      {
        destination: 'Airport / Aéroport', startTime: '13:14', minutesAway: 8, live: true, gpsAgeMinutes: 0.42, lastTrip: false,
        bus: bus('6EB - 60', { length: 60, lowFloor: true, bikeRack: true }),
        position: { lat: 45.413769, lon: -75.710547, speedKmh: 25.7 },
      },
      {
        destination: 'Airport / Aéroport', startTime: '13:29', minutesAway: 22, live: false, lastTrip: false,
        bus: bus('4LB - DD', { length: 40, doubleDecker: true, lowFloor: true, bikeRack: true }),
      },
      {
        destination: 'South Keys', startTime: '12:43', minutesAway: 23, live: true, gpsAgeMinutes: 0.4, lastTrip: false,
        // The XML parser trims values; both formats give the trimmed code.
        bus: bus('- DD', { doubleDecker: true }),
        position: { lat: 45.365881, lon: -75.783288, speedKmh: 15.9 },
      },
    ]);
  });

  it('gives a live trip without coordinates no position', () => {
    const trip = stop.routes[2]?.trips[1];
    expect(trip).toStrictEqual({
      destination: 'LeBreton', startTime: '13:01', minutesAway: 26, live: true, gpsAgeMinutes: 0.44, lastTrip: false,
      bus: bus('6EAB - 60', { length: 60, lowFloor: true, bikeRack: true }),
    });
  });
});

describe('next-trips-all-routes.json (AllRoutes capture, BusBot)', () => {
  const stop = parseNextTripsAllRoutes(fixture('next-trips-all-routes.json'), 'json');

  it('reads the stop and all fourteen route directions, numbers as strings', () => {
    expect(stop.stopNo).toBe('3022');
    expect(stop.stopName).toBe('LEES A');
    expect(stop.routes.map((r) => `${r.routeNo}/${r.directionId}:${r.trips.length}`)).toStrictEqual([
      '16/0:3', '16/1:3', '56/0:3', '56/1:2', '85/0:0', '85/1:3', '95/0:3', '97/0:0', '98/0:3', '101/0:3', '101/1:3', '103/0:0', '103/1:1',
    ]);
  });

  it('decodes \\/ and \\u00e9 escapes', () => {
    expect(stop.routes[0]?.trips[0]?.destination).toBe("St. Paul's University / Université Saint-Paul");
    expect(stop.routes[7]?.heading).toBe('Airport / Aéroport');
  });

  it('reads a bare Trip object as the only trip, with LastTripOfSchedule true', () => {
    expect(stop.routes[12]).toStrictEqual({
      routeNo: '103', directionId: 1, direction: 'Westbound', heading: 'Moodie',
      trips: [
        {
          destination: 'Moodie', startTime: '08:43', minutesAway: 22, live: true, gpsAgeMinutes: 0.32, lastTrip: true,
          bus: bus('4LAB - IN', { length: 40, lowFloor: true, bikeRack: true }),
          position: { lat: 45.4695, lon: -75.546953, speedKmh: 25.7 },
        },
      ],
    });
  });

  it('reads schedule-only trips without position or GPS age', () => {
    expect(stop.routes[1]?.trips[1]).toStrictEqual({
      destination: 'Britannia', startTime: '09:04', minutesAway: 20, live: false, lastTrip: false,
      bus: bus('4LB - IN', { length: 40, lowFloor: true, bikeRack: true }),
    });
  });
});

describe('next-trips-all-routes-error-10.json', () => {
  it('is an api error with code 10', () => {
    const error = thrown(() => parseNextTripsAllRoutes(fixture('next-trips-all-routes-error-10.json'), 'json'));
    expect([error.kind, error.code]).toStrictEqual(['api', 10]);
  });
});

describe('next-trips-single-direction.json', () => {
  it('reads a single RouteDirection object and the request time', () => {
    const stop = parseNextTrips(fixture('next-trips-single-direction.json'), 'json');
    expect(stop.stopNo).toBe('1600');
    expect(stop.stopName).toBe('MARCH / TERON');
    expect(stop.requestedAt?.toISOString()).toBe('2018-08-12T00:41:46.000Z');
    expect(stop.routes).toHaveLength(1);
    const route = stop.routes[0];
    expect([route?.routeNo, route?.direction, route?.heading, route?.directionId, route?.error]).toStrictEqual([
      '63', 'Outbound', 'Mackenzie King via Briarbrook', undefined, undefined,
    ]);
    expect(route?.trips.map((t) => [t.startTime, t.minutesAway, t.live, t.position?.lat])).toStrictEqual([
      ['20:25', 7, true, 45.345884],
      ['20:55', 39, false, undefined],
      ['21:25', 69, false, undefined],
    ]);
  });
});

describe('next-trips-two-directions.json', () => {
  it('reads both directions of route 104 (March: EDT)', () => {
    const stop = parseNextTrips(fixture('next-trips-two-directions.json'), 'json');
    expect(stop.requestedAt?.toISOString()).toBe('2017-03-26T23:41:47.000Z');
    expect(stop.routes.map((r) => [r.routeNo, r.direction, r.heading, r.trips.map((t) => t.minutesAway)])).toStrictEqual([
      ['104', 'Eastbound', "Place d'Orléans", [9, 37, 67]],
      ['104', 'Westbound', 'Carleton', [16, 44, 74]],
    ]);
    expect(stop.routes[1]?.trips[0]?.bus).toStrictEqual(bus('6E - 60', { length: 60, lowFloor: true }));
  });
});

describe('next-trips-all-routes-single-route.json', () => {
  it('reads a single Route object with Trips as {"Trip": [...]}', () => {
    const stop = parseNextTripsAllRoutes(fixture('next-trips-all-routes-single-route.json'), 'json');
    expect(stop.stopNo).toBe('4442');
    expect(stop.routes).toHaveLength(1);
    expect(stop.routes[0]?.trips).toStrictEqual([
      {
        destination: 'Beacon Hill', startTime: '12:03', minutesAway: 11, live: true, gpsAgeMinutes: 0.4, lastTrip: false,
        bus: bus('4E - DEH', { length: 40, lowFloor: true, hybrid: true }),
        position: { lat: 45.420504, lon: -75.637671, speedKmh: 0.5 },
      },
      { destination: 'Beacon Hill', startTime: '12:33', minutesAway: 41, live: false, lastTrip: false, bus: bus('4L - DEH', { length: 40, lowFloor: true, hybrid: true }) },
      { destination: 'Beacon Hill', startTime: '13:03', minutesAway: 71, live: false, lastTrip: false, bus: bus('4E - DEH', { length: 40, lowFloor: true, hybrid: true }) },
    ]);
  });
});
