import { describe, expect, it } from 'vitest';
import type { SharedRate } from '../../../src/domain/shared-rate.js';
import { silentLogger } from '../../../src/log.js';
import { requestBudget } from '../../../src/sources/octranspo-v12/request-budget.js';

// The turn a request waits for: a short wait is waited (on a stepped clock, no real time), a
// wait past the bound refuses at once, and the waits already waited count against the bound.

function scripted(waits: number[]): SharedRate & { asked: number } {
  const rate = {
    asked: 0,
    take: () => Promise.resolve(waits[rate.asked++] ?? 0),
    hold: () => Promise.resolve(),
    pace: () => Promise.resolve(0),
  };
  return rate;
}

function budgetOn(rate: SharedRate) {
  let t = 0;
  const slept: number[] = [];
  const budget = requestBudget({
    rate,
    name: 'agency:oc',
    perSecond: 10,
    logger: silentLogger(),
    clock: () => t,
    sleep: (ms) => (slept.push(ms), (t += ms), Promise.resolve()),
  });
  return { budget, slept };
}

describe('a turn from the agency budget', () => {
  it('waits a wait within the bound, then asks again', async () => {
    const rate = scripted([1_500, 0]);
    const { budget, slept } = budgetOn(rate);
    expect(await budget.acquire(2_000)).toBe(true);
    expect(slept).toEqual([1_500]);
    expect(rate.asked).toBe(2);
  });

  it('refuses at once when the turn would come past the bound, without waiting', async () => {
    const rate = scripted([2_500]);
    const { budget, slept } = budgetOn(rate);
    expect(await budget.acquire(2_000)).toBe(false);
    expect(slept).toEqual([]);
  });

  it('counts the waits already waited against the bound', async () => {
    const rate = scripted([1_200, 1_200]);
    const { budget, slept } = budgetOn(rate);
    expect(await budget.acquire(2_000)).toBe(false);
    expect(slept).toEqual([1_200]);
  });
});
