/**
 * The wait before the one retry: `baseMs` spread over +-1/3 by `random` (0 <= r < 1), so that
 * clients that failed together do not all come back in the same instant.
 */
export function jitteredDelay(baseMs: number, random: () => number): number {
  return baseMs * (2 / 3 + (random() * 2) / 3);
}
