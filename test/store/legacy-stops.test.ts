// Chats saved before slots have their stops in one array under chat:<p>:<id>:stops.
import { describe, expect, it } from 'vitest';
import { type ChatRef } from '../../src/domain/chat.js';
import { forEachBackend } from './backends.js';
import { capturingLogger } from './log-lines.js';

const chat: ChatRef = { platform: 'telegram', chatId: '7' };
const LEGACY = 'chat:telegram:7:stops';
const legacyStops = [{ stopNo: '3017', name: 'TUNNEY' }, { stopNo: '3000' }, { stopNo: '1234', name: 'BANK' }];

forEachBackend((backend) => {
  describe('legacy saved stops', () => {
    it('are listed in their order, moved into slots, and the array deleted after', async () => {
      const store = await backend.open();
      await store.keyv.set(LEGACY, legacyStops);
      expect(await store.savedStops.list(chat)).toEqual(legacyStops);
      expect(await store.keyv.get(LEGACY)).toBeUndefined();
      const slots = (await store.keyv.getMany(Array.from({ length: 3 }, (_, i) => `chat:telegram:7:stops:slot:${i}`))) as string[];
      expect(slots.map((s) => (JSON.parse(s) as { stopNo: string }).stopNo).sort()).toEqual(['1234', '3000', '3017']);
      expect(await (await backend.open()).savedStops.list(chat)).toEqual(legacyStops);
    });

    it('come before a stop saved after them, and count as already saved', async () => {
      const store = await backend.open();
      await store.keyv.set(LEGACY, legacyStops);
      expect(await store.savedStops.add(chat, { stopNo: '3000' }, 20)).toBe('already');
      expect(await store.savedStops.add(chat, { stopNo: '9999' }, 20)).toBe('saved');
      expect(await store.savedStops.add(chat, { stopNo: '8888' }, 4)).toBe('full');
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['3017', '3000', '1234', '9999']);
      expect(await store.keyv.get(LEGACY)).toBeUndefined();
    });

    it('are migrated once when many reads race, each read seeing them all', async () => {
      const [a, b] = [await backend.open(), await backend.open()];
      await a.keyv.set(LEGACY, legacyStops);
      const lists = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).savedStops.list(chat)));
      for (const list of lists) expect(list.map((s) => s.stopNo).sort()).toEqual(['1234', '3000', '3017']);
      const slots = (await a.keyv.getMany(Array.from({ length: 10 }, (_, i) => `chat:telegram:7:stops:slot:${i}`))).filter((s) => s !== undefined);
      expect(slots).toHaveLength(3);
      expect(await a.savedStops.list(chat)).toEqual(legacyStops);
    });

    it('finish a migration a crash interrupted, without doubles', async () => {
      const store = await backend.open();
      // As a process that stored the first stop and died leaves it: the array still there.
      await store.savedStops.add(chat, { stopNo: '3017', name: 'TUNNEY' }, 20);
      await store.keyv.set(LEGACY, legacyStops);
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo).sort()).toEqual(['1234', '3000', '3017']);
      expect(await store.keyv.get(LEGACY)).toBeUndefined();
    });

    it('can be removed', async () => {
      const store = await backend.open();
      await store.keyv.set(LEGACY, legacyStops);
      expect(await store.savedStops.remove(chat, '3000')).toBe(true);
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['3017', '1234']);
    });

    it('that do not fit are still listed, and the array kept for them', async () => {
      const store = await backend.open();
      const many = Array.from({ length: 48 }, (_, i) => `n${i}`);
      await Promise.all(many.map((stopNo) => store.savedStops.add(chat, { stopNo }, 50)));
      await store.keyv.set(LEGACY, legacyStops);
      const listed = (await store.savedStops.list(chat)).map((s) => s.stopNo);
      expect(listed).toHaveLength(51);
      expect(listed).toEqual(expect.arrayContaining(['3017', '3000', '1234']));
      expect(await store.keyv.get(LEGACY)).toEqual(legacyStops);
    });

    it('of the wrong shape are skipped and logged once, and the array kept, never deleted', async () => {
      const { logger, lines } = capturingLogger();
      const store = await backend.open({ logger });
      const legacy = [{ stopNo: '3017' }, { name: 'no number' }, { stopNo: 3000 }];
      await store.keyv.set(LEGACY, legacy);
      expect(await store.savedStops.list(chat)).toEqual([{ stopNo: '3017' }, { stopNo: '3000' }]);
      expect(await store.savedStops.list(chat)).toEqual([{ stopNo: '3017' }, { stopNo: '3000' }]);
      expect(await store.keyv.get(LEGACY)).toEqual(legacy);
      await store.keyv.set('chat:telegram:8:stops', 'not a list');
      expect(await store.savedStops.list({ platform: 'telegram', chatId: '8' })).toEqual([]);
      expect(await store.keyv.get('chat:telegram:8:stops')).toBe('not a list');
      expect(lines.filter((l) => l.msg === 'store: skipped a corrupt record').map((l) => l.key)).toEqual([LEGACY, 'chat:telegram:8:stops']);
    });
  });
});
