import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/index.js';
import { forEachBackend, itCutting } from './backends.js';
import { runTogether } from './children.js';
import { outage } from './outage.js';

forEachBackend((backend) => {
  describe('claims', () => {
    it('is won exactly once by one of 50 concurrent callers, and keyv reads the winner', async () => {
      const store = await backend.open();
      const won = await Promise.all(Array.from({ length: 50 }, (_, i) => store.claims.claim('alert:1', `caller-${i}`, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = `caller-${won.indexOf(true)}`;
      expect(await store.claims.holder('alert:1')).toBe(winner);
      expect(await store.keyv.get('alert:1')).toBe(winner);
    });

    it('is won exactly once across two connections to one store', async () => {
      const [a, b] = [await backend.open(), await backend.open()];
      const won = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).claims.claim('alert:2', `caller-${i}`)));
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it('is won exactly once across two processes', async () => {
      const store = backend.options();
      const results = await runTogether<boolean[]>([
        { kind: 'claim', store, key: 'alert:3', callers: 25, label: 'first', ttlMs: 60_000 },
        { kind: 'claim', store, key: 'alert:3', callers: 25, label: 'second', ttlMs: 60_000 },
      ]);
      expect(results.flat().filter(Boolean)).toHaveLength(1);
      const [first] = results;
      const holder = await (await backend.open()).claims.holder('alert:3');
      expect(holder).toMatch(first!.includes(true) ? /^first-/ : /^second-/);
    });

    it('can be won again once it expires, by one caller', async () => {
      const store = await backend.open();
      expect(await store.claims.claim('alert:4', 'old', 40)).toBe(true);
      expect(await store.claims.claim('alert:4', 'early', 40)).toBe(false);
      await sleep(80);
      expect(await store.claims.holder('alert:4')).toBeUndefined();
      expect(await store.keyv.get('alert:4')).toBeUndefined();
      const won = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claims.claim('alert:4', `new-${i}`, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await store.claims.holder('alert:4')).toBe(`new-${won.indexOf(true)}`);
    });

    it('without a ttl, holds until released', async () => {
      const store = await backend.open();
      expect(await store.claims.claim('alert:5', 'first')).toBe(true);
      await sleep(60);
      expect(await store.claims.claim('alert:5', 'second', 10)).toBe(false);
      expect(await store.claims.holder('alert:5')).toBe('first');
      await store.claims.release('alert:5');
      expect(await store.claims.holder('alert:5')).toBeUndefined();
      expect(await store.claims.claim('alert:5', 'second')).toBe(true);
      await store.claims.release('never-claimed');
    });

    it('survives a restart', async () => {
      const first = await backend.open();
      await first.claims.claim('alert:6', 'kept', 60_000);
      await first.close();
      const second = await backend.open();
      expect(await second.claims.holder('alert:6')).toBe('kept');
      expect(await second.claims.claim('alert:6', 'other', 60_000)).toBe(false);
    });

    it('refuses a ttl that is not a positive duration', async () => {
      const store = await backend.open();
      for (const ttl of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) await expect(store.claims.claim('k', 'v', ttl)).rejects.toThrow(RangeError);
    });

    itCutting(backend)('rejects with a StoreError carrying the cause when the backend fails', async () => {
      const { store, cut } = await outage(backend);
      await cut();
      for (const operation of [() => store.claims.claim('k', 'v'), () => store.claims.holder('k'), () => store.claims.release('k')]) {
        const err = await operation().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreError);
        expect((err as StoreError).cause).toBeInstanceOf(Error);
      }
    });
  });
});
