import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AccuracyIncrement } from '../../src/domain/accuracy.js';
import { forEachBackend } from './backends.js';

// The accuracy counters on both backends: adds from several connections all land, a snapshot is
// claimed by one of them, figures outlive the connection that wrote them and go when their time is out.

const DAY = 7 * 86_400_000;
const inc = (counter: AccuracyIncrement['counter'], stop?: string, route = 'R1', n = 1): AccuracyIncrement => ({
  route,
  counter,
  n,
  ...(stop !== undefined ? { stop } : {}),
});

forEachBackend((backend) => {
  describe('accuracy records', () => {
    it('sums adds from two connections, route-wide and at stops, over the days asked', async () => {
      const [a, b] = [await backend.open(), await backend.open()];
      await Promise.all([
        a.accuracy.add(
          'oc',
          '2026-11-20',
          [inc('scored:0-3'), inc('accurate:0-3'), inc('caught:0-3'), inc('scored:0-3', 'A'), inc('cancelled')],
          DAY,
        ),
        b.accuracy.add(
          'oc',
          '2026-11-21',
          [inc('scored:3-6', undefined, 'R1', 2), inc('caught:3-6', undefined, 'R1', 2), inc('scored:3-6', 'B', 'R1', 2)],
          DAY,
        ),
        b.accuracy.add('oc', '2026-11-21', [inc('vanished'), inc('scored:0-3', undefined, 'R2')], DAY),
        a.accuracy.add('sto', '2026-11-21', [inc('scored:0-3')], DAY),
      ]);
      const days = ['2026-11-21', '2026-11-20'];
      expect(await a.accuracy.read('oc', days, ['R1'])).toEqual({ scored: 3, accurate: 1, caught: 3, cancelled: 1, vanished: 1 });
      expect(await b.accuracy.read('oc', days, ['R1'], ['A'])).toEqual({ scored: 1, accurate: 0, caught: 0, cancelled: 1, vanished: 1 });
      expect(await b.accuracy.read('oc', days, ['R1'], ['A', 'B'])).toMatchObject({ scored: 3 });
      expect(await b.accuracy.read('oc', days, ['R1', 'R2'])).toMatchObject({ scored: 4 });
      expect(await b.accuracy.read('oc', ['2026-11-21'], ['R1'])).toMatchObject({ scored: 2, cancelled: 0 });
      // A restart: a new connection reads what the others wrote.
      const c = await backend.open();
      expect(await c.accuracy.read('oc', days, ['R1'])).toMatchObject({ scored: 3 });
    });

    it('a snapshot is claimed by one connection of several', async () => {
      const [a, b] = [await backend.open(), await backend.open()];
      const won = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).accuracy.claimSnapshot('oc', 1_800_000_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await a.accuracy.claimSnapshot('oc', 1_800_000_030)).toBe(true);
      expect(await a.accuracy.claimSnapshot('sto', 1_800_000_000)).toBe(true);
    });

    it('counters go once their time is out', async () => {
      const a = await backend.open();
      await a.accuracy.add('oc', '2026-11-21', [inc('scored:0-3')], 50);
      expect(await a.accuracy.read('oc', ['2026-11-21'], ['R1'])).toMatchObject({ scored: 1 });
      await sleep(120);
      expect(await a.accuracy.read('oc', ['2026-11-21'], ['R1'])).toMatchObject({ scored: 0 });
    });
  });
});
