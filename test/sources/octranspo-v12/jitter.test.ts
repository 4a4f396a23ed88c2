import { describe, expect, it } from 'vitest';
import { jitteredDelay } from '../../../src/sources/octranspo-v12/jitter.js';

describe('jitteredDelay', () => {
  it('spreads the base delay over two thirds to four thirds of it', () => {
    expect(jitteredDelay(300, () => 0)).toBeCloseTo(200);
    expect(jitteredDelay(300, () => 0.5)).toBeCloseTo(300);
    expect(jitteredDelay(300, () => 0.999999)).toBeCloseTo(400);
  });

  it('gives different delays for different draws', () => {
    expect(jitteredDelay(300, () => 0.1)).not.toBe(jitteredDelay(300, () => 0.9));
  });
});
