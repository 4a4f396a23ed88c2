/**
 * fn over every item with at most `limit` running at once, results in the items' order: what a
 * tick asks at once of the upstream API and of the store, however many alerts are due; the live
 * messages edited at once in a round. Hand-written (twelve lines) rather than p-limit or p-map,
 * neither of which the project depends on.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
