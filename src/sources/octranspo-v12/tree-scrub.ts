import { decodeXmlText } from './xml-text.js';

// The client's second scrub, on decoded text. The raw body is scrubbed before parsing, but an
// echo can spell the key in layers that only decoding reveals ("&amp;#83;..." decodes to
// "&#83;..."), and the parser quotes decoded text in error messages cut to 60 characters, where a
// later scrub of the message would find only half a key. So every text of the tree is decoded and
// scrubbed here, before the parser reads anything.

type Clean = (text: string) => string;

/** Own data property, even for a key like "__proto__" (plain assignment would set the prototype). */
function put(container: object, key: string, value: unknown): void {
  Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Scrubs, in place, every string value (after decoding XML references, as tree.text() would) and
 * every object key of a freshly parsed tree. A changed value is stored with its '&' escaped, so
 * that text() decodes it back to exactly the scrubbed text.
 */
export function scrubTree<T>(tree: T, clean: Clean): T {
  const pending: object[] = typeof tree === 'object' && tree !== null ? [tree] : [];
  // A loop with a stack, not recursion: a deeply nested body must not overflow the call stack.
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (const key of Object.keys(node)) {
      const value: unknown = (node as Record<string, unknown>)[key];
      if (typeof value === 'string') {
        const decoded = decodeXmlText(value);
        const scrubbed = clean(decoded);
        if (scrubbed !== decoded) put(node, key, scrubbed.replace(/&/g, '&amp;'));
      } else if (typeof value === 'object' && value !== null) {
        pending.push(value);
      }
      if (!Array.isArray(node)) {
        const scrubbedKey = clean(key);
        if (scrubbedKey !== key) {
          put(node, scrubbedKey, (node as Record<string, unknown>)[key]);
          delete (node as Record<string, unknown>)[key];
        }
      }
    }
  }
  return tree;
}
