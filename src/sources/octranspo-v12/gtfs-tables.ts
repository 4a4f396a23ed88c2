// The Gtfs operation's tables and columns (spec 2.5), shared by the client's request validation
// and the local server.

export const GTFS_COLUMNS = {
  agency: ['id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang'],
  calendar: ['id', 'service_id', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'start_date', 'end_date'],
  calendar_dates: ['id', 'service_id', 'date', 'exception_type'],
  routes: ['id', 'route_id', 'route_short_name', 'route_long_name', 'route_desc', 'route_type'],
  stops: [
    'id',
    'stop_id',
    'stop_code',
    'stop_name',
    'stop_desc',
    'stop_lat',
    'stop_lon',
    'stop_street',
    'stop_city',
    'stop_region',
    'stop_postcode',
    'stop_country',
    'zone_id',
  ],
  // The spec's column list omits drop_off_type, but the records carry it.
  stop_times: ['id', 'trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type'],
  trips: ['id', 'route_id', 'service_id', 'trip_id', 'trip_headsign', 'block_id'],
} as const satisfies Record<string, readonly string[]>;

export type GtfsTable = keyof typeof GTFS_COLUMNS;

export const GTFS_TABLES = Object.keys(GTFS_COLUMNS) as GtfsTable[];

/** Tables that refuse a query unless one of these is given, as `id` or as the filter column. */
export const GTFS_REQUIRED_FILTERS: Partial<Record<GtfsTable, readonly string[]>> = {
  stops: ['stop_id', 'stop_code', 'id'],
  stop_times: ['trip_id', 'stop_id', 'id'],
  trips: ['route_id', 'id'],
};

export interface GtfsQuery {
  table: GtfsTable;
  id?: string;
  column?: string;
  value?: string;
  orderBy?: string;
  direction?: 'asc' | 'desc';
  limit?: number;
}

/** One record: column name -> value ("" for null). */
export type GtfsRecord = Record<string, string>;
