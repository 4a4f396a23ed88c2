// The local v1.2 server (the simulator) and its demo network: the default feed without
// credentials, and the upstream of end-to-end tests and benchmarks.
export { startSimServer, type SimServer, type SimServerOptions } from './server.js';
export { DEMO_API_KEY, DEMO_APP_ID } from './credentials.js';
export { DEMO_STOPS_FILE, loadDemoNetwork } from './demo-network.js';
export { FAULT_FAILURES, type FaultFailure, type Faults } from './faults.js';
export type { SimNetwork, StopCode, SimStop, RouteDirection } from './network.js';
export {
  ALERTS_PATH as DEMO_ALERTS_PATH,
  SUBSCRIPTION_HEADER as DEMO_ALERTS_HEADER,
  GTFS_ZIP_PATH as DEMO_GTFS_PATH,
  VEHICLE_POSITIONS_PATH as DEMO_VEHICLES_PATH,
} from './gtfs-rt.js';
export { DEMO_DISRUPTIONS } from './disruptions.js';
export type { TripChanges } from './trip-updates.js';
