import { FetchFailure } from '../../capped-fetch.js';
import type { Location } from './location.js';

// Why a feed could not be had, in a form that is safe to log and to test: a kind and a status,
// never the request (its headers carry the subscription key) nor a library's message about it.

export type FeedProblemKind = 'http' | 'timeout' | 'network' | 'too-large' | 'file' | 'decode' | 'import' | 'refused';

export class FeedProblem extends Error {
  override readonly name = 'FeedProblem';
  constructor(
    readonly kind: FeedProblemKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Whatever was thrown, a FeedProblem of `kind` (a capped fetch's own kind if it failed) whose message holds no request detail. */
export function asFeedProblem(err: unknown, kind: FeedProblemKind): FeedProblem {
  if (err instanceof FeedProblem) return err;
  if (err instanceof FetchFailure) return new FeedProblem(err.kind, err.message, err.status);
  const code = (err as { code?: unknown } | null)?.code;
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  const label = typeof cause === 'string' ? cause : typeof code === 'string' ? code : err instanceof Error ? err.name : 'unknown';
  return new FeedProblem(kind, `${kind} (${label})`);
}

/** A feed's credentials refused (HTTP 401 or 403): the operator's to mend, not the network's. */
export const isRefusal = (problem: FeedProblem): boolean =>
  problem.kind === 'refused' || (problem.kind === 'http' && (problem.status === 401 || problem.status === 403));

/**
 * The problem as the operator of a signed location must hear it: its publisher's refusal (401,
 * 403, or an answer that is no feed at all: a portal's error page, whatever its status) in the
 * location's own words. Nothing of the answer is kept: a portal may echo the request (its key, its
 * signature) in its error.
 */
export function asRefusalAt(problem: FeedProblem, location: Location): FeedProblem {
  if (location.kind !== 'signed') return problem;
  if (isRefusal(problem)) return new FeedProblem('refused', `HTTP ${problem.status ?? '?'}: ${location.refusal}`, problem.status);
  if (problem.kind === 'decode') return new FeedProblem('refused', `an answer that is no feed: ${location.refusal}`);
  return problem;
}
