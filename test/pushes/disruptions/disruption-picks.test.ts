// The per-chat selection behind the disruption pushes: whatever is offered, a chat holds at most
// `max` picks, the most severe first, and a "sent" mark is read only for a candidate that would be
// kept. Counted, not timed: marks read and picks held.
import { describe, expect, it } from 'vitest';
import { createChatPicks } from '../../../src/pushes/disruptions/disruption-picks.js';
import { compareBySeverity, type Disruption } from '../../../src/domain/disruption.js';

const severities = ['info', 'warning', 'severe', 'unknown'] as const;
const disruption = (i: number): Disruption => ({
  id: `d${String(i).padStart(4, '0')}`,
  version: 'v1',
  effect: 'detour',
  cause: 'construction',
  severity: severities[i % 4]!,
  header: [],
  description: [],
  entities: [],
  periods: [],
});
const many = Array.from({ length: 1_000 }, (_, i) => disruption(i));
const bySeverity = [...many].sort(compareBySeverity);
/** The list as a walk offers it: each disruption with the place the chat watches it from. */
const at = (list: readonly Disruption[], place: string) => list.map((d) => ({ d, place }));

describe('chat picks', () => {
  it('1,000 candidates from three places, two chats: 5 held each, 5 marks read each, the most severe', async () => {
    const picks = createChatPicks<string>(5, () => Promise.resolve(false));
    for (const place of ['3017', '3020', '7687']) {
      await picks.offer('a', at(bySeverity, place));
      await picks.offer('b', at(bySeverity.slice(100), place));
    }
    expect(picks.picked('a').map((p) => p.d.id)).toEqual(bySeverity.slice(0, 5).map((d) => d.id));
    expect(picks.picked('a').map((p) => p.place)).toEqual(['3017', '3017', '3017', '3017', '3017']);
    expect(picks.picked('b').map((p) => p.d.id)).toEqual(bySeverity.slice(100, 105).map((d) => d.id));
    expect(picks.counts).toEqual({ marksRead: 10, held: 10 });
  });

  it('those sent are skipped; a list out of order is read in order; a more severe one later displaces the least', async () => {
    const sent = new Set(bySeverity.slice(0, 3).map((d) => d.id));
    const picks = createChatPicks<string>(5, (_, d) => Promise.resolve(sent.has(d.id)));
    await picks.offer('a', at(bySeverity.slice(10, 20).reverse(), 'far'));
    expect(picks.picked('a').map((p) => p.d.id)).toEqual(bySeverity.slice(10, 15).map((d) => d.id));
    await picks.offer('a', at(bySeverity.slice(0, 8), 'near'));
    expect(picks.picked('a').map((p) => `${p.d.id} ${p.place}`)).toEqual(bySeverity.slice(3, 8).map((d) => `${d.id} near`));
    // 5 from the first list; 3 sent, then 5 kept from the second.
    expect(picks.counts.marksRead).toBe(13);
    expect([...picks.chats()]).toEqual(['a']);
  });

  it('two lists offered at once to one chat: still at most 5, each disruption once', async () => {
    const picks = createChatPicks<string>(5, () => new Promise((resolve) => setTimeout(() => resolve(false), 1)));
    await Promise.all([picks.offer('a', at(bySeverity.slice(0, 50), 'x')), picks.offer('a', at(bySeverity.slice(0, 50), 'y'))]);
    const ids = picks.picked('a').map((p) => p.d.id);
    expect(ids).toEqual(bySeverity.slice(0, 5).map((d) => d.id));
    expect(picks.counts.held).toBe(5);
  });
});
