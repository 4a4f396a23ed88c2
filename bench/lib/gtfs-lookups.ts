// The GTFS source's arrivals look-up on a demo feed of a chosen size, for the gtfs-rt and growth
// benches: the demo network repeated `copies` times into one zip, and every one of its first
// copy's stops looked up (all routes, with a live feed) again and again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RealtimeFeed } from '../../src/sources/gtfs/realtime/feed.js';
import { stopArrivals } from '../../src/sources/gtfs/arrivals/stop-arrivals.js';
import type { StopPlace, Timetable } from '../../src/sources/gtfs/static/timetable.js';
import { loadDemoNetwork } from '../../src/sim/demo-network.js';
import { demoGtfsFiles, zipGtfs } from '../../src/sim/gtfs-zip.js';

/** A Tuesday morning peak in Ottawa. */
export const PEAK_MS = Date.parse('2026-03-10T08:00:00-04:00');

/** Writes the demo network repeated `copies` times as `dir`/feed-<copies>.zip; returns its path. */
export async function writeDemoZip(dir: string, copies: number): Promise<string> {
  const zip = join(dir, `feed-${copies}.zip`);
  writeFileSync(zip, await zipGtfs(demoGtfsFiles(loadDemoNetwork(), copies)));
  return zip;
}

/**
 * Each stop of the demo network's first copy looked up `rounds` times, after one warm-up pass
 * (unless `warmUp` is false): the times of each look-up, in ms, sorted.
 */
export async function timeLookups(timetable: Timetable, feed: RealtimeFeed, rounds = 5, warmUp = true): Promise<number[]> {
  const codes = [...loadDemoNetwork().stopCodes.keys()];
  const places = (await Promise.all(codes.map((c) => timetable.findStop(c)))).filter((p): p is StopPlace => p !== undefined);
  const lookUp = (place: StopPlace) => stopArrivals({ timetable, place, nowMs: PEAK_MS, realtime: { status: 'live', feed } });
  if (warmUp) for (const place of places) await lookUp(place);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const place of places) {
      const started = performance.now();
      await lookUp(place);
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}
