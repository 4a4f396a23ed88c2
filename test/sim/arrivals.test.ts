import { describe, expect, it } from 'vitest';
import { upcomingTrips, LOOKAHEAD_MINUTES, type UpcomingTrip } from '../../src/sim/arrivals/upcoming.js';
import { MAX_DELAY_SECONDS } from '../../src/sim/arrivals/live.js';
import { loadDemoNetwork } from '../../src/sim/index.js';
import { readCsvRecords } from '../../src/gtfs-format/csv.js';
import type { Feed } from '../../src/sim/gtfs/feed.js';
import { buildNetwork } from '../../src/sim/network.js';
import { AT } from './helpers.js';

// The arrivals computation against the demo timetable (src/sim/network/). Offsets used below, from
// stop_times.txt: route 95 and 97 eastbound reach Laurier (3020) 20 min after leaving Baseline.

const network = loadDemoNetwork();

function tripsAt(code: string, routeNo: string, directionId: number, now: Date): UpcomingTrip[] {
  const atStop = network.stopCodes.get(code)?.routes.find((r) => r.route.routeNo === routeNo && r.route.directionId === directionId);
  if (atStop === undefined) throw new Error(`route ${routeNo}/${directionId} does not serve ${code}`);
  return upcomingTrips(network, atStop, now.getTime());
}

/** Minutes from `now` to a trip's scheduled pass, given its start time and the run time to the stop. */
function scheduledMinutes(startTime: string, runMinutes: number, nowLocal: string): number {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return minutes(startTime) + runMinutes - minutes(nowLocal);
}

/** Schedule-only trips are exactly on schedule; GPS-adjusted ones within the simulated delay. */
function expectOnSchedule(trips: UpcomingTrip[], runMinutes: number, nowLocal: string): void {
  for (const trip of trips) {
    const planned = scheduledMinutes(trip.startTime, runMinutes, nowLocal);
    if (trip.gps === undefined) expect(trip.minutesAway).toBe(planned);
    else {
      expect(trip.minutesAway).toBeGreaterThanOrEqual(planned - 1);
      expect(trip.minutesAway).toBeLessThanOrEqual(planned + MAX_DELAY_SECONDS / 60);
    }
  }
}

