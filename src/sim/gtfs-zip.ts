import yazl from 'yazl';
import type { SimNetwork } from './network.js';
import { formatGtfsTime } from '../gtfs-format/service-time.js';

// The demo network as a standard static GTFS zip: the concrete (expanded) trips that the v1.2
// Gtfs operation and the GTFS-Realtime trip updates also name, so the three agree. `copies`
// repeats the whole network under new ids (stop codes 10000 and up, trips "~2"...) for benchmarks
// that need a city-sized feed.

export type GtfsFiles = Record<string, string>;

export function demoGtfsFiles(network: SimNetwork, copies = 1): GtfsFiles {
  const rows: Record<string, string[][]> = {
    'agency.txt': [['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang']],
    'stops.txt': [['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon', 'location_type']],
    'routes.txt': [['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type']],
    'trips.txt': [['route_id', 'service_id', 'trip_id', 'trip_headsign', 'direction_id']],
    'stop_times.txt': [['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type']],
    'calendar.txt': [['service_id', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'start_date', 'end_date']],
    'calendar_dates.txt': [['service_id', 'date', 'exception_type']],
  };
  const push = (file: string, row: string[]) => rows[file]!.push(row);
  for (const a of network.gtfs.agency)
    push('agency.txt', [a.agency_id ?? '1', a.agency_name ?? '', a.agency_url ?? '', a.agency_timezone ?? '', a.agency_lang ?? '']);
  for (const c of network.gtfs.calendar) {
    push(
      'calendar.txt',
      [c.service_id, c.monday, c.tuesday, c.wednesday, c.thursday, c.friday, c.saturday, c.sunday, c.start_date, c.end_date].map((v) => v ?? ''),
    );
  }
  for (const d of network.gtfs.calendar_dates) push('calendar_dates.txt', [d.service_id ?? '', d.date ?? '', d.exception_type ?? '']);
  const agencyId = network.gtfs.agency[0]?.agency_id || '1';
  for (let copy = 0; copy < copies; copy++) {
    const id = (value: string) => (copy === 0 ? value : `${value}~${copy + 1}`);
    const code = (value: string) => (copy === 0 ? value : String(copy * 10_000 + Number(value)));
    for (const stop of network.stopsById.values()) {
      push('stops.txt', [id(stop.stopId), code(stop.code), stop.name, String(stop.lat), String(stop.lon), '0']);
    }
    for (const route of network.gtfs.routes) {
      const no = route.route_short_name ?? '';
      push('routes.txt', [
        id(route.route_id ?? ''),
        agencyId,
        copy === 0 ? no : `${no}-${copy + 1}`,
        route.route_long_name ?? '',
        route.route_type || '3',
      ]);
    }
    for (const trip of network.trips) {
      push('trips.txt', [id(trip.routeId), trip.serviceId, id(trip.tripId), trip.headsign, String(trip.directionId)]);
      trip.calls.forEach((call, i) => {
        const time = formatGtfsTime(call.seconds);
        push('stop_times.txt', [id(trip.tripId), time, time, id(call.stopId), String(i + 1), '0', '0']);
      });
    }
  }
  return Object.fromEntries(
    Object.entries(rows).map(([file, table]) => [file, table.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n']),
  );
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The files as one deflated zip. */
export function zipGtfs(files: GtfsFiles): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  // A fixed date keeps the bytes, and so the ETag, the same for the same network.
  const mtime = new Date(Date.UTC(2025, 0, 1));
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.once('error', reject);
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}
