import { describe, expect, it } from 'vitest';
import { STOP_SLOTS, StoreError, type SaveOutcome } from '../../src/store/index.js';
import { type ChatRef } from '../../src/domain/chat.js';
import { forEachBackend, itCutting } from './backends.js';
import { runTogether } from './children.js';
import { capturingLogger } from './log-lines.js';
import { outage } from './outage.js';

const chat: ChatRef = { platform: 'telegram', chatId: '42' };
const stopNos = (n: number, prefix = 's') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const count = (outcomes: SaveOutcome[], outcome: SaveOutcome) => outcomes.filter((o) => o === outcome).length;

forEachBackend((backend) => {
  describe('saved stops', () => {
    it('lists nothing for a new chat, then what was saved, in the order saved, with names', async () => {
      const { savedStops } = await backend.open();
      expect(await savedStops.list(chat)).toEqual([]);
      expect(await savedStops.add(chat, { stopNo: '3017', name: 'TUNNEY' }, 20)).toBe('saved');
      expect(await savedStops.add(chat, { stopNo: '3000' }, 20)).toBe('saved');
      expect(await savedStops.add(chat, { stopNo: '1234', name: 'BANK' }, 20)).toBe('saved');
      expect(await savedStops.list(chat)).toEqual([{ stopNo: '3017', name: 'TUNNEY' }, { stopNo: '3000' }, { stopNo: '1234', name: 'BANK' }]);
    });

    it("says 'already' for a stop saved before, and keeps it once", async () => {
      const { savedStops } = await backend.open();
      await savedStops.add(chat, { stopNo: '3017' }, 20);
      expect(await savedStops.add(chat, { stopNo: '3017', name: 'other name' }, 20)).toBe('already');
      expect(await savedStops.list(chat)).toEqual([{ stopNo: '3017' }]);
    });

    it('removes a stop, which can then be saved again (last)', async () => {
      const { savedStops } = await backend.open();
      for (const stopNo of ['a', 'b', 'c']) await savedStops.add(chat, { stopNo }, 20);
      expect(await savedStops.remove(chat, 'a')).toBe(true);
      expect(await savedStops.remove(chat, 'a')).toBe(false);
      expect(await savedStops.list(chat)).toEqual([{ stopNo: 'b' }, { stopNo: 'c' }]);
      expect(await savedStops.add(chat, { stopNo: 'a' }, 20)).toBe('saved');
      expect((await savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['b', 'c', 'a']);
    });

    it("says 'full' at max, and keeps chats and platforms apart", async () => {
      const { savedStops } = await backend.open();
      for (const stopNo of ['a', 'b', 'c']) expect(await savedStops.add(chat, { stopNo }, 3)).toBe('saved');
      expect(await savedStops.add(chat, { stopNo: 'd' }, 3)).toBe('full');
      expect(await savedStops.add({ platform: 'console', chatId: '42' }, { stopNo: 'd' }, 3)).toBe('saved');
      expect(await savedStops.list({ platform: 'telegram', chatId: '43' })).toEqual([]);
      expect(await savedStops.list(chat)).toHaveLength(3);
    });

    it('keeps both of two concurrent saves', async () => {
      const { savedStops } = await backend.open();
      expect(await Promise.all([savedStops.add(chat, { stopNo: '1' }, 20), savedStops.add(chat, { stopNo: '2' }, 20)])).toEqual(['saved', 'saved']);
      expect((await savedStops.list(chat)).map((s) => s.stopNo).sort()).toEqual(['1', '2']);
    });

    it('keeps all of 20 concurrent saves of different stops', async () => {
      const { savedStops } = await backend.open();
      const outcomes = await Promise.all(stopNos(20).map((stopNo) => savedStops.add(chat, { stopNo }, 20)));
      expect(count(outcomes, 'saved')).toBe(20);
      expect((await savedStops.list(chat)).map((s) => s.stopNo).sort()).toEqual(stopNos(20).sort());
    });

    it("respects max under concurrency: 30 saves, max 20 -> 20 kept, 10 'full'", async () => {
      const { savedStops } = await backend.open();
      const outcomes = await Promise.all(stopNos(30).map((stopNo) => savedStops.add(chat, { stopNo }, 20)));
      expect(count(outcomes, 'saved')).toBe(20);
      expect(count(outcomes, 'full')).toBe(10);
      const listed = (await savedStops.list(chat)).map((s) => s.stopNo);
      expect(listed.sort()).toEqual(
        stopNos(30)
          .filter((_, i) => outcomes[i] === 'saved')
          .sort(),
      );
    });

    it('keeps one copy when the same stop is saved 10 times at once', async () => {
      const { savedStops } = await backend.open();
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => savedStops.add(chat, { stopNo: '3017' }, 20)));
      expect(count(outcomes, 'saved')).toBe(1);
      expect(count(outcomes, 'already')).toBe(9);
      expect(await savedStops.list(chat)).toEqual([{ stopNo: '3017' }]);
    });

    it('keeps all 20 when two processes each save 10 different stops at once', async () => {
      const store = backend.options();
      const results = await runTogether<SaveOutcome[]>([
        { kind: 'save', store, chat, stops: stopNos(10, 'p'), max: 20 },
        { kind: 'save', store, chat, stops: stopNos(10, 'q'), max: 20 },
      ]);
      expect(results.flat()).toEqual(Array(20).fill('saved'));
      const { savedStops } = await backend.open();
      expect((await savedStops.list(chat)).map((s) => s.stopNo).sort()).toEqual([...stopNos(10, 'p'), ...stopNos(10, 'q')].sort());
    });

    it('respects max across two processes: 2 x 15 saves, max 20 -> 20 kept', async () => {
      const store = backend.options();
      const results = await runTogether<SaveOutcome[]>([
        { kind: 'save', store, chat, stops: stopNos(15, 'p'), max: 20 },
        { kind: 'save', store, chat, stops: stopNos(15, 'q'), max: 20 },
      ]);
      expect(count(results.flat(), 'saved')).toBe(20);
      expect(count(results.flat(), 'full')).toBe(10);
      expect(await (await backend.open()).savedStops.list(chat)).toHaveLength(20);
    });

    it('survives a restart', async () => {
      const first = await backend.open();
      await first.savedStops.add(chat, { stopNo: '3017', name: 'TUNNEY' }, 20);
      await first.close();
      expect(await (await backend.open()).savedStops.list(chat)).toEqual([{ stopNo: '3017', name: 'TUNNEY' }]);
    });

    it('skips a corrupt slot, logging it once, and saves around it', async () => {
      const { logger, lines } = capturingLogger();
      const store = await backend.open({ logger });
      await store.savedStops.add(chat, { stopNo: 'a' }, 20);
      await store.keyv.set('chat:telegram:42:stops:slot:1', { not: 'a stop' });
      await store.keyv.set('chat:telegram:42:stops:slot:2', '{"stopNo": 7}');
      expect(await store.savedStops.list(chat)).toEqual([{ stopNo: 'a' }]);
      expect(await store.savedStops.add(chat, { stopNo: 'b' }, 20)).toBe('saved');
      expect(await store.savedStops.list(chat)).toEqual([{ stopNo: 'a' }, { stopNo: 'b' }]);
      expect(await store.keyv.get('chat:telegram:42:stops:slot:3')).toContain('"stopNo":"b"');
      const reported = lines.filter((l) => l.msg === 'store: skipped a corrupt record').map((l) => l.key);
      expect(reported.sort()).toEqual(['chat:telegram:42:stops:slot:1', 'chat:telegram:42:stops:slot:2']);
    });

    it('refuses a max it cannot honour and an empty stop number', async () => {
      const { savedStops } = await backend.open();
      await expect(savedStops.add(chat, { stopNo: 'a' }, STOP_SLOTS + 1)).rejects.toThrow(RangeError);
      await expect(savedStops.add(chat, { stopNo: 'a' }, 2.5)).rejects.toThrow(RangeError);
      await expect(savedStops.add(chat, { stopNo: '' }, 20)).rejects.toThrow(RangeError);
      expect(await savedStops.add(chat, { stopNo: 'a' }, 0)).toBe('full');
    });

    itCutting(backend)('rejects with a StoreError carrying the cause when the backend fails', async () => {
      const { store, cut } = await outage(backend);
      await store.savedStops.add(chat, { stopNo: 'a' }, 20);
      await cut();
      for (const operation of [
        () => store.savedStops.list(chat),
        () => store.savedStops.add(chat, { stopNo: 'b' }, 20),
        () => store.savedStops.remove(chat, 'a'),
      ]) {
        const err = await operation().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreError);
        expect((err as StoreError).cause).toBeInstanceOf(Error);
      }
    });
  });
});
