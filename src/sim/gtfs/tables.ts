import type { ConcreteTrip } from './expand.js';
import type { Feed } from './feed.js';
import { formatGtfsTime } from '../../gtfs-format/service-time.js';
import { GTFS_COLUMNS, type GtfsRecord, type GtfsTable } from '../../sources/octranspo-v12/index.js';
import type { CsvRecord } from '../../gtfs-format/csv.js';

// The Gtfs operation's tables (spec 2.5): every column of the spec, "" where the feed has nothing,
// and an `id` numbering the records from 1. Trips and stop times are the concrete, expanded ones.

export function gtfsTables(feed: Feed, trips: ConcreteTrip[]): Record<GtfsTable, GtfsRecord[]> {
  const tripRows: CsvRecord[] = trips.map((trip) => ({
    route_id: trip.routeId,
    service_id: trip.serviceId,
    trip_id: trip.tripId,
    trip_headsign: trip.headsign,
    block_id: '',
  }));
  const stopTimeRows: CsvRecord[] = trips.flatMap((trip) =>
    trip.calls.map((call, i) => ({
      trip_id: trip.tripId,
      arrival_time: formatGtfsTime(call.seconds),
      departure_time: formatGtfsTime(call.seconds),
      stop_id: call.stopId,
      stop_sequence: String(i + 1),
      pickup_type: '0',
      drop_off_type: '0',
    })),
  );
  return {
    agency: records('agency', feed.agency),
    calendar: records('calendar', feed.calendar),
    calendar_dates: records('calendar_dates', feed.calendar_dates),
    routes: records('routes', feed.routes),
    stops: records('stops', feed.stops),
    stop_times: records('stop_times', stopTimeRows),
    trips: records('trips', tripRows),
  };
}

function records(table: GtfsTable, rows: CsvRecord[]): GtfsRecord[] {
  return rows.map((row, i) => {
    const record: GtfsRecord = {};
    for (const column of GTFS_COLUMNS[table]) record[column] = column === 'id' ? String(i + 1) : (row[column] ?? '');
    return record;
  });
}
