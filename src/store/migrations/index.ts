// Every migration of stored data is here: the SQLite file's layout, and the records' shapes on both
// backends. What stays at read time, and why, is in ARCHITECTURE.md.
export { LATEST_LAYOUT, migrateLayout } from './layout.js';
export { LATEST_RECORDS, RECORDS_VERSION_KEY, migrateRecords } from './records.js';
export { NewerStoreError } from './newer-store.js';
