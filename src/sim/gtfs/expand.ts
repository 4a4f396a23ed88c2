import type { CsvRecord } from '../../gtfs-format/csv.js';
import { gtfsClock, parseGtfsTime } from '../../gtfs-format/service-time.js';

// frequencies.txt turns one template trip into a trip every headway. The server and the Gtfs
// operation both work on the concrete trips, so a client sees an ordinary timetable.

export interface StopCall {
  stopId: string;
  /** Seconds after the service day's start (may pass 24 h). */
  seconds: number;
}

export interface ConcreteTrip {
  tripId: string;
  templateId: string;
  routeId: string;
  serviceId: string;
  directionId: number;
  headsign: string;
  calls: StopCall[];
}

export function expandTrips(trips: CsvRecord[], stopTimes: CsvRecord[], frequencies: CsvRecord[]): ConcreteTrip[] {
  const callsByTrip = new Map<string, StopCall[]>();
  const ordered = [...stopTimes].sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence));
  for (const row of ordered) {
    const tripId = row.trip_id ?? '';
    const calls = callsByTrip.get(tripId) ?? [];
    calls.push({ stopId: row.stop_id ?? '', seconds: parseGtfsTime(row.arrival_time || row.departure_time || '') });
    callsByTrip.set(tripId, calls);
  }
  const windowsByTrip = new Map<string, CsvRecord[]>();
  for (const row of frequencies) {
    const tripId = row.trip_id ?? '';
    windowsByTrip.set(tripId, [...(windowsByTrip.get(tripId) ?? []), row]);
  }

  const result: ConcreteTrip[] = [];
  for (const trip of trips) {
    const templateId = trip.trip_id ?? '';
    const calls = callsByTrip.get(templateId) ?? [];
    const first = calls[0];
    if (first === undefined) continue;
    const base = {
      templateId,
      routeId: trip.route_id ?? '',
      serviceId: trip.service_id ?? '',
      directionId: Number(trip.direction_id ?? 0),
      headsign: trip.trip_headsign ?? '',
    };
    const windows = windowsByTrip.get(templateId);
    if (windows === undefined) {
      result.push({ ...base, tripId: templateId, calls });
      continue;
    }
    for (const window of windows) {
      const end = parseGtfsTime(window.end_time ?? '');
      const headway = Number(window.headway_secs);
      if (!(headway > 0)) continue;
      for (let start = parseGtfsTime(window.start_time ?? ''); start < end; start += headway) {
        const shift = start - first.seconds;
        result.push({
          ...base,
          tripId: `${templateId}-${gtfsClock(start).replace(':', '')}`,
          calls: calls.map((call) => ({ stopId: call.stopId, seconds: call.seconds + shift })),
        });
      }
    }
  }
  return result;
}
