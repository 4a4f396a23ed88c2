// The store: what the rest of the bot imports.
export { openStore, type OpenStoreOptions, type Store } from './open.js';
export { SQLITE_FILE } from './keyv.js';
export { STOP_SLOTS } from './slots.js';
export * from '../domain/store-ports.js';
