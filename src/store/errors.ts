import { StoreError } from '../domain/store-ports.js';

/** An error's message on one line, for messages that end up in a single log or terminal line. */
export function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * Runs a repository operation so that a backend failure reaches the caller as a StoreError (its
 * cause the backend's own error), never as undefined or an empty list a caller could write back.
 */
export async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw new StoreError(`store: could not ${what}: ${oneLine(err)}`, { cause: err });
  }
}
