import type { UpcomingTrip } from '../arrivals/upcoming.js';

// A trip's values as the API writes them, shared by both formats: strings everywhere except
// LastTripOfSchedule, which JSON writes as a boolean. Schedule-only trips have AdjustmentAge -1 and
// empty Latitude, Longitude and GPSSpeed (spec 2.3 rule 3).

export interface TripFields {
  TripDestination: string;
  TripStartTime: string;
  AdjustedScheduleTime: string;
  AdjustmentAge: string;
  LastTripOfSchedule: boolean;
  BusType: string;
  Latitude: string;
  Longitude: string;
  GPSSpeed: string;
}

export function tripFields(trip: UpcomingTrip): TripFields {
  const gps = trip.gps;
  return {
    TripDestination: trip.destination,
    TripStartTime: trip.startTime,
    AdjustedScheduleTime: String(trip.minutesAway),
    AdjustmentAge: gps ? gps.ageMinutes.toFixed(2) : '-1',
    LastTripOfSchedule: trip.lastTrip,
    BusType: trip.busType,
    Latitude: gps ? gps.lat.toFixed(6) : '',
    Longitude: gps ? gps.lon.toFixed(6) : '',
    GPSSpeed: gps ? gps.speedKmh.toFixed(1) : '',
  };
}
