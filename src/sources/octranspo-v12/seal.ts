// What happens to an answer once, before it is cached and handed out: every string scrubbed of
// the key, every object frozen, and its size estimated for the cache's byte bound. Frozen, one
// answer can be shared by every caller and every cache hit as it is: a read costs no copy.

type Clean = (text: string) => string;

// Rough V8 costs, on the high side: an object or array with its header and a few slots, each
// further property or element, a string (two bytes a character at worst), a boxed number.
const OBJECT_BYTES = 64;
const SLOT_BYTES = 16;
const STRING_BYTES = 24;
const NUMBER_BYTES = 16;

/** A Date's setters would change a frozen Date all the same (its time is an internal slot). */
const DATE_SETTERS = Object.getOwnPropertyNames(Date.prototype).filter((name) => name.startsWith('set'));

function refuseChange(): never {
  throw new TypeError('a transit answer is read-only');
}

function sealDate(date: Date): void {
  for (const name of DATE_SETTERS) Object.defineProperty(date, name, { value: refuseChange });
  Object.freeze(date);
}

export interface Sealed<T> {
  value: T;
  /** Estimated heap size of `value`, for the cache's byte bound. */
  bytes: number;
}

/**
 * Scrubs every string of `model` with `clean`, deep-freezes it, and estimates its size. This is
 * the last scrub before an answer leaves the client: texts are already scrubbed as they are
 * decoded (tree-scrub.ts); this pass also covers strings built from something else (a number
 * printed as text, a value filled in by the client) and any reading code yet to be written.
 */
export function sealAnswer<T>(model: T, clean: Clean): Sealed<T> {
  let bytes = 0;
  const pending: object[] = typeof model === 'object' && model !== null ? [model] : [];
  // A loop with a stack, not recursion, and each object visited once (an answer is a tree).
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    bytes += OBJECT_BYTES;
    if (node instanceof Date) {
      sealDate(node);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      bytes += SLOT_BYTES;
      if (typeof value === 'string') {
        const scrubbed = clean(value);
        if (scrubbed !== value) record[key] = scrubbed;
        bytes += STRING_BYTES + 2 * scrubbed.length;
      } else if (typeof value === 'number') {
        bytes += NUMBER_BYTES;
      } else if (typeof value === 'object' && value !== null) {
        pending.push(value);
      }
    }
    Object.freeze(node);
  }
  return { value: model, bytes };
}

/** `fields` with every value scrubbed: a question about to be logged. */
export function scrubFields(fields: Readonly<Record<string, string>>, clean: Clean): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, clean(value)]));
}
