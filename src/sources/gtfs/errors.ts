import { TransitError } from '../../domain/transit-error.js';

/** No schedule yet (the first import is under way): riders read "schedule data is loading". */
export class ScheduleLoadingError extends TransitError {
  readonly scheduleLoading = true;
  constructor() {
    super('loading', 'schedule data is loading');
  }
}

export function isScheduleLoading(err: unknown): err is ScheduleLoadingError {
  return err instanceof TransitError && (err as Partial<ScheduleLoadingError>).scheduleLoading === true;
}

/** Whatever a look-up threw, a TransitError (the interface's promise), with no request detail. */
export function asTransitError(err: unknown): TransitError {
  if (err instanceof TransitError) return err;
  const name = err instanceof Error ? err.name : typeof err;
  return new TransitError('parse', `schedule look-up failed (${name})`);
}
