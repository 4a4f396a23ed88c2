import { readFile } from 'node:fs/promises';
import { parseStopsTxt } from './parse.js';
import { createStopIndex } from './stop-index.js';
import type { StopIndex } from '../domain/stop-index.js';

export type { NearbyStop, StopIndex, StopInfo } from '../domain/stop-index.js';
export { parseStopsTxt, StopsFileError } from './parse.js';
export { createStopIndex } from './stop-index.js';
export { haversineMeters } from '../domain/geo.js';

/** Reads a GTFS stops.txt (the demo network's, or GTFS_STOPS_FILE) into a StopIndex. */
export async function loadStopIndex(path: string): Promise<StopIndex> {
  return createStopIndex(parseStopsTxt(await readFile(path, 'utf8')));
}
