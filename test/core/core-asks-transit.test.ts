import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { clock, fakeTransit, groupChat, memoryStores, privateChat } from './fakes.js';

// Adapters rate-limit what reaches the transit service; the core says which texts those are.
const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });

describe('asksTransit: which requests the adapters rate-limit', () => {
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
    // A word may name a saved stop, whose arrivals it asks for; a greeting is greeted.
    ['home', true],
    ['hello', false],
    ['hello there', false],
  ])('%s in a private chat -> %s', (text, expected) => {
    const parsed = core.parse(text, privateChat());
    expect(parsed?.ok === true && core.asksTransit(parsed.request)).toBe(expected);
  });

  it('bare text in a group asks nothing, a command does', () => {
    expect(core.parse('3017', groupChat())).toBeNull();
    const parsed = core.parse('/next 3017', groupChat());
    expect(parsed?.ok === true && core.asksTransit(parsed.request)).toBe(true);
  });

  it('comes from the table for structured requests too', () => {
    expect(core.asksTransit({ name: 'next', options: { stop: '3017' } })).toBe(true);
    expect(core.asksTransit({ name: 'help', options: {} })).toBe(false);
  });
});
