import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/sources/capped-fetch.js';

describe("a server's Retry-After", () => {
  const now = Date.parse('2026-11-27T15:00:00Z');
  it('reads seconds and HTTP dates, never below nothing nor above 10 minutes; anything else is unknown', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Fri, 27 Nov 2026 15:00:45 GMT', now)).toBe(45_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(600_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
  });
});
