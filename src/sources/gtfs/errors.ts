import { isTransitError, TransitError } from '../../domain/transit-error.js';

/** No schedule yet (the first import is under way): riders read "schedule data is loading". */
export function scheduleLoading(): TransitError {
  return new TransitError('loading', 'schedule data is loading');
}

/** Whatever a look-up threw, a TransitError (the port's promise), with no request detail. */
export function asTransitError(err: unknown): TransitError {
  if (isTransitError(err)) return err;
  const name = err instanceof Error ? err.name : typeof err;
  return new TransitError('unavailable', `schedule look-up failed (${name})`, { reason: 'upstream' });
}
