import { sleep } from './sleep.js';

/**
 * Waits for the work under way (`drained`: the answers an adapter is still giving) for at most
 * `graceMs`, and says whether it finished in time. A shutdown must not hang on a call that never
 * returns, nor cut short the answer a rider is about to get; work that failed has finished too.
 */
export async function drainWithin(drained: Promise<unknown>, graceMs: number): Promise<boolean> {
  const grace = new AbortController();
  try {
    return await Promise.race([
      drained.then(
        () => true,
        () => true,
      ),
      sleep(graceMs, grace.signal).then(
        () => false,
        () => false,
      ),
    ]);
  } finally {
    grace.abort();
  }
}
