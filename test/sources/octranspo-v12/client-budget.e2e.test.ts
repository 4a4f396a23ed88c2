import { afterEach, describe, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import type { SharedRate } from '../../../src/domain/shared-rate.js';
import { memorySharedRate } from '../../../src/pushes/memory-shared-rate.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { fixtureScript, startUpstream, type Upstream } from './fake-upstream.js';
import { busiestSecond, burst, countingUpstream, FIXTURES, openV12 } from './budget-fleet.js';
import { captureLogs, rejection } from './helpers.js';

// The agency's request budget, shared by the instances of a fleet: two sources of one feed on one
// shared rate (two instances on one store) send the upstream no more than the budget's requests
// in any second, whatever a burst of riders asks; cached and joined questions take no turn; a
// question that cannot have a turn soon is answered as the agency being busy (never as no buses);
// and a store that does not answer lets questions through. Counted by the second at the server;
// nothing here measures speed.

let upstream: Upstream;
afterEach(() => upstream.close());

const PER_SECOND = 4;

describe("the fleet's agency request budget (in memory)", () => {
  it('keeps two instances of one feed within the budget together, counted at the server by the second', async () => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const rate = memorySharedRate();
    const fleet = [
      await openV12(upstream, rate, { requestsPerSecond: PER_SECOND }),
      await openV12(upstream, rate, { requestsPerSecond: PER_SECOND }),
    ];
    const results = await burst(fleet, 16);
    // A bucket of one refilled at N a second grants at most N + 1 in any second (the one it held).
    expect(busiestSecond(counting.arrivals)).toBeLessThanOrEqual(PER_SECOND + 1);
    expect(counting.arrivals.length).toBeGreaterThanOrEqual(PER_SECOND);
    // Those not sent failed as the agency being busy: an upstream failure, never a wrong stop.
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as { kind: string; reason?: string });
    expect(refused.every((e) => e.kind === 'unavailable' && e.reason === 'busy')).toBe(true);
    expect(counting.arrivals.length + refused.length).toBe(16);
  });

  it('without a budget the same burst reaches the server at once (what the budget prevents)', async () => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const fleet = [await openV12(upstream, undefined), await openV12(upstream, undefined)];
    await burst(fleet, 16);
    expect(busiestSecond(counting.arrivals)).toBeGreaterThan(PER_SECOND + 1);
  });

  it('takes no turn for a cached answer or a question already asked: only requests that go out draw', async () => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const takes: string[] = [];
    const inner = memorySharedRate();
    const rate: SharedRate = { ...inner, take: (name, perSecond) => (takes.push(name), inner.take(name, perSecond)) };
    const source = await openV12(upstream, rate, { feed: 'ottawa' });
    await Promise.all([source.nextTripsAllRoutes('3017'), source.nextTripsAllRoutes('3017')]);
    await source.nextTripsAllRoutes('3017');
    expect(counting.arrivals).toHaveLength(1);
    // The bucket is the feed's (its id), and never names a secret.
    expect(takes).toEqual(['agency:ottawa']);
  });

  it('gives two feeds two budgets', async () => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const rate = memorySharedRate();
    await rate.hold('agency:oc', 60_000);
    const oc = await openV12(upstream, rate, { feed: 'oc' });
    const other = await openV12(upstream, rate, { feed: 'other' });
    expect((await rejection(oc.nextTripsAllRoutes('3017'))).reason).toBe('busy');
    await other.nextTripsAllRoutes('3017');
    expect(counting.arrivals).toHaveLength(1);
  });

  it.each([
    ['en', 'The transit service is busy'],
    ['fr', 'Le service de transport est occupé'],
  ] as const)('answers the rider (%s) that the agency is busy when no turn comes within the bound, and sends nothing', async (locale, busy) => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const rate = memorySharedRate();
    // Another instance met the budget's end: the next turn is a minute away, past any rider's wait.
    await rate.hold('agency:oc', 60_000);
    const transit = await openV12(upstream, rate);
    const core = createBotCore({ transit, ...memoryStores(), now: () => new Date() });
    for (const text of ['/next 3017 95', '/next 3017']) {
      const reply = (await core.handleText(text, privateChat({ languageCode: locale })))!;
      const words = reply.blocks.flatMap((block) => block.lines).join('\n');
      expect(reply.kind).toBe('failure');
      expect(words).toContain(busy);
      expect(words).not.toMatch(/no (more )?(bus|trip)|aucun|pas de bus|plus de (bus|passage)/i);
    }
    expect(counting.arrivals).toHaveLength(0);
  });

  it("an agency's 429 holds the whole fleet for its Retry-After: the next question, on another instance, is not sent", async () => {
    const answer = fixtureScript(FIXTURES);
    upstream = await startUpstream((request, index) =>
      index === 0 ? { status: 429, body: 'slow down', headers: { 'retry-after': '5' } } : answer(request, index),
    );
    const rate = memorySharedRate();
    const [first, second] = [await openV12(upstream, rate, { requestsPerSecond: 100 }), await openV12(upstream, rate, { requestsPerSecond: 100 })];
    const refused = await rejection(first.nextTripsAllRoutes('3017'));
    expect(refused).toMatchObject({ kind: 'unavailable', reason: 'busy', code: 429 });
    // Not retried at once, and the other instance leaves the agency alone too.
    expect(await rejection(second.nextTripsAllRoutes('3018'))).toMatchObject({ kind: 'unavailable', reason: 'busy' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('lets questions through when the store does not answer, warning once', async () => {
    const counting = await countingUpstream();
    upstream = counting.upstream;
    const silent: SharedRate = { take: () => new Promise(() => undefined), hold: () => Promise.resolve(), pace: () => Promise.resolve(0) };
    const { lines, logger } = captureLogs();
    const source = await openV12(upstream, silent, { logger });
    await Promise.all(['3017', '3018', '3019'].map((stop) => source.nextTripsAllRoutes(stop)));
    expect(counting.arrivals).toHaveLength(3);
    const warnings = lines
      .map((line) => JSON.parse(line) as { msg: string })
      .filter((line) => line.msg.includes('agency request budget is not reachable'));
    expect(warnings).toHaveLength(1);
  });
});
