// Reads asked one at a time but sent together: every key asked before the event loop turns goes
// out in one read (a SQL query, a Redis MGET), so the disruption pushes' thousands of "sent" marks
// cost a few round trips instead of one each. Without a batch read, one read per key as asked.

/** At most this many keys in one read (a SQLite statement's parameters included). */
const MAX_BATCH = 500;

export function batchedReads<V>(one: (key: string) => Promise<V>, many?: (keys: readonly string[]) => Promise<V[]>): (key: string) => Promise<V> {
  if (many === undefined) return one;
  let waiting: Array<{ key: string; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    for (let i = 0; i < batch.length; i += MAX_BATCH) {
      const part = batch.slice(i, i + MAX_BATCH);
      many(part.map((w) => w.key)).then(
        (values) => part.forEach((w, j) => w.resolve(values[j]!)),
        (err: unknown) => part.forEach((w) => w.reject(err)),
      );
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
