import { isTransitError, TransitError } from '../../domain/transit-error.js';

export { isTransitError };

// Small constructors so that every TransitError the client throws is built the same way, and so
// that an unexpected throw from anywhere below is turned into one (nothing else may escape).

/** An answer that makes no sense: the service is as good as unavailable. */
export function parseFailure(message: string): TransitError {
  return new TransitError('unavailable', message, { reason: 'malformed' });
}

/** Short, printable excerpt of upstream text for a log-bound message. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}...` : flat);
}

/**
 * Text for a thrown value of any shape, without ever throwing: a rejection can be anything, and
 * its getters, prototype traps or toString may throw. Errors give their message; primitives
 * print as themselves; any other object only by its type (reading more of it is not safe).
 * Never cut short here: the key must be scrubbed from the whole text before anything is cut.
 */
export function describeThrown(err: unknown): string {
  try {
    if (typeof err === 'string') return err;
    if (err === null || (typeof err !== 'object' && typeof err !== 'function')) return String(err);
    if (err instanceof Error) {
      const message: unknown = err.message;
      return typeof message === 'string' ? message : 'an error without a text message';
    }
    return `a thrown ${typeof err}`;
  } catch {
    return 'an unreadable thrown value';
  }
}

/** A property of a thrown value, or undefined when reading it throws. */
export function safeRead(value: unknown, name: string): unknown {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `work`; anything thrown that is not already a TransitError becomes a parse failure. */
export function guard<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (isTransitError(err)) throw err;
    throw parseFailure(`${what}: ${describeThrown(err)}`);
  }
}
