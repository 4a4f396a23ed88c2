// Three instances on one Redis editing 80 live pins in the same round: the Bot API never sees more
// edits in a second than Telegram takes (about 30; the budget aims at 90% of 25), because their
// edits are drawn from one bucket in Redis. The same round without it, each instance's own budget
// alone, goes well over: the count this test guards. Counted at the fake Bot API, on its clock,
// in its busiest second: no timing asserted, only how many arrived together.
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedRate } from '../../../src/domain/shared-rate.js';
import { fleetBudget } from '../../../src/pushes/fleet-budget.js';
import { capturingLogger } from '../fakes.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { describeCluster, useLocalCluster } from '../../support/redis-cluster.js';
import { busiestSecond, fleetRound } from './fleet-run.js';

const PINS = 80;
const INSTANCES = 3;
/** Live /line pictures: each redraw a PNG rasterised, so fewer than the pins. */
const PICTURES = 40;
/** Telegram's own figure for a bot's messages a second. */
const TELEGRAM_PER_SECOND = 30;

const namespaces: string[] = [];
afterEach(async () => {
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace);
});

describeRedis("live edits of three instances on one Redis, through the fleet's bucket", () => {
  it('stay within Telegram’s limit in every second; each instance’s budget alone does not', async () => {
    const fresh = () => {
      const namespace = freshNamespace('fleet-edits');
      namespaces.push(namespace);
      return namespace;
    };
    const shared = await fleetRound({ redisUrl: REDIS_URL, namespace: fresh(), instances: INSTANCES, pins: PINS, shared: true });
    expect(shared.moved).toBe(PINS);
    expect(shared.edits).toHaveLength(PINS);
    expect(busiestSecond(shared.edits)).toBeLessThanOrEqual(TELEGRAM_EDIT_LIMITS.perSecond);

    const alone = await fleetRound({ redisUrl: REDIS_URL, namespace: fresh(), instances: INSTANCES, pins: PINS, shared: false });
    expect(alone.moved).toBe(PINS);
    expect(busiestSecond(alone.edits)).toBeGreaterThan(TELEGRAM_PER_SECOND);
  }, 20_000);
});

describeRedis("🔴 /line pictures of three instances on one Redis, through the fleet's bucket", () => {
  it('are each redrawn once, and the Bot API sees no second over the budget', async () => {
    const namespace = freshNamespace('fleet-pictures');
    namespaces.push(namespace);
    const run = await fleetRound({ redisUrl: REDIS_URL, namespace, instances: INSTANCES, pins: PICTURES, shared: true, pictures: true });
    expect(run.moved).toBe(PICTURES);
    expect(run.edits).toHaveLength(PICTURES);
    expect(busiestSecond(run.edits)).toBeLessThanOrEqual(TELEGRAM_EDIT_LIMITS.perSecond);
  }, 30_000);
});

describeCluster("live edits of three instances on a Redis Cluster, through the fleet's bucket", () => {
  const cluster = useLocalCluster();
  it('each pin moved once, and no second over the budget', async () => {
    const run = await fleetRound({
      redisUrl: cluster.get().url,
      namespace: freshNamespace('fleet-edits'),
      instances: INSTANCES,
      pins: PINS,
      shared: true,
    });
    expect(run.moved).toBe(PINS);
    expect(run.edits).toHaveLength(PINS);
    expect(busiestSecond(run.edits)).toBeLessThanOrEqual(TELEGRAM_EDIT_LIMITS.perSecond);
  }, 20_000);
});

describe("the fleet's bucket, Redis away", () => {
  it('lets the instance go on without it, and says so once until Redis answers again', async () => {
    let up = false;
    const held: number[] = [];
    const shared: SharedRate = {
      take: () => (up ? Promise.resolve(0) : Promise.reject(new Error('The client is closed'))),
      hold: (_name, ms) => (held.push(ms), up ? Promise.resolve() : Promise.reject(new Error('The client is closed'))),
      pace: () => (up ? Promise.resolve(0) : Promise.reject(new Error('The client is closed'))),
    };
    const { logger, messages } = capturingLogger();
    const fleet = fleetBudget(shared, 'telegram', { perSecond: TELEGRAM_EDIT_LIMITS.perSecond, chat: { gapMs: 1000, groupPerMinute: 20 } }, logger);
    expect(await fleet.take()).toBe(0);
    expect(await fleet.take()).toBe(0);
    expect(await fleet.chat('-100', 'group')).toBe(0);
    fleet.hold(Number.NaN);
    await new Promise((resolve) => setImmediate(resolve));
    expect(held).toEqual([1000]);
    expect(messages().filter((m) => m.includes("fleet's push budget"))).toHaveLength(1);
    up = true;
    expect(await fleet.take()).toBe(0);
    up = false;
    expect(await fleet.take()).toBe(0);
    expect(messages().filter((m) => m.includes("fleet's push budget"))).toHaveLength(2);
  });
});
