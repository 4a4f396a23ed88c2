import type { SharedRate } from '../../../src/domain/shared-rate.js';
import type { TransitSource } from '../../../src/domain/transit-source.js';
import { silentLogger, type Logger } from '../../../src/log.js';
import { octranspoV12Kind } from '../../../src/sources/octranspo-v12/kind.js';
import { API_KEY, APP_ID, fixtureScript, startUpstream, type Upstream } from './fake-upstream.js';

// A fleet of v1.2 sources on one shared rate, as main opens them on every instance (the feed's
// id, the store's rates), against one local upstream that notes when each request arrives.

export const FIXTURES = {
  GetRouteSummaryForStop: 'route-summary',
  GetNextTripsForStop: 'next-trips',
  GetNextTripsForStopAllRoutes: 'next-trips-all-routes',
  Gtfs: 'gtfs-stops',
};

/** The upstream, and the instant (ms) each request arrived. */
export async function countingUpstream(): Promise<{ upstream: Upstream; arrivals: number[] }> {
  const arrivals: number[] = [];
  const answer = fixtureScript(FIXTURES);
  const upstream = await startUpstream((request, index) => {
    arrivals.push(Date.now());
    return answer(request, index);
  });
  return { upstream, arrivals };
}

/** One instance's v1.2 source for feed `feed`, drawing from `rate` (undefined: no budget given). */
export async function openV12(
  upstream: Upstream,
  rate: SharedRate | undefined,
  options: { feed?: string; requestsPerSecond?: number; logger?: Logger; timeoutMs?: number } = {},
): Promise<TransitSource> {
  const opened = await octranspoV12Kind.open(
    {
      kind: 'octranspo-v12',
      v12: {
        baseUrl: upstream.baseUrl,
        appId: APP_ID,
        apiKey: API_KEY,
        format: 'xml',
        timeoutMs: options.timeoutMs ?? 5000,
        cacheSeconds: { nextTrips: 30, routeSummary: 86_400 },
        ...(options.requestsPerSecond !== undefined ? { requestsPerSecond: options.requestsPerSecond } : {}),
      },
    },
    {
      dataDir: '',
      now: () => new Date(),
      logger: options.logger ?? silentLogger(),
      quietRequests: false,
      ...(rate !== undefined ? { sharedRate: { rate, feed: options.feed ?? 'oc' } } : {}),
    },
  );
  return opened.source;
}

/** Requests counted by the wall clock's second they arrived in: the busiest second's count. */
export function busiestSecond(arrivals: readonly number[]): number {
  const perSecond = new Map<number, number>();
  for (const at of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(0, ...perSecond.values());
}

/**
 * A burst of distinct questions (each a stop of its own, so no cache or shared request joins
 * them) spread over the sources in turn; each settles, answered or refused.
 */
export function burst(sources: readonly TransitSource[], questions: number): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(Array.from({ length: questions }, (_, i) => sources[i % sources.length]!.nextTripsAllRoutes(String(3000 + i))));
}
