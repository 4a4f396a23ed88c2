import { modeOfRouteType, type VehicleMode } from '../../../domain/vehicle-mode.js';
import { sharedName } from '../../../stops/shared-name.js';
import { ServiceCalendar } from '../../../gtfs-format/service-calendar.js';
import { openDb, type Db, type Param, type Row } from './db.js';
import { LAST_RUN_DEPARTURE_SQL, runsReaching } from './frequency-calls.js';
import { SCHEMA_VERSION } from './schema.js';
import { matchRoutes, type NamedRoute } from './route-match.js';

// The imported schedule, read: stops by what riders type, the routes at a stop, and the calls at a
// stop within a span of one service day. Everything small (calendar, agency) is held in memory.

export interface StopPlace {
  /** What riders type: the stop_code, else the stop_id. */
  code: string;
  name: string;
  /** The stop_ids whose calls count: every stop with that code, a station's platforms. */
  stopIds: string[];
}

export interface RouteAtStop {
  routeId: string;
  routeNo: string;
  directionId: number | undefined;
  /** The headsign most of the direction's trips carry. */
  heading: string;
  /** routes.route_type read as riders name it; undefined for a value that is no route type. */
  mode?: VehicleMode;
}

export interface ScheduledCall {
  tripId: string;
  serviceId: string;
  routeId: string;
  routeNo: string;
  directionId: number | undefined;
  stopId: string;
  stopSequence: number;
  /** Seconds after the service day's start. */
  arrival: number;
  departure: number;
  destination: string;
  /** The trip's first departure, seconds after the service day's start (a frequency run's own start). */
  tripStart: number;
  /**
   * A run of a frequencies.txt trip: one of several calls of the same trip_id on the day, told
   * apart by tripStart (the start_time a realtime update names); `exact` false: only the headway
   * is promised, not this time.
   */
  frequency?: { headwaySecs: number; exact: boolean };
  /** Wheelchair boarding of this trip at this stop, when the feed says (trips.wheelchair_accessible, stops.wheelchair_boarding). */
  wheelchair?: boolean;
}

export interface TripStop {
  stopId: string;
  stopSequence: number;
  arrival: number | null;
  departure: number | null;
}

export interface RouteRef {
  routeId: string;
  routeNo: string;
}

