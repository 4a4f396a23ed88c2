/**
 * The value `read` gives, or `fallback` when reading throws. For code that reports a failure
 * and must not fail itself: a thrown value may have throwing getters, or be a Proxy whose every
 * operation (even `instanceof`) throws.
 */
export function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
