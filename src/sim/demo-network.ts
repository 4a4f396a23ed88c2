import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFeed } from './gtfs/feed.js';
import { buildNetwork, type SimNetwork } from './network.js';

// The embedded demo network (src/sim/network/, see its README). Loaded once per process: every
// server in a test run shares the same read-only timetable.

const DEMO_NETWORK_DIR = join(dirname(fileURLToPath(import.meta.url)), 'network');

/** Standard GTFS stops.txt of the demo network (the offline stop index reads it). */
export const DEMO_STOPS_FILE = join(DEMO_NETWORK_DIR, 'stops.txt');

let demo: SimNetwork | undefined;

export function loadDemoNetwork(): SimNetwork {
  demo ??= buildNetwork(readFeed(DEMO_NETWORK_DIR));
  return demo;
}