describe('next trips on a weekday morning (Tue 08:00)', () => {
  it('gives route 95 eastbound at Laurier its next three departures from Baseline, soonest first', () => {
    const trips = tripsAt('3020', '95', 0, AT.weekdayMorning);
    // Peak headway is 6 min from 07:00; trips leaving Baseline at 07:36 reach Laurier at 07:56.
    expect(trips.map((t) => t.startTime)).toEqual(['07:42', '07:48', '07:54']);
    expect(trips.every((t) => t.destination === 'Trim' && !t.lastTrip)).toBe(true);
    expectOnSchedule(trips, 20, '08:00');
    const minutes = trips.map((t) => t.minutesAway);
    expect([...minutes].sort((a, b) => a - b)).toEqual(minutes);
  });

  it('mixes short-turn trips with their own destination into the direction', () => {
    const trips = tripsAt('3020', '97', 0, AT.weekdayMorning);
    expect(trips.map((t) => [t.startTime, t.destination])).toEqual([
      ['07:40', 'Airport / Aéroport'],
      ['07:50', 'South Keys'],
      ['08:00', 'Airport / Aéroport'],
    ]);
    expectOnSchedule(trips, 20, '08:00');
  });

  it('gives GPS-adjusted trips a position, a speed and a fix age, and schedule-only trips none', () => {
    const all = [...network.stopCodes.values()].flatMap((stop) => stop.routes.flatMap((r) => upcomingTrips(network, r, AT.weekdayMorning.getTime())));
    const live = all.filter((t) => t.gps !== undefined);
    expect(live.length).toBeGreaterThan(10);
    expect(all.length - live.length).toBeGreaterThan(10);
    // Positions are interpolated between stops, so they stay within the stops' bounding box.
    const stops = [...network.stopsById.values()];
    const lats = stops.map((s) => s.lat);
    const lons = stops.map((s) => s.lon);
    for (const trip of live) {
      const gps = trip.gps!;
      expect(gps.lat).toBeGreaterThanOrEqual(Math.min(...lats));
      expect(gps.lat).toBeLessThanOrEqual(Math.max(...lats));
      expect(gps.lon).toBeGreaterThanOrEqual(Math.min(...lons));
      expect(gps.lon).toBeLessThanOrEqual(Math.max(...lons));
      expect(gps.speedKmh).toBeGreaterThan(0);
      expect(gps.speedKmh).toBeLessThan(120);
      expect(gps.ageMinutes).toBeGreaterThan(0);
      expect(gps.ageMinutes).toBeLessThan(3);
    }
    expect(new Set(all.map((t) => t.busType)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives the same answer for the same clock, and moves the buses when the clock moves', () => {
    const first = tripsAt('3020', '95', 0, AT.weekdayMorning);
    expect(tripsAt('3020', '95', 0, AT.weekdayMorning)).toEqual(first);
    const later = tripsAt('3020', '95', 0, new Date(AT.weekdayMorning.getTime() + 60_000));
    const moved = later.filter((t) => t.gps && first.find((f) => f.tripId === t.tripId)?.gps?.lat !== t.gps.lat);
    expect(moved.length).toBeGreaterThan(0);
  });

  it('keeps every answer within the contract at every stop: at most three, soonest first, within the lookahead', () => {
    for (const hour of [5, 8, 13, 17, 22]) {
      const now = new Date(Date.parse('2026-11-24T05:00:00Z') + hour * 3_600_000);
      for (const stop of network.stopCodes.values()) {
        for (const atStop of stop.routes) {
          const trips = upcomingTrips(network, atStop, now.getTime());
          expect(trips.length).toBeLessThanOrEqual(3);
          const minutes = trips.map((t) => t.minutesAway);
          expect([...minutes].sort((a, b) => a - b)).toEqual(minutes);
          for (const m of minutes) {
            expect(m).toBeGreaterThanOrEqual(0);
            expect(m).toBeLessThanOrEqual(LOOKAHEAD_MINUTES);
          }
        }
      }
    }
  });
});

describe('the end of the service day', () => {
  it('marks the last trip of the day for a route direction at a stop (Tue 23:30)', () => {
    // 97 eastbound leaves Baseline every 30 min from 22:00, the last at 24:30.
    const trips = tripsAt('3020', '97', 0, AT.weekdayLate);
    expect(trips.map((t) => [t.startTime, t.lastTrip])).toEqual([
      ['23:30', false],
      ['24:00', false],
      ['24:30', true],
    ]);
  });

  it("shows the previous day's trips still running after midnight, with start times past 24:00 (Wed 00:40)", () => {
    const trips = tripsAt('3020', '95', 0, AT.afterMidnight);
    expect(trips.map((t) => [t.startTime, t.lastTrip])).toEqual([
      ['24:30', false],
      ['25:00', true],
    ]);
    expectOnSchedule(trips, 20, '24:40');
  });

  it('shows no trips once service has ended and the next day is beyond the lookahead (Wed 01:45)', () => {
    for (const atStop of network.stopCodes.get('3020')!.routes) {
      expect(upcomingTrips(network, atStop, AT.afterService.getTime())).toEqual([]);
    }
  });

  it('shows the first trips of the new day once they are within the lookahead', () => {
    // 95 westbound's first bus leaves Blair at 05:35 and reaches Laurier at 05:45.
    const trips = tripsAt('3020', '95', 1, new Date('2026-11-25T08:00:00Z')); // 03:00 EST
    expect(trips[0]?.startTime).toBe('05:35');
    expect(trips[0]?.minutesAway).toBe(165);
  });
});

describe('days of the week', () => {
  it('runs route 16 on Saturday but not on Sunday, while other routes run both days', () => {
    expect(tripsAt('3022', '16', 0, AT.saturday)).toHaveLength(3);
    expect(tripsAt('3022', '16', 0, AT.sunday)).toEqual([]);
    expect(tripsAt('3022', '16', 1, AT.sunday)).toEqual([]);
    expect(tripsAt('3022', '95', 0, AT.sunday)).toHaveLength(3);
  });

  it('runs the weekend timetable on Christmas Day, so route 16 does not run', () => {
    expect(tripsAt('3022', '16', 0, AT.christmas)).toEqual([]);
    // Weekend 95 eastbound: every 15 min from 06:30; at 10:00 the next reach Laurier 10:05, 10:20, 10:35.
    expect(tripsAt('3020', '95', 0, AT.christmas).map((t) => t.startTime)).toEqual(['09:45', '10:00', '10:15']);
  });
});

describe('daylight saving time', () => {
  it.each([
    ['spring forward (2026-03-08)', AT.springForward],
    ['fall back (2026-11-01)', AT.fallBack],
  ])('keeps the timetable on the wall clock on the morning of the %s', (_, now) => {
    // Sunday timetable: 95 eastbound leaves Baseline every 15 min from 06:30, 20 min to Laurier.
    const trips = tripsAt('3020', '95', 0, now);
    expect(trips.map((t) => t.startTime)).toEqual(['07:45', '08:00', '08:15']);
    expectOnSchedule(trips, 20, '08:00');
  });
});

describe('a feed with two services on one day', () => {
  // A weekday service and an extra Friday one on the same route: the day's last trip is the
  // later of the two services' last trips, and only that one is flagged.
  const csv = (...lines: string[]) => readCsvRecords(lines.join('\n'));
  const feed: Feed = {
    agency: csv('agency_timezone', 'America/Toronto'),
    stops: csv('stop_id,stop_code,stop_name,stop_lat,stop_lon', 'A,1001,FIRST,45.40,-75.70', 'B,1002,SECOND,45.41,-75.69'),
    routes: csv('route_id,route_short_name', 'R,8'),
    directions: csv('route_id,direction_id,direction,route_heading', 'R,0,Eastbound,Second'),
    trips: csv('route_id,service_id,trip_id,trip_headsign,direction_id', 'R,WEEKDAY,early,Second,0', 'R,FRIDAY,late,Second,0'),
    stop_times: csv(
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'early,21:00:00,21:00:00,A,1',
      'early,21:05:00,21:05:00,B,2',
      'late,21:30:00,21:30:00,A,1',
      'late,21:35:00,21:35:00,B,2',
    ),
    frequencies: [],
    calendar: csv(
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
      'WEEKDAY,1,1,1,1,1,0,0,20260101,20271231',
      'FRIDAY,0,0,0,0,1,0,0,20260101,20271231',
    ),
    calendar_dates: [],
    fleet: [],
  };
  const small = buildNetwork(feed);
  const east = small.stopCodes.get('1001')!.routes[0]!;

  it("flags only the later service's last trip on Friday, and the weekday one on other days", () => {
    const fridayEvening = new Date('2026-11-28T01:50:00Z'); // Fri 2026-11-27 20:50 EST
    const thursdayEvening = new Date('2026-11-27T01:50:00Z'); // Thu 2026-11-26 20:50 EST
    const flags = (now: Date) => upcomingTrips(small, east, now.getTime()).map((t) => [t.startTime, t.lastTrip]);
    expect(flags(fridayEvening)).toEqual([
      ['21:00', false],
      ['21:30', true],
    ]);
    expect(flags(thursdayEvening)).toEqual([['21:00', true]]);
  });
});