export interface Timetable {
  readonly timeZone: string;
  readonly calendar: ServiceCalendar;
  findStop(text: string): Promise<StopPlace | undefined>;
  /** Routes as riders name them: short name or route_id (any case), leading zeros aside, else the long name (route-match.ts). */
  findRoutes(text: string): Promise<RouteRef[]>;
  routesAt(place: StopPlace): Promise<RouteAtStop[]>;
  /** Calls at the stops on one service day, from..to seconds after its start; no-pickup calls left out. */
  callsAt(stopIds: string[], serviceIds: string[], from: number, to: number): Promise<ScheduledCall[]>;
  /** The last departure of each route direction at these stops on that service day: "route/direction" -> seconds. */
  lastDepartures(stopIds: string[], serviceIds: string[]): Promise<ReadonlyMap<string, number>>;
  tripStops(tripIds: string[]): Promise<Map<string, TripStop[]>>;
  stopNames(stopIds: string[]): Promise<Map<string, string>>;
  routeById(routeId: string): Promise<RouteRef | undefined>;
  /** The stop's name in other languages (translations.txt): language -> name. */
  stopNameTranslations(place: StopPlace): Promise<Record<string, string>>;
  /** Every stop riders can ask for by code, for the name search. */
  allStops(): Promise<Array<{ code: string; id: string; name: string; lat: number; lon: number }>>;
  /** Raw reads of the tables, for what the feed says of itself (profile.ts). */
  query(sql: string, params: Param[]): Promise<Row[]>;
  close(): Promise<void>;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');
const directionKey = (routeId: string, directionId: number | undefined) => `${routeId}/${directionId ?? ''}`;
export { directionKey };

export async function openTimetable(path: string): Promise<Timetable> {
  const db = await openDb(path, 'read');
  try {
    const [schema] = await db.all<{ value: string }>("SELECT value FROM meta WHERE key = 'schema'").catch(() => []);
    if (schema?.value !== SCHEMA_VERSION) throw new Error(`schedule tables of version ${schema?.value ?? '1'}, not ${SCHEMA_VERSION}`);
    const [agency] = await db.all<{ agency_timezone: string }>('SELECT agency_timezone FROM agency LIMIT 1');
    const calendarRows = await db.all('SELECT * FROM calendar');
    const dateRows = await db.all('SELECT * FROM calendar_dates');
    const [frequencies] = await db.all<{ any: number }>('SELECT EXISTS (SELECT 1 FROM frequencies) AS any');
    const asText = (rows: Row[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, str(v)])));
    const calendar = new ServiceCalendar(asText(calendarRows), asText(dateRows));
    return timetableOver(db, agency?.agency_timezone ?? 'UTC', calendar, frequencies?.any === 1);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

const CALL_COLUMNS = `st.trip_id, st.stop_id, st.stop_sequence, st.arrival_time, st.departure_time, st.stop_headsign,
  t.route_id, t.service_id, t.direction_id, t.trip_headsign, r.route_short_name, te.start_time, last.stop_name AS last_stop_name,
  t.wheelchair_accessible, here.wheelchair_boarding`;
const CALL_FROM = `FROM stop_times st JOIN trips t ON t.trip_id = st.trip_id JOIN routes r ON r.route_id = t.route_id
  JOIN trip_ends te ON te.trip_id = st.trip_id LEFT JOIN stops last ON last.stop_id = te.last_stop_id
  LEFT JOIN stops here ON here.stop_id = st.stop_id`;

/**
 * Wheelchair boarding of a call: the trip's wheelchair_accessible (1 yes, 2 no) and the stop's
 * wheelchair_boarding (2: not at this stop); 0 or nothing is unknown. A platform's 0 would inherit
 * its station's value; left unknown here.
 */
function wheelchairOf(row: Row): { wheelchair?: boolean } {
  const trip = Number(row.wheelchair_accessible ?? 0);
  const stop = Number(row.wheelchair_boarding ?? 0);
  if (trip === 2 || stop === 2) return { wheelchair: false };
  return trip === 1 ? { wheelchair: true } : {};
}

/** A route's mode when its route_type reads as one (an empty or odd value: none). */
function modeOf(routeType: unknown): { mode?: VehicleMode } {
  const mode = routeType === null || routeType === undefined || routeType === '' ? undefined : modeOfRouteType(Number(routeType));
  return mode !== undefined ? { mode } : {};
}

/** A row of CALL_COLUMNS as a call, its times moved by `shift` (a frequency run's start after its pattern's). */
function callOf(row: Row, shift: number, run: { headwaySecs: number; exact: boolean } | undefined): ScheduledCall {
  return {
    tripId: str(row.trip_id),
    serviceId: str(row.service_id),
    routeId: str(row.route_id),
    routeNo: str(row.route_short_name) || str(row.route_id),
    directionId: row.direction_id === null ? undefined : Number(row.direction_id),
    stopId: str(row.stop_id),
    stopSequence: Number(row.stop_sequence),
    arrival: Number(row.arrival_time) + shift,
    departure: Number(row.departure_time) + shift,
    destination: str(row.stop_headsign) || str(row.trip_headsign) || str(row.last_stop_name),
    tripStart: Number(row.start_time ?? row.departure_time) + shift,
    ...wheelchairOf(row),
    ...(run !== undefined ? { frequency: { headwaySecs: run.headwaySecs, exact: run.exact } } : {}),
  };
}

/** Answers kept per timetable (each import is a new one), a bounded number of stops at a time. */
const CACHE_ENTRIES = 5000;
function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

/** `hasFrequencies`: most feeds have no frequencies.txt rows, and their look-ups skip its queries. */
function timetableOver(db: Db, timeZone: string, calendar: ServiceCalendar, hasFrequencies: boolean): Timetable {
  const routesCache = new Map<string, RouteAtStop[]>();
  // The last departures of a stop on a service day are asked at every look-up and never change.
  const lastCache = new Map<string, ReadonlyMap<string, number>>();
  let routeNames: Promise<NamedRoute[]> | undefined;

  async function placeOf(rows: Row[], code: string): Promise<StopPlace | undefined> {
    if (rows.length === 0) return undefined;
    const ids = rows.map((row) => str(row.stop_id));
    // A station is asked for through its platforms: the calls are theirs.
    const stations = rows.filter((row) => row.location_type === 1).map((row) => str(row.stop_id));
    const children =
      stations.length > 0 ? await db.all(`SELECT stop_id FROM stops WHERE parent_station IN (${marks(stations.length)})`, stations) : [];
    const names = rows.map((row) => str(row.stop_name));
    const name = stations.length > 0 ? str(rows.find((row) => row.location_type === 1)?.stop_name) : (sharedName(names) ?? names[0] ?? code);
    return { code, name, stopIds: [...new Set([...ids, ...children.map((row) => str(row.stop_id))])] };
  }

  return {
    timeZone,
    calendar,

    async findStop(text) {
      const byCode = await db.all('SELECT stop_id, stop_name, location_type FROM stops WHERE stop_code = ?', [text]);
      if (byCode.length > 0) return placeOf(byCode, text);
      return placeOf(await db.all('SELECT stop_id, stop_name, location_type FROM stops WHERE stop_id = ?', [text]), text);
    },

    async findRoutes(text) {
      // A city's routes are a few hundred rows: read once per import, matched as riders say them.
      routeNames ??= db
        .all('SELECT route_id, route_short_name, route_long_name FROM routes ORDER BY route_id')
        .then((rows) =>
          rows.map((row) => ({ routeId: str(row.route_id), shortName: str(row.route_short_name), longName: str(row.route_long_name) })),
        );
      const named = await routeNames.catch((err: unknown) => {
        routeNames = undefined;
        throw err;
      });
      return matchRoutes(text, named).map((r) => ({ routeId: r.routeId, routeNo: r.shortName || r.routeId }));
    },

    async routesAt(place) {
      const key = place.stopIds.join('\n');
      const cached = routesCache.get(key);
      if (cached !== undefined) return cached;
      const rows = await db.all(
        `SELECT t.route_id, t.direction_id, r.route_short_name, r.route_type, t.trip_headsign, COUNT(*) AS n
         FROM stop_times st JOIN trips t ON t.trip_id = st.trip_id JOIN routes r ON r.route_id = t.route_id
         WHERE st.stop_id IN (${marks(place.stopIds.length)})
         GROUP BY t.route_id, t.direction_id, t.trip_headsign ORDER BY n DESC`,
        place.stopIds,
      );
      const routes = new Map<string, RouteAtStop>();
      for (const row of rows) {
        const directionId = row.direction_id === null ? undefined : Number(row.direction_id);
        const k = directionKey(str(row.route_id), directionId);
        if (!routes.has(k)) {
          routes.set(k, {
            routeId: str(row.route_id),
            routeNo: str(row.route_short_name) || str(row.route_id),
            directionId,
            heading: str(row.trip_headsign),
            ...modeOf(row.route_type),
          });
        }
      }
      return remember(routesCache, key, [...routes.values()]);
    },

    async callsAt(stopIds, serviceIds, from, to) {
      if (stopIds.length === 0 || serviceIds.length === 0) return [];
      const where = `st.stop_id IN (${marks(stopIds.length)}) AND t.service_id IN (${marks(serviceIds.length)})
                     AND (st.pickup_type IS NULL OR st.pickup_type <> 1)`;
      const [timed, patterns = []] = await Promise.all([
        db.all(`SELECT ${CALL_COLUMNS} ${CALL_FROM} WHERE ${where} AND te.frequency_based = 0 AND st.departure_time BETWEEN ? AND ?`, [
          ...stopIds,
          ...serviceIds,
          from,
          to,
        ]),
        hasFrequencies
          ? db.all(
              `SELECT ${CALL_COLUMNS}, f.start_time AS window_start, f.end_time AS window_end, f.headway_secs, f.exact_times
           ${CALL_FROM} JOIN frequencies f ON f.trip_id = st.trip_id WHERE ${where}
             AND f.headway_secs > 0 AND f.start_time + st.departure_time - te.start_time <= ? AND f.end_time + st.departure_time - te.start_time > ?`,
              [...stopIds, ...serviceIds, to, from],
            )
          : undefined,
      ]);
      const calls = timed.map((row) => callOf(row, 0, undefined));
      for (const row of patterns) {
        const offset = Number(row.departure_time) - Number(row.start_time);
        for (const run of runsReaching(row, offset, from, to)) calls.push(callOf(row, run.start - Number(row.start_time), run));
      }
      return calls;
    },

    async lastDepartures(stopIds, serviceIds) {
      if (stopIds.length === 0 || serviceIds.length === 0) return new Map();
      const key = `${stopIds.join(',')}|${serviceIds.join(',')}`;
      const cached = lastCache.get(key);
      if (cached !== undefined) return cached;
      const where = `st.stop_id IN (${marks(stopIds.length)}) AND t.service_id IN (${marks(serviceIds.length)})
                     AND (st.pickup_type IS NULL OR st.pickup_type <> 1)`;
      const from = 'FROM stop_times st JOIN trips t ON t.trip_id = st.trip_id JOIN trip_ends te ON te.trip_id = st.trip_id';
      const timed = `SELECT t.route_id, t.direction_id, st.departure_time AS last ${from} WHERE ${where} AND te.frequency_based = 0`;
      const runs = `SELECT t.route_id, t.direction_id, ${LAST_RUN_DEPARTURE_SQL} AS last ${from} JOIN frequencies f ON f.trip_id = st.trip_id
           WHERE ${where} AND f.headway_secs > 0`;
      const params = [...stopIds, ...serviceIds];
      const rows = await db.all(
        `SELECT route_id, direction_id, MAX(last) AS last FROM (${hasFrequencies ? `${timed} UNION ALL ${runs}` : timed})
         GROUP BY route_id, direction_id`,
        hasFrequencies ? [...params, ...params] : params,
      );
      const last = new Map(
        rows.map((row) => [directionKey(str(row.route_id), row.direction_id === null ? undefined : Number(row.direction_id)), Number(row.last)]),
      );
      return remember(lastCache, key, last);
    },

    async tripStops(tripIds) {
      const stops = new Map<string, TripStop[]>();
      if (tripIds.length === 0) return stops;
      const rows = await db.all(
        `SELECT trip_id, stop_id, stop_sequence, arrival_time, departure_time FROM stop_times
         WHERE trip_id IN (${marks(tripIds.length)}) ORDER BY trip_id, stop_sequence`,
        tripIds,
      );
      for (const row of rows) {
        const list = stops.get(str(row.trip_id)) ?? [];
        list.push({
          stopId: str(row.stop_id),
          stopSequence: Number(row.stop_sequence),
          arrival: row.arrival_time === null ? null : Number(row.arrival_time),
          departure: row.departure_time === null ? null : Number(row.departure_time),
        });
        stops.set(str(row.trip_id), list);
      }
      return stops;
    },

    async stopNames(stopIds) {
      if (stopIds.length === 0) return new Map();
      const rows = await db.all(`SELECT stop_id, stop_name FROM stops WHERE stop_id IN (${marks(stopIds.length)})`, stopIds);
      return new Map(rows.map((row) => [str(row.stop_id), str(row.stop_name)]));
    },

    async routeById(routeId) {
      const [row] = await db.all('SELECT route_id, route_short_name FROM routes WHERE route_id = ?', [routeId]);
      return row === undefined ? undefined : { routeId: str(row.route_id), routeNo: str(row.route_short_name) || str(row.route_id) };
    },

    async stopNameTranslations(place) {
      const rows = await db.all(
        `SELECT language, translation FROM translations
         WHERE table_name = 'stops' AND field_name = 'stop_name' AND (field_value = ? OR record_id IN (${marks(place.stopIds.length)}))`,
        [place.name, ...place.stopIds],
      );
      const names: Record<string, string> = {};
      for (const row of rows) {
        const language = str(row.language).toLowerCase();
        if (language !== '' && str(row.translation) !== '' && names[language] === undefined) names[language] = str(row.translation);
      }
      return names;
    },

    async allStops() {
      const rows = await db.all(
        `SELECT COALESCE(NULLIF(stop_code, ''), stop_id) AS code, stop_id, stop_name, stop_lat, stop_lon FROM stops
         WHERE stop_lat IS NOT NULL AND stop_lon IS NOT NULL AND (location_type IS NULL OR location_type IN (0, 1))`,
      );
      return rows.map((row) => ({
        code: str(row.code),
        id: str(row.stop_id),
        name: str(row.stop_name),
        lat: Number(row.stop_lat),
        lon: Number(row.stop_lon),
      }));
    },

    query: (sql, params) => db.all(sql, params),
    close: () => db.close(),
  };
}
