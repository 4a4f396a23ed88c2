import { describe, expect, it } from 'vitest';
import { drainWithin } from '../../src/util/drain-within.js';

describe('drainWithin', () => {
  it('says the work drained once it has finished, or failed, within the grace', async () => {
    await expect(drainWithin(Promise.resolve(), 60_000)).resolves.toBe(true);
    await expect(drainWithin(Promise.reject(new Error('the answer failed')), 60_000)).resolves.toBe(true);
  });

  it('gives up on work that never ends once the grace has passed', async () => {
    await expect(drainWithin(new Promise(() => {}), 1)).resolves.toBe(false);
  });
});
