import { TransitError } from '../../domain/transit-error.js';
import type { IdentifierGrammar } from '../../domain/identifiers.js';
import { V12_IDENTIFIERS } from './identifiers.js';

// Checked before anything is sent: a request the upstream would refuse costs a round trip and a
// share of our quota, and the caller deserves a message that says what is wrong. What is accepted
// is the source's grammar (identifiers.ts), so the client never disagrees with the parsers and
// buttons that ask the same grammar; the messages here only explain its refusals.

function invalid(message: string): TransitError {
  return new TransitError('bad-request', message);
}

/**
 * A caller's value for a message: strings quoted, anything else by its type only. Nothing else is
 * read from a non-string: a getter, toString or proxy trap could throw or lie. Strings are not cut
 * here: a cut could leave a piece of the API key that the client's redactor, which scrubs and then
 * bounds every message, would no longer recognise.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null ? 'null' : typeof value;
}

/** Stop numbers are exactly 4 digits; leading zeros matter ("0867"). Returns the canonical value. */
export function checkStopNo(stopNo: unknown, grammar: IdentifierGrammar = V12_IDENTIFIERS): string {
  if (typeof stopNo !== 'string') throw invalid(`stop number must be a string of 4 digits, got ${describeValue(stopNo)}`);
  const reading = grammar.readStop(stopNo);
  if (reading.ok) return reading.value;
  const { problem } = reading;
  if (problem.kind === 'stop-digits') throw invalid(`stop number must have 4 digits, got ${problem.digits}`);
  throw invalid(`stop number must have 4 digits only, got ${describeValue(stopNo.trim())}`);
}

/**
 * Route numbers are 1-3 digits ("1", "95", "101") or up to 4 letters and digits with at least one
 * digit ("R2"). Returns the canonical (upper-cased) value, so "r2" and "R2" share a cache entry.
 */
export function checkRouteNo(routeNo: unknown, grammar: IdentifierGrammar = V12_IDENTIFIERS): string {
  if (typeof routeNo !== 'string') throw invalid(`route number must be a string, got ${describeValue(routeNo)}`);
  const reading = grammar.readRoute(routeNo);
  if (reading.ok) return reading.value;
  // Quoted as given, not upper-cased: the redactor must still recognise a key typed here.
  const value = routeNo.trim();
  if (value === '') throw invalid('route number is empty');
  throw invalid(`route number must be 1-3 digits, or up to 4 letters and digits with at least one of each, got ${describeValue(value)}`);
}
