import { describe, expect, it } from 'vitest';
import { createEditBudget, TELEGRAM_EDIT_LIMITS } from '../../src/chat/edit-budget.js';
import { fixedClock } from '../../src/domain/clock.js';

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
    for (let i = 0; i < 19; i++) budget.take('-100', 'group');
    expect(budget.take('-100', 'group')).toBe('chat-full');
  });

  it('gives all chats together 25 edits a second (Telegram takes about 30)', () => {
    const clock = fixedClock('2026-11-21T13:05:00Z');
    const budget = createEditBudget(TELEGRAM_EDIT_LIMITS, clock);
    const answers = Array.from({ length: 100 }, (_, i) => budget.take(String(i), 'private'));
    const granted = answers.filter((a) => a === true).length;
    expect(answers.at(-1)).toBe('all-full');
    expect(granted).toBe(25);
    clock.advance(1001);
    expect(budget.take('x', 'private')).toBe(true);
  });
});
