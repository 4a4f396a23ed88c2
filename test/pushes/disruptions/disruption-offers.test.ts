// The scan's walks over the disruptions: each chat given the next few touching it, their marks read
// together; a chat whose few were sent walks on from there; a walk stops once every chat is full.
// Counted, not timed: disruptions looked at, marks read.
import { describe, expect, it } from 'vitest';
import type { Disruption } from '../../../src/domain/disruption.js';
import { offerDisruptions } from '../../../src/pushes/disruptions/disruption-offers.js';
import { createChatPicks } from '../../../src/pushes/disruptions/disruption-picks.js';

const disruption = (i: number): Disruption => ({
  id: `d${String(i).padStart(2, '0')}`,
  version: 'v1',
  effect: 'detour',
  cause: 'construction',
  severity: 'warning',
  header: [],
  description: [],
  entities: [],
  periods: [],
});

async function offer(count: number, chats: string[], sent: (chat: string, d: Disruption) => boolean) {
  const disruptions = Array.from({ length: count }, (_, i) => disruption(i));
  const looked: string[] = [];
  const picks = createChatPicks<string>(5, (chat, d) => Promise.resolve(sent(chat, d)));
  const leftOut = await offerDisruptions<string>({
    disruptions,
    touching(d, visit) {
      looked.push(d.id);
      for (const chat of chats) visit(chat, `stop of ${chat}`);
    },
    chats: chats.length,
    wanted: (chat) => Promise.resolve(chat !== 'off'),
    picks,
    max: 5,
    concurrency: 100,
  });
  return { picks, looked, leftOut };
}

describe('disruption offers', () => {
  it('a chat whose first ones were all sent walks on to the next; more touching it once full: left out for the next scan', async () => {
    const { picks, leftOut } = await offer(13, ['a', 'b'], (chat, d) => chat === 'a' && Number(d.id.slice(1)) < 7);
    expect(picks.picked('a').map((p) => p.d.id)).toEqual(['d07', 'd08', 'd09', 'd10', 'd11']);
    expect(picks.picked('b').map((p) => p.d.id)).toEqual(['d00', 'd01', 'd02', 'd03', 'd04']);
    expect(picks.picked('a')[0]!.place).toBe('stop of a');
    expect([...leftOut].sort()).toEqual(['a', 'b']);
    // a: 5 sent, then d05-d06 sent and d07-d09 kept, then d10-d11; b: its first 5.
    expect(picks.counts.marksRead).toBe(5 + 5 + 2 + 5);
  });

  it('nothing more touching a chat once its picks are in: not left out', async () => {
    const { leftOut } = await offer(5, ['a'], () => false);
    expect([...leftOut]).toEqual([]);
  });

  it('1,000 disruptions touching every chat: the walk stops once each has its 5; a chat that said off is offered nothing', async () => {
    const { picks, looked, leftOut } = await offer(1_000, ['a', 'b', 'off'], () => false);
    expect([...leftOut].sort()).toEqual(['a', 'b']);
    expect(looked).toEqual(['d00', 'd01', 'd02', 'd03', 'd04']);
    expect(picks.picked('off')).toEqual([]);
    expect(picks.counts.marksRead).toBe(10);
  });
});
