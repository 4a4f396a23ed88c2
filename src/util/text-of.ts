/**
 * Any value as text, for logs and error lines, without ever throwing: what was thrown may be
 * anything (a string, an object with a throwing toString, a circular object, a Proxy), and the
 * code reporting a failure must not fail in turn. Errors read as "Name: message"; other objects
 * as JSON where they allow it (cycles shown as "[circular]"), else as their built-in tag.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    if (value instanceof Error) return `${textOf(value.name)}: ${textOf(value.message)}`;
    if (typeof value === 'object' && value !== null) return jsonOf(value) ?? fallback(value);
    return String(value);
  } catch {
    return fallback(value);
  }
}

function jsonOf(value: object): string | undefined {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v !== 'object' || v === null) return v;
      if (seen.has(v)) return '[circular]';
      seen.add(v);
      return v;
    });
  } catch {
    return undefined;
  }
}

/** For values whose own conversions throw: the built-in tag, else a placeholder. */
function fallback(value: unknown): string {
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '[unprintable value]';
  }
}
