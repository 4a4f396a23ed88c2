import { FetchFailure } from '../../capped-fetch.js';

// Why a feed could not be had, in a form that is safe to log and to test: a kind and a status,
// never the request (its headers carry the subscription key) nor a library's message about it.

export type FeedProblemKind = 'http' | 'timeout' | 'network' | 'too-large' | 'file' | 'decode' | 'import';

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
