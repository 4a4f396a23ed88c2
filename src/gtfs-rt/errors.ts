import { API_ERROR_CODES, TransitError } from '../transit/errors.js';

/**
 * No schedule yet (the first import is under way). A TransitError of kind 'api' with the v1.2
 * "data source unavailable" code, so that today's failure words fit ("can't reach its own data
 * right now, try again in a minute"); `scheduleLoading` lets the core say it in its own words.
 */
export class ScheduleLoadingError extends TransitError {
  readonly scheduleLoading = true;
  constructor() {
    super('api', 'schedule data is loading', API_ERROR_CODES.DATA_SOURCE_UNAVAILABLE);
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
