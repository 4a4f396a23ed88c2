// The tables an import writes: the GTFS files the arrivals need, with the columns they read.
// Times are stored as seconds after the service day's start (GTFS "noon minus 12 h"), so
// "25:10:00" is 90600 and sorts after "23:59:00". Whatever else a feed carries is left out.

export type ColumnType = 'text' | 'int' | 'real' | 'time';

export interface TableSpec {
  name: string;
  /** Required files stop the import when missing; calendar and calendar_dates need only each other. */
  required: boolean;
  columns: Record<string, ColumnType>;
  /** Columns a row must have a value in, or the file is refused. */
  key: string[];
}

export const TABLES: TableSpec[] = [
  {
    name: 'agency',
    required: true,
    columns: { agency_id: 'text', agency_name: 'text', agency_url: 'text', agency_timezone: 'text', agency_lang: 'text' },
    key: ['agency_timezone'],
  },
  {
    name: 'stops',
    required: true,
    columns: {
      stop_id: 'text',
      stop_code: 'text',
      stop_name: 'text',
      stop_desc: 'text',
      stop_lat: 'real',
      stop_lon: 'real',
      zone_id: 'text',
      location_type: 'int',
      parent_station: 'text',
      wheelchair_boarding: 'int',
    },
    key: ['stop_id'],
  },
  {
    name: 'routes',
    required: true,
    columns: { route_id: 'text', agency_id: 'text', route_short_name: 'text', route_long_name: 'text', route_desc: 'text', route_type: 'int' },
    key: ['route_id'],
  },
  {
    name: 'trips',
    required: true,
    columns: {
      route_id: 'text',
      service_id: 'text',
      trip_id: 'text',
      trip_headsign: 'text',
      direction_id: 'int',
      block_id: 'text',
      wheelchair_accessible: 'int',
      shape_id: 'text',
    },
    key: ['trip_id', 'route_id', 'service_id'],
  },
  {
    name: 'stop_times',
    required: true,
    columns: {
      trip_id: 'text',
      arrival_time: 'time',
      departure_time: 'time',
      stop_id: 'text',
      stop_sequence: 'int',
      stop_headsign: 'text',
      pickup_type: 'int',
      drop_off_type: 'int',
    },
    key: ['trip_id', 'stop_id', 'stop_sequence'],
  },
  {
    name: 'calendar',
    required: false,
    columns: {
      service_id: 'text',
      monday: 'text',
      tuesday: 'text',
      wednesday: 'text',
      thursday: 'text',
      friday: 'text',
      saturday: 'text',
      sunday: 'text',
      start_date: 'text',
      end_date: 'text',
    },
    key: ['service_id'],
  },
  { name: 'calendar_dates', required: false, columns: { service_id: 'text', date: 'text', exception_type: 'int' }, key: ['service_id', 'date'] },
  {
    // Names in other languages (GTFS translations.txt): by the record's id, or by the text itself.
    name: 'translations',
    required: false,
    columns: {
      table_name: 'text',
      field_name: 'text',
      language: 'text',
      translation: 'text',
      record_id: 'text',
      record_sub_id: 'text',
      field_value: 'text',
    },
    key: ['table_name', 'field_name', 'language', 'translation'],
  },
  {
    // The line a trip's vehicle follows, for the live map (its stops joined when a feed has none).
    name: 'shapes',
    required: false,
    columns: { shape_id: 'text', shape_pt_lat: 'real', shape_pt_lon: 'real', shape_pt_sequence: 'int' },
    key: ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
  },
  {
    name: 'frequencies',
    required: false,
    columns: { trip_id: 'text', start_time: 'time', end_time: 'time', headway_secs: 'int', exact_times: 'int' },
    key: ['trip_id', 'start_time', 'end_time', 'headway_secs'],
  },
];

const SQL_TYPE: Record<ColumnType, string> = { text: 'TEXT', int: 'INTEGER', real: 'REAL', time: 'INTEGER' };

export function createTableSql(table: TableSpec): string {
  const columns = Object.entries(table.columns).map(([name, type]) => `${name} ${SQL_TYPE[type]}`);
  return `CREATE TABLE ${table.name} (${columns.join(', ')})`;
}

// Built after the rows are in: one sort per index instead of a B-tree update per row.
export const INDEXES = [
  'CREATE INDEX stops_code ON stops (stop_code)',
  'CREATE UNIQUE INDEX stops_id ON stops (stop_id)',
  'CREATE INDEX stops_parent ON stops (parent_station)',
  'CREATE UNIQUE INDEX routes_id ON routes (route_id)',
  'CREATE UNIQUE INDEX trips_id ON trips (trip_id)',
  'CREATE INDEX stop_times_stop ON stop_times (stop_id, departure_time)',
  'CREATE INDEX stop_times_trip ON stop_times (trip_id, stop_sequence)',
  'CREATE INDEX frequencies_trip ON frequencies (trip_id)',
  'CREATE INDEX shapes_id ON shapes (shape_id, shape_pt_sequence)',
  'CREATE INDEX translations_field ON translations (table_name, field_name, language)',
];

/**
 * Per trip: where it starts (its "HH:MM"), where it ends (its destination when no headsign says),
 * and whether frequencies.txt runs it (its stop times are then a pattern, repeated every headway).
 */
export const TRIP_ENDS_SQL = `CREATE TABLE trip_ends AS
  SELECT trip_id, MIN(departure_time) AS start_time,
         (SELECT stop_id FROM stop_times last WHERE last.trip_id = st.trip_id ORDER BY stop_sequence DESC LIMIT 1) AS last_stop_id,
         EXISTS (SELECT 1 FROM frequencies f WHERE f.trip_id = st.trip_id) AS frequency_based
  FROM stop_times st GROUP BY trip_id`;

/** Raised whenever the tables change: a database of another version is imported again, not misread. */
export const SCHEMA_VERSION = '5';

export const META_SQL = `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema', '${SCHEMA_VERSION}')`;

/** "25:10:00" -> 90600; "" or malformed -> null (an untimed stop). */
export function gtfsSeconds(text: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}
