import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/chat/rate-limit.js';

describe('rate limiter (sliding window, injected clock)', () => {
  it('allows the limit, tells once, then stays silent until the window has room', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, clock: () => new Date(t) });
    expect([0, 1000, 2000].map((at) => ((t = at), limiter.check('u1')))).toEqual(['allow', 'allow', 'allow']);
    t = 10_000;
    expect(limiter.check('u1')).toBe('refuse-and-tell');
    expect(limiter.check('u1')).toBe('refuse-silently');
    expect(limiter.check('u2')).toBe('allow'); // per user
    t = 59_999;
    expect(limiter.check('u1')).toBe('refuse-silently');
    t = 60_000; // the first request (t=0) leaves the window; the others still count
    expect(limiter.check('u1')).toBe('allow');
    expect(limiter.check('u1')).toBe('refuse-and-tell'); // a new window, a new notice
  });

  it('slides: requests spread over time are not refused', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, clock: () => new Date(t) });
    for (let i = 0; i < 20; i++) {
      t += 500;
      expect(limiter.check('u')).toBe('allow');
    }
  });
});
