import type { RouteProblem } from '../../domain/arrivals.js';
import { TransitError, type TransitErrorKind } from '../../domain/transit-error.js';

/** The API's documented error codes (spec section 7). */
export const API_ERROR_CODES = {
  INVALID_API_KEY: 1,
  DATA_SOURCE_UNAVAILABLE: 2,
  INVALID_STOP: 10,
  INVALID_ROUTE: 11,
  STOP_NOT_ON_ROUTE: 12,
  NO_ROUTES_AT_STOP: 13,
} as const;

/** What each code means to a rider; any other code is the service's own trouble. */
const KIND_OF_CODE: Readonly<Record<number, TransitErrorKind>> = {
  [API_ERROR_CODES.INVALID_API_KEY]: 'refused-credentials',
  [API_ERROR_CODES.DATA_SOURCE_UNAVAILABLE]: 'unavailable',
  [API_ERROR_CODES.INVALID_STOP]: 'unknown-stop',
  [API_ERROR_CODES.INVALID_ROUTE]: 'unknown-route',
  [API_ERROR_CODES.STOP_NOT_ON_ROUTE]: 'route-not-at-stop',
  [API_ERROR_CODES.NO_ROUTES_AT_STOP]: 'no-routes',
};

function kindOf(code: number | undefined): TransitErrorKind {
  return (code !== undefined ? KIND_OF_CODE[code] : undefined) ?? 'unavailable';
}

/** A whole answer's Error field (a code, or text we cannot classify) as the port's error. */
export function apiError(code: number | undefined, message: string): TransitError {
  const kind = kindOf(code);
  const reason = code === API_ERROR_CODES.DATA_SOURCE_UNAVAILABLE ? 'upstream' : 'unrecognised';
  return new TransitError(kind, message, { ...(kind === 'unavailable' ? { reason } : {}), ...(code !== undefined ? { code } : {}) });
}

/** A route's own Error field (11: no such route, 12: not at this stop, ...). */
export function routeProblem(code: number): RouteProblem {
  return { kind: kindOf(code), code };
}
