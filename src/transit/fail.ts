import { TransitError, type TransitErrorKind } from './errors.js';

// Small constructors so that every TransitError the client throws is built the same way, and so
// that an unexpected throw from anywhere below is turned into one (nothing else may escape).

export function parseFailure(message: string): TransitError {
  return new TransitError('parse', message);
}

/** Short, printable excerpt of upstream text for a log-bound message. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}...` : flat);
}

/** Runs `work`; anything thrown that is not already a TransitError becomes one of `kind`. */
export function guard<T>(kind: TransitErrorKind, what: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof TransitError) throw err;
    throw new TransitError(kind, `${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
