import { describe, expect, it } from 'vitest';
import { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from '../../../src/sources/octranspo-v12/index.js';
import { type BusType, type Trip } from '../../../src/domain/arrivals.js';
import { bus, fixture, thrown } from './helpers.js';

// Every real capture (test/fixtures/octranspo-api/README.md, "Real captures"), its whole model
// asserted field by field. Expected values are read off the fixture files by hand.

// The bus codes that occur in the captures, each decoded per spec 2.4.
const BUS = {
  '6EB - 60': bus('6EB - 60', { length: 60, lowFloor: true, bikeRack: true }),
  '6EAB - 60': bus('6EAB - 60', { length: 60, lowFloor: true, bikeRack: true }),
  '6E - 60': bus('6E - 60', { length: 60, lowFloor: true }),
  '4EB - DD': bus('4EB - DD', { length: 40, doubleDecker: true, lowFloor: true, bikeRack: true }),
  '4EA - DD': bus('4EA - DD', { length: 40, doubleDecker: true, lowFloor: true }),
  '4LB - DD': bus('4LB - DD', { length: 40, doubleDecker: true, lowFloor: true, bikeRack: true }),
  '4LA - DD': bus('4LA - DD', { length: 40, doubleDecker: true, lowFloor: true }),
  // " - DD" in the XML; values are read trimmed. A double-decker of unknown length.
  '- DD': bus('- DD', { doubleDecker: true }),
  '4E - DEH': bus('4E - DEH', { length: 40, lowFloor: true, hybrid: true }),
  '4L - DEH': bus('4L - DEH', { length: 40, lowFloor: true, hybrid: true }),
  '4LA - DEH': bus('4LA - DEH', { length: 40, lowFloor: true, hybrid: true }),
  '4L - IN': bus('4L - IN', { length: 40, lowFloor: true }),
  '4LB - IN': bus('4LB - IN', { length: 40, lowFloor: true, bikeRack: true }),
  '4LAB - IN': bus('4LAB - IN', { length: 40, lowFloor: true, bikeRack: true }),
} satisfies Record<string, BusType>;

type Code = keyof typeof BUS;

/** A GPS-adjusted trip with a position: tracked while its fix is under 3 minutes old, else a prediction with no bus seen. */
function gps(
  destination: string,
  startTime: string,
  minutesAway: number,
  age: number,
  code: Code,
  lat: number,
  lon: number,
  speedKmh: number,
  lastTrip = false,
): Trip {
  return {
    destination,
    startTime,
    minutesAway,
    trust: age <= 3 ? 'tracked' : 'predicted',
    gpsAgeMinutes: age,
    lastTrip,
    bus: BUS[code],
    position: { lat, lon, speedKmh },
  };
}

/** A schedule-only trip (AdjustmentAge -1): no GPS age, no position. */
function planned(destination: string, startTime: string, minutesAway: number, code: Code): Trip {
  return { destination, startTime, minutesAway, trust: 'scheduled', lastTrip: false, bus: BUS[code] };
}

describe('route-summary.xml (GetRouteSummaryForStop)', () => {
  it('reads the stop and every route, keeping R2, with no trips, ignoring the placeholder Error text', () => {
    expect(parseRouteSummary(fixture('route-summary.xml'), 'xml')).toStrictEqual({
      stopNo: '7659',
      stopName: 'BANK / FIFTH',
      timeZone: 'America/Toronto',
      routes: [
        { routeNo: '6', directionId: 1, direction: 'Northbound', heading: 'Rockcliffe', trips: [] },
        { routeNo: '7', directionId: 1, direction: 'Eastbound', heading: 'St-Laurent', trips: [] },
        { routeNo: 'R2', directionId: 0, direction: 'Northbound', heading: 'Bayview', trips: [] },
      ],
    });
  });
});

describe('route-summary-error-10.xml', () => {
  it('is an api error with code 10', () => {
    const error = thrown(() => parseRouteSummary(fixture('route-summary-error-10.xml'), 'xml'));
    expect([error.kind, error.code]).toStrictEqual(['unknown-stop', 10]);
  });
});

describe('next-trips.xml (GetNextTripsForStop)', () => {
  it('reads the stop, the request time (EDT in August), both directions and every trip; placeholder Errors are not codes', () => {
    expect(parseNextTrips(fixture('next-trips.xml'), 'xml')).toStrictEqual({
      stopNo: '3020',
      stopName: 'LAURIER STATION',
      timeZone: 'America/Toronto',
      requestedAt: new Date('2018-08-31T15:40:42Z'),
      routes: [
        {
          routeNo: '94',
          direction: 'Westbound',
          heading: 'Riverview',
          trips: [
            gps('Riverview', '11:13', 16, 0.34, '6EB - 60', 45.431521, -75.605296, 63),
            gps('Riverview', '10:59', 17, 0.32, '4EB - DD', 45.426999, -75.600192, 11.4),
            gps('Riverview', '11:28', 35, 0.32, '4EA - DD', 45.455889, -75.504171, 0.5),
          ],
        },
        {
          routeNo: '94',
          direction: 'Eastbound',
          heading: 'Millennium',
          trips: [
            gps('Millennium', '11:00', 12, 0.44, '4EB - DD', 45.40471, -75.732058, 15.9),
            gps('Millennium', '11:15', 25, 0.49, '6EB - 60', 45.344501, -75.758024, 19.2),
            gps('Millennium', '11:30', 42, 0.25, '4LB - DD', 45.281069, -75.721529, 33.5),
          ],
        },
      ],
    });
  });
});

describe('next-trips-all-routes.xml (AllRoutes, answered under GetRouteSummaryForStopResult)', () => {
  it('reads every route and trip: empty LastTripOfSchedule is false, age -1 has no position, " - DD"', () => {
    expect(parseNextTripsAllRoutes(fixture('next-trips-all-routes.xml'), 'xml')).toStrictEqual({
      stopNo: '3020',
      stopName: 'LAURIER STATION',
      timeZone: 'America/Toronto',
      routes: [
        {
          routeNo: '97',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'Airport / Aéroport',
          trips: [
            gps('Airport / Aéroport', '13:14', 8, 0.42, '6EB - 60', 45.413769, -75.710547, 25.7),
            planned('Airport / Aéroport', '13:29', 22, '4LB - DD'),
            gps('South Keys', '12:43', 23, 0.4, '- DD', 45.365881, -75.783288, 15.9),
          ],
        },
        {
          routeNo: '97',
          directionId: 1,
          direction: 'Westbound',
          heading: 'Bells Corners',
          trips: [
            gps('Bayshore', '12:57', 2, 0.44, '4E - DEH', 45.418886, -75.678187, 22.4),
            gps('Bells Corners', '13:12', 15, 0.51, '6EB - 60', 45.387714, -75.673109, 71.9),
            gps("Tunney's Pasture", '13:02', 16, 0.51, '- DD', 45.384286, -75.676965, 18.1),
          ],
        },
        {
          routeNo: '98',
          directionId: 1,
          direction: 'Northbound',
          heading: "Tunney's Pasture",
          trips: [
            gps('LeBreton', '12:46', 14, 0.37, '6EB - 60', 45.410505, -75.664115, 51.1),
            // Live (age 0.44) but with empty coordinates: no position rather than a made-up one.
            {
              destination: 'LeBreton',
              startTime: '13:01',
              minutesAway: 26,
              trust: 'tracked',
              gpsAgeMinutes: 0.44,
              lastTrip: false,
              bus: BUS['6EAB - 60'],
            },
            gps('LeBreton', '13:16', 42, 0.47, '6EB - 60', 45.369819, -75.613623, 41.1),
          ],
        },
      ],
    });
  });
});

describe('next-trips-all-routes.json (AllRoutes, BusBot)', () => {
  it('reads all thirteen route directions: Trips as arrays, [], missing and a bare Trip; numbers as strings; escapes decoded', () => {
    const stPaul = "St. Paul's University / Université Saint-Paul";
    expect(parseNextTripsAllRoutes(fixture('next-trips-all-routes.json'), 'json')).toStrictEqual({
      stopNo: '3022',
      stopName: 'LEES A',
      timeZone: 'America/Toronto',
      routes: [
        {
          routeNo: '16',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'Main',
          trips: [
            gps(stPaul, '07:48', 9, 0.54, '4LA - DEH', 45.423571, -75.687869, 0.5),
            gps(stPaul, '08:08', 32, 0.73, '4LB - IN', 45.399654, -75.732254, 0.5),
            gps(stPaul, '08:30', 57, 0.44, '4L - IN', 45.365509, -75.782834, 0.5),
          ],
        },
        {
          routeNo: '16',
          directionId: 1,
          direction: 'Westbound',
          heading: 'Britannia',
          trips: [
            gps('Britannia', '08:46', 1, 0.46, '4E - DEH', 45.414631, -75.673419, 31.3),
            planned('Britannia', '09:04', 20, '4LB - IN'),
            planned('Rideau Centre / Centre rideau', '09:21', 31, '4L - DEH'),
          ],
        },
        {
          routeNo: '56',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'Hurdman',
          trips: [
            gps('Hurdman', '08:36', 15, 0.48, '4E - DEH', 45.39561, -75.711899, 23.5),
            planned('Hurdman', '09:06', 35, '4LB - IN'),
            planned('Hurdman', '09:36', 64, '4LB - IN'),
          ],
        },
        {
          routeNo: '56',
          directionId: 1,
          direction: 'Westbound',
          heading: "Tunney's Pasture",
          trips: [planned("Tunney's Pasture", '08:58', 16, '4L - IN'), planned("Tunney's Pasture", '09:18', 34, '4E - DEH')],
        },
        { routeNo: '85', directionId: 0, direction: 'Eastbound', heading: 'Lees', trips: [] },
        {
          routeNo: '85',
          directionId: 1,
          direction: 'Westbound',
          heading: 'Bayshore',
          trips: [
            planned('Mackenzie King', '08:54', 4, '4LB - IN'),
            planned('Bayshore', '09:03', 13, '6EB - 60'),
            planned('Mackenzie King', '09:10', 20, '4L - IN'),
          ],
        },
        {
          routeNo: '95',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'Orléans',
          trips: [
            gps('Trim', '07:37', 4, 0.23, '4LA - DD', 45.424442, -75.685033, 6.1),
            gps('Trim', '08:01', 11, 0.6, '6EB - 60', 45.417636, -75.703709, 0.5),
            gps('Trim', '08:04', 12, 0.4, '4LA - DD', 45.416157, -75.707218, 32.4),
          ],
        },
        { routeNo: '97', directionId: 0, direction: 'Eastbound', heading: 'Airport / Aéroport', trips: [] },
        {
          routeNo: '98',
          directionId: 0,
          direction: 'Southbound',
          heading: 'Hawthorne',
          trips: [
            planned('Hawthorne', '09:05', 30, '4LB - IN'),
            planned('Hawthorne', '09:25', 50, '6EB - 60'),
            planned('Hawthorne', '09:45', 70, '4LB - IN'),
          ],
        },
        {
          routeNo: '101',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'St-Laurent',
          trips: [
            gps('St-Laurent', '08:21', 11, 0.65, '6EB - 60', 45.395574, -75.711976, 20.3),
            planned('St-Laurent', '08:36', 18, '6EB - 60'),
            planned('St-Laurent', '08:53', 35, '6EB - 60'),
          ],
        },
        {
          routeNo: '101',
          directionId: 1,
          direction: 'Westbound',
          heading: 'Moodie',
          trips: [
            gps('Bayshore', '08:45', 13, 0.6, '6EB - 60', 45.42037, -75.6378, 11.4),
            planned('Bayshore', '09:09', 32, '4L - IN'),
            planned('Bayshore', '09:42', 63, '4LB - IN'),
          ],
        },
        { routeNo: '103', directionId: 0, direction: 'Eastbound', heading: "Place d'Orléans", trips: [] },
        {
          routeNo: '103',
          directionId: 1,
          direction: 'Westbound',
          heading: 'Moodie',
          trips: [gps('Moodie', '08:43', 22, 0.32, '4LAB - IN', 45.4695, -75.546953, 25.7, true)],
        },
      ],
    });
  });
});

describe('next-trips-all-routes-error-10.json', () => {
  it('is an api error with code 10', () => {
    const error = thrown(() => parseNextTripsAllRoutes(fixture('next-trips-all-routes-error-10.json'), 'json'));
    expect([error.kind, error.code]).toStrictEqual(['unknown-stop', 10]);
  });
});

describe('next-trips-single-direction.json', () => {
  it('reads a single RouteDirection object, a numeric RouteNo and the request time (EDT)', () => {
    expect(parseNextTrips(fixture('next-trips-single-direction.json'), 'json')).toStrictEqual({
      stopNo: '1600',
      stopName: 'MARCH / TERON',
      timeZone: 'America/Toronto',
      requestedAt: new Date('2018-08-12T00:41:46Z'),
      routes: [
        {
          routeNo: '63',
          direction: 'Outbound',
          heading: 'Mackenzie King via Briarbrook',
          trips: [
            gps("Tunney's Pasture", '20:25', 7, 2.14, '4L - IN', 45.345884, -75.931735, 10.3),
            planned("Tunney's Pasture", '20:55', 39, '4L - IN'),
            planned("Tunney's Pasture", '21:25', 69, '4L - IN'),
          ],
        },
      ],
    });
  });
});

describe('next-trips-two-directions.json', () => {
  it('reads both directions of route 104 (late March: EDT) and the \\u00e9 escapes', () => {
    expect(parseNextTrips(fixture('next-trips-two-directions.json'), 'json')).toStrictEqual({
      stopNo: '3031',
      stopName: 'SMYTH',
      timeZone: 'America/Toronto',
      requestedAt: new Date('2017-03-26T23:41:47Z'),
      routes: [
        {
          routeNo: '104',
          direction: 'Eastbound',
          heading: "Place d'Orléans",
          trips: [
            gps("Place d'Orléans", '19:38', 9, 0.86, '6EB - 60', 45.384907, -75.694578, 20.3),
            planned("Place d'Orléans", '20:08', 37, '6EB - 60'),
            planned("Place d'Orléans", '20:38', 67, '6EB - 60'),
          ],
        },
        {
          routeNo: '104',
          direction: 'Westbound',
          heading: 'Carleton',
          trips: [
            gps('Carleton', '19:31', 16, 0.71, '6E - 60', 45.451344, -75.584719, 13.7),
            planned('Carleton', '20:01', 44, '6EB - 60'),
            planned('Carleton', '20:31', 74, '6EB - 60'),
          ],
        },
      ],
    });
  });
});

describe('next-trips-all-routes-single-route.json', () => {
  it('reads a single Route object with Trips as {"Trip": [...]}', () => {
    expect(parseNextTripsAllRoutes(fixture('next-trips-all-routes-single-route.json'), 'json')).toStrictEqual({
      stopNo: '4442',
      stopName: 'OGILVIE / PALMERSTON',
      timeZone: 'America/Toronto',
      routes: [
        {
          routeNo: '24',
          directionId: 0,
          direction: 'Eastbound',
          heading: 'Beacon Hill',
          trips: [
            gps('Beacon Hill', '12:03', 11, 0.4, '4E - DEH', 45.420504, -75.637671, 0.5),
            planned('Beacon Hill', '12:33', 41, '4L - DEH'),
            planned('Beacon Hill', '13:03', 71, '4E - DEH'),
          ],
        },
      ],
    });
  });
});
