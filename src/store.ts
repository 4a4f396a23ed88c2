// Temporary: the store lives in src/store/ now. This keeps `./store.js` importers (main.ts) building
// until they move to openStore from './store/index.js'; delete it then.
export { SQLITE_FILE, createStore, type StoreOptions } from './store/create-store.js';
