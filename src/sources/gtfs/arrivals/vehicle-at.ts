import type { VehiclePosition } from '../../../domain/vehicle-position.js';
import type { VehicleFeed, VehicleReading } from '../realtime/vehicles.js';
import type { ScheduledCall, TripStop } from '../static/timetable.js';
import { runFor } from './match-run.js';
import type { ServiceDay } from './service-days.js';

// A scheduled call's vehicle: the VehiclePositions reading of the same trip_id and run (start
// date, and start time for a frequency trip, as match-run.ts picks trip updates), never a
// vehicle of another trip of the route, nor one whose descriptor says ADDED or NEW (a run the
// schedule does not have, though it reuses the trip_id: added-trips.ts joins it to its own trip).
// Stops away are counted on the static trip, from the vehicle's current stop
// (current_stop_sequence, else its stop_id) to the rider's.

export function vehicleAt(
  vehicles: VehicleFeed,
  day: ServiceDay,
  call: ScheduledCall,
  stops: readonly TripStop[] | undefined,
): VehiclePosition | undefined {
  const runs = vehicles.byTripId.get(call.tripId);
  const reading = runFor(runs?.some((r) => r.added === true) === true ? runs.filter((r) => r.added !== true) : runs, day, call);
  if (reading === undefined) return undefined;
  return { ...positionOf(reading, vehicles), ...progress(reading, call, stops) };
}

/** A reading as riders are shown it: the fix (the header's time when it has none of its own), its stop and status, its load. */
export function positionOf(reading: VehicleReading, vehicles: Pick<VehicleFeed, 'timestamp'>): VehiclePosition {
  const fixS = reading.timestamp ?? (vehicles.timestamp > 0 ? vehicles.timestamp : undefined);
  return {
    lat: reading.lat,
    lon: reading.lon,
    ...(reading.bearing !== undefined ? { bearing: reading.bearing } : {}),
    ...(reading.speedMs !== undefined ? { speedKmh: Math.round(reading.speedMs * 36) / 10 } : {}),
    ...(fixS !== undefined ? { fixAt: new Date(fixS * 1000) } : {}),
    ...(reading.currentStopSequence !== undefined ? { currentStopSequence: reading.currentStopSequence } : {}),
    ...(reading.status !== undefined ? { status: reading.status } : {}),
    ...(reading.occupancy !== undefined ? { occupancy: reading.occupancy } : {}),
    ...((reading.label ?? reading.vehicleId) !== undefined ? { label: reading.label ?? reading.vehicleId! } : {}),
  };
}

/** How many stops the vehicle has to go to the rider's, or that it passed it; nothing when its stop is not on the trip. */
function progress(reading: VehicleReading, call: ScheduledCall, stops: readonly TripStop[] | undefined): { stopsAway?: number; passed?: true } {
  if (stops === undefined || reading.status === undefined) return {};
  const here = stops.findIndex((s) => s.stopSequence === call.stopSequence);
  // current_stop_sequence first; a stop_id alone is placed at its first call not after the rider's.
  const current =
    reading.currentStopSequence !== undefined
      ? stops.findIndex((s) => s.stopSequence === reading.currentStopSequence && (reading.stopId === undefined || s.stopId === reading.stopId))
      : stops.findIndex((s) => s.stopId === reading.stopId);
  if (here === -1 || current === -1) return {};
  const away = here - current;
  // Stopped at the rider's stop and leaving, or beyond it: passed. In transit to it: 0 stops away.
  return away < 0 ? { passed: true } : { stopsAway: away };
}
