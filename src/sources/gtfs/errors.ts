import { isTransitError, TransitError } from '../../domain/transit-error.js';

/** No schedule yet (the first import is under way): riders read "schedule data is loading". */
export function scheduleLoading(): TransitError {
  return new TransitError('loading', 'schedule data is loading');
}

/** No schedule, and none coming by waiting (a refused file, a failed download): riders read that, not "loading". */
export function scheduleMissing(problem: { kind: 'refused' | 'unavailable'; message: string }): TransitError {
  return new TransitError(
    'no-schedule',
    `no schedule: ${problem.kind === 'refused' ? 'the file was refused' : 'it could not be had'} (${problem.message})`,
  );
}

/** Whatever a look-up threw, a TransitError (the port's promise), with no request detail. */
export function asTransitError(err: unknown): TransitError {
  if (isTransitError(err)) return err;
  const name = err instanceof Error ? err.name : typeof err;
  return new TransitError('unavailable', `schedule look-up failed (${name})`, { reason: 'upstream' });
}
