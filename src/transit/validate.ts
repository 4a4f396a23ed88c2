import { TransitError } from './errors.js';

// Checked before anything is sent: a request the upstream would refuse costs a round trip and a
// share of our quota, and the caller deserves a message that says what is wrong.

function invalid(message: string): TransitError {
  return new TransitError('invalid-request', message);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value) : typeof value;
}

/** Stop numbers are exactly 4 digits; leading zeros matter ("0867"). Returns the trimmed value. */
export function checkStopNo(stopNo: unknown): string {
  if (typeof stopNo !== 'string') throw invalid(`stop number must be a string of 4 digits, got ${describe(stopNo)}`);
  const value = stopNo.trim();
  if (!/^\d+$/.test(value)) throw invalid(`stop number must have 4 digits only, got ${describe(value)}`);
  if (value.length !== 4) throw invalid(`stop number must have 4 digits, got ${value.length}`);
  return value;
}

/**
 * Route numbers are 1-3 digits ("1", "95", "101") or a short code of letters and digits ("R2").
 * Returns the trimmed, upper-cased value, so "r2" and "R2" share a cache entry and one request.
 */
export function checkRouteNo(routeNo: unknown): string {
  if (typeof routeNo !== 'string') throw invalid(`route number must be a string, got ${describe(routeNo)}`);
  const value = routeNo.trim().toUpperCase();
  if (value === '') throw invalid('route number is empty');
  if (/^\d+$/.test(value)) {
    if (value.length > 3) throw invalid(`route number must have 1 to 3 digits, got ${value.length}`);
    return value;
  }
  if (!/^[A-Z0-9]{1,4}$/.test(value)) {
    throw invalid(`route number must be 1-3 digits or up to 4 letters and digits, got ${describe(value)}`);
  }
  return value;
}
