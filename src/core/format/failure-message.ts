import type { RouteProblem } from '../../domain/arrivals.js';
import { isTransitError, type TransitError } from '../../domain/transit-error.js';
import type { MessageArgs } from '../i18n.js';

/** The one place a failure becomes words: by kind (and why a source was unavailable), never from err.message. */
export function failureMessage(err: unknown, subject: { stopNo?: string; routeNo?: string }): { id: string; args: MessageArgs } {
  const args: MessageArgs = { stopNo: subject.stopNo ?? '', routeNo: subject.routeNo ?? '' };
  if (!isTransitError(err)) return { id: 'error-internal', args };
  return err.kind === 'unavailable' ? unavailableMessage(err, args) : { id: `error-${err.kind}`, args };
}

function unavailableMessage(err: TransitError, args: MessageArgs): { id: string; args: MessageArgs } {
  switch (err.reason) {
    case 'timeout':
      return { id: 'error-timeout', args };
    case 'network':
      return { id: 'error-network', args };
    case 'http':
      return { id: 'error-http', args: { ...args, status: err.code ?? '?' } };
    case 'malformed':
      return { id: 'error-parse', args };
    case 'unrecognised':
      return { id: 'error-unrecognised', args: { ...args, code: err.code ?? '?' } };
    case 'busy':
      return { id: 'error-busy', args };
    case 'upstream':
    case undefined:
      return { id: 'error-unavailable', args };
  }
}

/**
 * The text under one route of an arrivals reply when the source refused that route: a route that
 * does not exist or does not stop here in words that fit under the route's heading, any other
 * problem named with the route (and the source's own code, when it gave one).
 */
export function routeProblemMessage(problem: RouteProblem, args: MessageArgs): { id: string; args: MessageArgs } {
  if (problem.kind === 'unknown-route' || problem.kind === 'route-not-at-stop') return { id: `arrivals-route-${problem.kind}`, args };
  return { id: 'arrivals-route-other', args: { ...args, code: problem.code ?? 'none' } };
}
