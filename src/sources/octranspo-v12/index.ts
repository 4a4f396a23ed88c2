// The transit client's public surface; the rest of the bot imports from here only.
export type { BusType, ResponseFormat, RouteArrivals, StopArrivals, Trip } from '../../domain/arrivals.js';
export { API_ERROR_CODES, TransitError, type TransitErrorKind } from '../../domain/transit-error.js';
export type { TransitClient } from '../../domain/transit-source.js';
export { V12_IDENTIFIERS, type IdentifierGrammar, type IdentifierProblem, type IdentifierReading } from '../../domain/identifiers.js';
export { GTFS_COLUMNS, GTFS_REQUIRED_FILTERS, GTFS_TABLES, type GtfsQuery, type GtfsRecord, type GtfsTable } from './gtfs-tables.js';
export { createTransitClient, type TransitClientOptions } from './client.js';
export { parseNextTrips, parseNextTripsAllRoutes, parseRouteSummary } from './parse.js';
export { parseGtfs, gtfsFields } from './gtfs.js';
export { decodeBusType } from './bus-type.js';
export { parseOttawaTimestamp } from './ottawa-time.js';
export { MAX_BODY_BYTES } from './http.js';
