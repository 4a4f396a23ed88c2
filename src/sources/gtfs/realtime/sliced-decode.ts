import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { decodeSteps, nextStep } from './decode.js';
import type { RealtimeFeed } from './feed.js';
import { DEFAULT_FEED_LIMITS, type FeedLimits } from './limits.js';

// A refresh's decode, a few milliseconds at a time. In one piece, a 5 MB feed held the event loop
// for its whole decode (every chat waited; a 43 MB one, 7.3 s); between slices, riders' look-ups
// run against the snapshot still in use. Slicing on the main thread rather than decoding in a
// worker: a worker's snapshot would have to be copied back (structured clone), and that copy
// blocks the main thread about as long as the decode itself.

export interface SliceOptions {
  limits?: FeedLimits;
  /** How long one slice may run before the event loop gets a turn. */
  sliceMs?: number;
}

export const DEFAULT_SLICE_MS = 5;

export function decodeInSlices(bytes: Uint8Array, options: SliceOptions = {}): Promise<RealtimeFeed> {
  return runInSlices(decodeSteps(bytes, options.limits ?? DEFAULT_FEED_LIMITS), options.sliceMs);
}

/** Any decode written as a generator (TripUpdates, VehiclePositions), run a slice at a time. */
export async function runInSlices<T>(steps: Generator<void, T, void>, sliceMs: number = DEFAULT_SLICE_MS): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (;;) {
    const step = nextStep(steps);
    if (step.done === true) return step.value;
    if (performance.now() >= sliceEnd) {
      await nextTurn();
      sliceEnd = performance.now() + sliceMs;
    }
  }
}
