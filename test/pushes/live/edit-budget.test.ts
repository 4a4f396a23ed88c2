import { describe, expect, it } from 'vitest';
import { createEditBudget, RECOVERY_MS } from '../../../src/pushes/live/edit-budget.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { fixedClock } from '../../../src/domain/clock.js';

describe('the edit budget', () => {
  it('gives a group 20 edits a minute, then none until the oldest is a minute old', () => {
    const clock = fixedClock('2026-11-21T13:05:00Z');
    const budget = createEditBudget(TELEGRAM_EDIT_LIMITS, clock);
    const taken = () => {
      let n = 0;
      for (let i = 0; i < 100; i++) {
        if (budget.take('-100', 'group') === true) n += 1;
        clock.advance(50);
      }
      return n;
    };
    expect(taken()).toBe(20);
    clock.advance(55_000);
    expect(budget.take('-100', 'group')).toBe(true);
    for (let i = 0; i < 19; i++) {
      clock.advance(50);
      expect(budget.take('-100', 'group')).toBe(true);
    }
    clock.advance(50);
    expect(budget.take('-100', 'group')).toBe('chat-full');
  });

  it('spreads the edits of all chats: never 25 at once, never more than 25 in any second, about 22 a second when asked for more', () => {
    const clock = fixedClock('2026-11-21T13:05:00Z');
    const budget = createEditBudget(TELEGRAM_EDIT_LIMITS, clock);
    const granted: number[] = [];
    // 100 chats asking all the time for 10 s, every millisecond.
    for (let ms = 0; ms < 10_000; ms++) {
      for (let chat = 0; chat < 100; chat++) if (budget.take(String((ms + chat) % 100), 'private') === true) granted.push(ms);
      clock.advance(1);
    }
    const busiest = (windowMs: number) => {
      let best = 0;
      for (let i = 0, j = 0; i < granted.length; i++) {
        while (granted[i]! - granted[j]! >= windowMs) j++;
        best = Math.max(best, i - j + 1);
      }
      return best;
    };
    expect(busiest(1000)).toBeLessThanOrEqual(TELEGRAM_EDIT_LIMITS.perSecond);
    // No burst: a tenth of a second holds what a tenth of the pace gives, give or take one.
    expect(busiest(100)).toBeLessThanOrEqual(3);
    expect(granted.length).toBeGreaterThanOrEqual(220);
  });

  it('after a 429, grants nothing until its retry_after lapsed, then one edit alone, then slower until the 429s stop', () => {
    const clock = fixedClock('2026-11-21T13:05:00Z');
    const budget = createEditBudget(TELEGRAM_EDIT_LIMITS, clock);
    expect(budget.take('a', 'private')).toBe(true);
    budget.refused(5_000);
    for (let ms = 0; ms < 4_990; ms += 10) {
      expect(budget.take('b', 'private')).toBe('all-full');
      clock.advance(10);
    }
    expect(budget.waitMs()).toBeGreaterThanOrEqual(10);
    clock.advance(budget.waitMs());
    // The lone edit after the wait; the others wait for its answer.
    expect(budget.take('b', 'private')).toBe(true);
    clock.advance(500);
    expect(budget.take('c', 'private')).toBe('all-full');
    // Another 429: held again, and slower still once it lapses.
    budget.refused(5_000);
    clock.advance(5_000);
    const pace = (ms: number) => {
      let n = 0;
      for (let t = 0; t < ms; t += 5) {
        if (budget.take(`x${t}`, 'private') === true) {
          n += 1;
          budget.answered();
        }
        clock.advance(5);
      }
      return n;
    };
    const slowed = pace(1_000);
    expect(slowed).toBeLessThan(10);
    // Without 429s the pace doubles back every few seconds.
    clock.advance(RECOVERY_MS * 6);
    expect(pace(1_000)).toBeGreaterThanOrEqual(20);
  });

  it('holds a retry_after of NaN a second and one of days an hour, never for ever', () => {
    const clock = fixedClock('2026-11-21T13:05:00Z');
    const budget = createEditBudget(TELEGRAM_EDIT_LIMITS, clock);
    budget.refused(Number.NaN);
    expect(budget.waitMs()).toBeGreaterThanOrEqual(1_000);
    expect(budget.waitMs()).toBeLessThan(5_000);
    budget.refused(9 * 86_400_000);
    expect(budget.waitMs()).toBeLessThanOrEqual(3_600_000 + 5_000);
  });
});
