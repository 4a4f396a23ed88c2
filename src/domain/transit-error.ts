// Why a transit source could not answer, in the words a rider needs to hear. Each source maps its
// own codes and failures onto these kinds (the v1.2 API's numbers, a GTFS look-up, an HTTP status);
// the core picks a message from the kind alone, never from the text, which is for logs.

export const TRANSIT_ERROR_KINDS = [
  /** No stop has that identifier. */
  'unknown-stop',
  /** No route has that identifier. */
  'unknown-route',
  /** The route exists but does not stop there. */
  'route-not-at-stop',
  /** The stop exists but no route serves it (at the moment). */
  'no-routes',
  /** Several feeds have a stop with that code: the rider chooses (`choices`). */
  'ambiguous-stop',
  /** The source refused the bot's credentials: the operator's to fix. */
  'refused-credentials',
  /** The source could not be had: down, slow, unreachable, or answering nonsense. */
  'unavailable',
  /** The source has nothing to answer from yet (a first schedule import under way). */
  'loading',
  /**
   * The source has no schedule and will not have one by waiting: its file was refused, or could
   * not be had, with no earlier import to answer from. The operator's to fix (log, /healthz).
   */
  'no-schedule',
  /** The question cannot be asked of this source (checked before anything is sent). */
  'bad-request',
] as const;

export type TransitErrorKind = (typeof TRANSIT_ERROR_KINDS)[number];

/**
 * What made a source unavailable, the nuance a rider reads: no answer in time, no connection, an
 * HTTP failure, an answer that made no sense, the service saying it cannot reach its own data,
 * an error answer of a kind the source does not know, or the agency's request budget spent
 * (every instance together asked it as often as it allows: the question was not sent).
 */
export const UNAVAILABLE_REASONS = ['timeout', 'network', 'http', 'malformed', 'upstream', 'unrecognised', 'busy'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** One of the stops an ambiguous code may mean. */
export interface StopChoice {
  /** The stop's identifier, naming its feed ("sto:3000"). */
  stop: string;
  agency: string;
  name: string;
  /** Where the stop is, when its feed says: the rider's nearest comes first. */
  position?: { lat: number; lon: number };
}

export interface TransitErrorDetails {
  /** Only for `unavailable`. */
  reason?: UnavailableReason;
  /** Only for `ambiguous-stop`. */
  choices?: readonly StopChoice[];
  /** The upstream's own number: an HTTP status, an API error code. For logs and "(HTTP 503)". */
  code?: number;
  /** Only for `unavailable` (`busy`): how long the upstream asked not to be asked (its Retry-After). */
  retryAfterMs?: number;
}

/** The only error a transit source lets escape. */
export class TransitError extends Error {
  override readonly name = 'TransitError';
  readonly reason?: UnavailableReason;
  readonly code?: number;
  readonly choices?: readonly StopChoice[];
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: TransitErrorKind,
    message: string,
    details: TransitErrorDetails = {},
  ) {
    super(message);
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.code !== undefined) this.code = details.code;
    if (details.choices !== undefined) this.choices = details.choices;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

/** instanceof, except that a proxy's getPrototypeOf trap cannot make it throw. */
export function isTransitError(err: unknown): err is TransitError {
  try {
    return err instanceof TransitError;
  } catch {
    return false;
  }
}

/** The rider asked about something that is not there (a typo), as opposed to trouble with the source. */
export function isAboutTheQuestion(err: unknown): boolean {
  if (!isTransitError(err)) return false;
  return (
    err.kind === 'unknown-stop' ||
    err.kind === 'unknown-route' ||
    err.kind === 'route-not-at-stop' ||
    err.kind === 'no-routes' ||
    err.kind === 'bad-request'
  );
}
