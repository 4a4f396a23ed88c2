import { describe, expect, it } from 'vitest';
import { fleetBudget } from '../../src/pushes/fleet-budget.js';
import type { SharedRate } from '../../src/domain/shared-rate.js';
import { capturingLogger } from './fakes.js';

// The fleet's budget lives in the store; a store that does not answer (a Redis Cluster failing
// over, a command waiting for its slot's new primary) must not hold the instance's every send.

const never = <T>() => new Promise<T>(() => undefined);
const silentStore: SharedRate = { take: () => never(), hold: () => never(), pace: () => never() };

describe("the fleet's push budget, its store silent", () => {
  it('goes on without it after a bounded wait, saying so once', { timeout: 30_000 }, async () => {
    const { logger, messages } = capturingLogger();
    const budget = fleetBudget(silentStore, 'telegram', { perSecond: 29, chat: { gapMs: 1_000, groupPerMinute: 20 } }, logger);
    const started = Date.now();
    expect(await budget.take()).toBe(0);
    expect(await budget.chat('42', 'group')).toBe(0);
    expect(await budget.acquire((ms) => new Promise((resolve) => setTimeout(resolve, ms)))).toBe(true);
    // Three calls, each given up after the same bounded wait (seconds, not the failover's minute).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(messages().filter((message) => message.includes('not reachable'))).toHaveLength(1);
  });
});
