import { API_ERROR_CODES, TransitError } from '../../sources/octranspo-v12/index.js';
import type { MessageArgs } from '../i18n.js';

/** The one place a failure becomes words: by kind and code, never from err.message. */
export function failureMessage(err: unknown, subject: { stopNo?: string; routeNo?: string }): { id: string; args: MessageArgs } {
  const args: MessageArgs = { stopNo: subject.stopNo ?? '', routeNo: subject.routeNo ?? '' };
  if (!(err instanceof TransitError)) return { id: 'error-internal', args };
  switch (err.kind) {
    case 'api':
      return apiErrorMessage(err.code, args);
    case 'http':
      return { id: 'error-http', args: { ...args, status: err.code ?? '?' } };
    case 'timeout':
      return { id: 'error-timeout', args };
    case 'network':
      return { id: 'error-network', args };
    case 'parse':
      return { id: 'error-parse', args };
    case 'invalid-request':
      return { id: 'error-invalid-request', args };
    case 'loading':
      return { id: 'error-schedule-loading', args };
  }
}

const KNOWN_API_CODES: ReadonlySet<number> = new Set(Object.values(API_ERROR_CODES));

function apiErrorMessage(code: number | undefined, args: MessageArgs): { id: string; args: MessageArgs } {
  return code !== undefined && KNOWN_API_CODES.has(code)
    ? { id: `error-api-${code}`, args }
    : { id: 'error-api-unknown', args: { ...args, code: code ?? '?' } };
}

/**
 * The text under one route of an arrivals reply when the API put an error on that route: 11 and
 * 12 in words that fit under the route's heading, any other known code as the same message a
 * whole request would get, an unknown code named with the route.
 */
export function routeErrorMessage(code: number, args: MessageArgs): { id: string; args: MessageArgs } {
  if (code === API_ERROR_CODES.INVALID_ROUTE || code === API_ERROR_CODES.STOP_NOT_ON_ROUTE) return { id: `arrivals-route-error-${code}`, args };
  return KNOWN_API_CODES.has(code) ? apiErrorMessage(code, args) : { id: 'arrivals-route-error-other', args: { ...args, code } };
}
