import { describe, expect, it } from 'vitest';
import { vehicleAt } from '../../../src/sources/gtfs/arrivals/vehicle-at.js';
import type { ServiceDay } from '../../../src/sources/gtfs/arrivals/service-days.js';
import type { VehicleFeed, VehicleReading } from '../../../src/sources/gtfs/realtime/vehicles.js';
import type { ScheduledCall, TripStop } from '../../../src/sources/gtfs/static/timetable.js';

// Stops away are counted on the static trip (stop_sequence may skip numbers), from the vehicle's
// current stop to the rider's; a vehicle beyond the rider's stop has passed it.

const day: ServiceDay = { date: '20250224', start: 1740373200, serviceIds: ['s'], nextDate: '20250225', nextServiceIds: new Set(['s']) };
// exo's Saint-Jérôme line numbers its stops 1, 3, 5...: counting sequence numbers would double the stops.
const stops: TripStop[] = ['A', 'B', 'C', 'D', 'E'].map((stopId, i) => ({ stopId, stopSequence: 1 + 2 * i, arrival: 1000 * i, departure: 1000 * i }));
const call = (stopId: string): ScheduledCall => {
  const stop = stops.find((s) => s.stopId === stopId)!;
  return {
    tripId: 't',
    serviceId: 's',
    routeId: 'r',
    routeNo: 'SJ',
    directionId: 0,
    stopId,
    stopSequence: stop.stopSequence,
    arrival: stop.arrival!,
    departure: stop.departure!,
    destination: 'Gare',
    tripStart: 0,
  };
};
const feed = (reading: Partial<VehicleReading>): VehicleFeed => ({
  timestamp: 1740402823,
  byTripId: new Map([['t', [{ tripId: 't', lat: 45.5, lon: -73.6, ...reading }]]]),
  entities: 1,
  vehicles: 1,
});

describe('a vehicle at a call', () => {
  it('counts the stops between its current stop and the rider’s on the trip', () => {
    expect(vehicleAt(feed({ currentStopSequence: 3, status: 'in-transit-to' }), day, call('E'), stops)).toMatchObject({ stopsAway: 3 });
    expect(vehicleAt(feed({ stopId: 'D', status: 'stopped-at' }), day, call('E'), stops)).toMatchObject({ stopsAway: 1 });
    expect(vehicleAt(feed({ currentStopSequence: 9, status: 'incoming-at' }), day, call('E'), stops)).toMatchObject({ stopsAway: 0 });
  });

  it('says a vehicle beyond the rider’s stop has passed it', () => {
    const passed = vehicleAt(feed({ currentStopSequence: 7, status: 'in-transit-to' }), day, call('B'), stops);
    expect(passed).toMatchObject({ passed: true });
    expect(passed?.stopsAway).toBeUndefined();
  });

  it('counts nothing when its stop is not on the trip, or the feed names none', () => {
    expect(vehicleAt(feed({ currentStopSequence: 4, status: 'in-transit-to' }), day, call('E'), stops)?.stopsAway).toBeUndefined();
    expect(vehicleAt(feed({}), day, call('E'), stops)?.stopsAway).toBeUndefined();
  });

  it('takes the header time for a fix without its own, and km/h from m/s', () => {
    expect(vehicleAt(feed({ speedMs: 10 }), day, call('E'), stops)).toMatchObject({ fixAt: new Date(1740402823000), speedKmh: 36 });
  });

  it('joins only the run of the same date: another day’s vehicle on the same trip_id is not this one', () => {
    expect(vehicleAt(feed({ startDate: '20250223' }), day, call('E'), stops)).toBeUndefined();
    expect(vehicleAt(feed({ startDate: '20250224' }), day, call('E'), stops)).toBeDefined();
  });
});
