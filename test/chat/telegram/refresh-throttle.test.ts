import { describe, expect, it } from 'vitest';
import { createRefreshThrottle } from '../../../src/chat/telegram/refresh-throttle.js';

describe('refresh throttle', () => {
  it('lets a message refresh once per interval, each message on its own', () => {
    let t = 1_000_000;
    const throttle = createRefreshThrottle({ intervalMs: 10_000, clock: () => new Date(t) });
    expect(throttle.tryRefresh('1:10')).toBe(true);
    t += 9_999;
    expect(throttle.tryRefresh('1:10')).toBe(false);
    expect(throttle.tryRefresh('1:11')).toBe(true);
    t += 1;
    expect(throttle.tryRefresh('1:10')).toBe(true);
    throttle.forget('1:10'); // that refresh failed
    expect(throttle.tryRefresh('1:10')).toBe(true);
  });
});
