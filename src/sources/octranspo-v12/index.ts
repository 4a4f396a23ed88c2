// The v1.2 client's public surface: main, the simulator (which imitates this API) and tests
// import from here.
export { API_ERROR_CODES } from './api-codes.js';
export { V12_IDENTIFIERS } from './identifiers.js';
export { GTFS_COLUMNS, GTFS_REQUIRED_FILTERS, GTFS_TABLES, type GtfsQuery, type GtfsRecord, type GtfsTable } from './gtfs-tables.js';
export { createTransitClient, V12_PROFILE, type TransitClientOptions, type V12Client } from './client.js';
export type { ResponseFormat } from './options.js';
export { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from './parse.js';
export { parseGtfs, gtfsFields } from './gtfs.js';
export { decodeBusType } from './bus-type.js';
export { OTTAWA_TIME_ZONE, parseOttawaTimestamp } from './ottawa-time.js';
export { MAX_BODY_BYTES } from './http.js';
