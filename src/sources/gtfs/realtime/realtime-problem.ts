import type { FeedStatus } from '../../../domain/transit-source.js';
import { isRefusal } from '../net/problem.js';
import type { RealtimePoller } from './poller.js';

// Why a source's realtime feeds fail, as /readyz and /healthz tell the operator: the trip
// updates' problem first (what riders' times rest on), else the vehicle positions'; a refusal
// (a key, a signature) said as such, apart from a feed that is merely not answering.

export function realtimeProblem(...pollers: ReadonlyArray<RealtimePoller<unknown> | undefined>): FeedStatus['realtimeProblem'] {
  for (const poller of pollers) {
    const problem = poller?.problem;
    if (problem === undefined) continue;
    return {
      kind: isRefusal(problem) ? 'refused' : 'unavailable',
      message: problem.message,
      at: (poller?.problemSince ?? new Date(0)).toISOString(),
    };
  }
  return undefined;
}
