import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/bot/create-core.js';
import { clock, fakeTransit, groupChat, memoryStore, privateChat } from './fakes.js';

// Adapters rate-limit what reaches the transit service; the core says which texts those are.
const core = createBotCore({ transit: fakeTransit({}), store: memoryStore(), now: clock });

describe('asksTransit', () => {
  it.each([
    ['/next 3017 95', true],
    ['3017', true],
    ['/routes 3017', true],
    ['/stop 3017', true],
    ['/save 3017', true],
    ['/stop laurier', false],
    ['/stops', false],
    ['/help', false],
    ['/lang fr', false],
    ['/next 30170', false],
    ['hello', false],
  ])('%s in a private chat -> %s', (text, expected) => {
    expect(core.asksTransit(text, privateChat())).toBe(expected);
  });

  it('bare text in a group asks nothing, a command does', () => {
    expect(core.asksTransit('3017', groupChat())).toBe(false);
    expect(core.asksTransit('/next 3017', groupChat())).toBe(true);
  });
});
