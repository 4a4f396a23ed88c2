/**
 * Any thrown value as one line for a person to read: never throws, whatever its shape (no
 * message, a message that is not a string, a throwing getter, a circular object). Secrets are
 * the caller's to remove.
 */
export function oneLineError(err: unknown): string {
  try {
    const message = err instanceof Error ? err.message : typeof err === 'string' ? err : undefined;
    const text = typeof message === 'string' && message !== '' ? message : describeValue(err);
    return text.replace(/\s+/g, ' ').trim().slice(0, 500);
  } catch {
    return 'an error that cannot be described';
  }
}

function describeValue(value: unknown): string {
  if (value instanceof Error) return value.name || 'Error';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
