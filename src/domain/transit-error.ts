/** `loading`: the source has no data to answer from yet (a first schedule import under way). */
export type TransitErrorKind = 'api' | 'http' | 'timeout' | 'network' | 'parse' | 'invalid-request' | 'loading';

/**
 * The only error the transit client lets escape. Callers pick their user-facing message from
 * `kind` and `code`, never from `message`, which is for logs (and never holds the API key).
 */
export class TransitError extends Error {
  override readonly name = 'TransitError';

  constructor(
    readonly kind: TransitErrorKind,
    message: string,
    /** The API error code for kind 'api'; the HTTP status for kind 'http'. */
    readonly code?: number,
  ) {
    super(message);
  }
}

/** The API's documented error codes (spec section 7), plus 13 seen in the wild. */
export const API_ERROR_CODES = {
  INVALID_API_KEY: 1,
  DATA_SOURCE_UNAVAILABLE: 2,
  INVALID_STOP: 10,
  INVALID_ROUTE: 11,
  STOP_NOT_ON_ROUTE: 12,
  NO_ROUTES_AT_STOP: 13,
} as const;
