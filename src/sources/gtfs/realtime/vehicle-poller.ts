import { decodeVehicleSteps } from './decode-vehicles.js';
import { DEFAULT_FEED_LIMITS } from './limits.js';
import { createRealtimePoller, type RealtimePoller, type RealtimePollerOptions } from './poller.js';
import { runInSlices } from './sliced-decode.js';
import type { VehicleFeed } from './vehicles.js';

// The VehiclePositions feed, polled as the TripUpdates one is (poller.ts): at most once per
// interval however many riders ask, riders during a request waiting for that one, the decode in
// slices and within the limits, a failure keeping the last snapshot while it is fresh.

export function createVehiclePoller(options: Omit<RealtimePollerOptions<VehicleFeed>, 'decode' | 'what'>): RealtimePoller<VehicleFeed> {
  return createRealtimePoller<VehicleFeed>({
    ...options,
    what: 'vehicle positions',
    decode: (bytes, slicing) => runInSlices(decodeVehicleSteps(bytes, slicing.limits ?? DEFAULT_FEED_LIMITS), slicing.sliceMs),
  });
}
