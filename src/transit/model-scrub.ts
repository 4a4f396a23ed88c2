// The last scrub before an answer leaves the client: every string of the model, whatever the
// parser made it from. Texts are already scrubbed as they are decoded (tree-scrub.ts); this pass
// also covers strings built from something else (a number printed as text, a value filled in by
// the client) and any reading code yet to be written, so the rule holds in one obvious place.

/** Replaces, in place, every string reachable through plain objects and arrays by `clean(string)`. */
export function scrubModel<T>(model: T, clean: (text: string) => string): T {
  const pending: object[] = typeof model === 'object' && model !== null ? [model] : [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node instanceof Date) continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === 'string') {
        const scrubbed = clean(value);
        if (scrubbed !== value) record[key] = scrubbed;
      } else if (typeof value === 'object' && value !== null) {
        pending.push(value);
      }
    }
  }
  return model;
}
