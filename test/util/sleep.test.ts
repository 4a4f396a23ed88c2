import { describe, expect, it } from 'vitest';
import { sleep } from '../../src/util/sleep.js';

describe('sleep', () => {
  it('a wait beyond the timer range stays a long wait, not 1 ms', async () => {
    const stop = new AbortController();
    const long = sleep(1e15, stop.signal).then(
      () => 'woke',
      () => 'aborted',
    );
    const first = await Promise.race([long, new Promise((resolve) => setTimeout(() => resolve('still asleep'), 50))]);
    stop.abort();
    expect(first).toBe('still asleep');
    expect(await long).toBe('aborted');
  });

  it('NaN and negative waits end at once', async () => {
    await expect(sleep(Number.NaN)).resolves.toBeUndefined();
    await expect(sleep(-5)).resolves.toBeUndefined();
  });
});
