// Records an earlier version stored in another shape are rewritten at open, once, the same on
// SQLite and Redis: saved stops kept in one array before slots, bare locales, subscriptions kept
// as objects. Each test writes what that version left, marks the records as of version 0 (as every
// store before the version record was), and opens the store again.
import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/domain/chat.js';
import type { LocalMinute } from '../../src/domain/local-minute.js';
import { StoreError, type Store } from '../../src/store/index.js';
import { LATEST_RECORDS, RECORDS_VERSION_KEY } from '../../src/store/migrations/index.js';
import { subscriptionKey } from '../../src/store/subscription-keys.js';
import type { Backend } from '../../src/store/backend.js';
import { eachRecord } from '../../src/store/migrations/each-record.js';
import { at, subscription } from '../pushes/fakes.js';
import { forEachBackend, type BackendUnderTest } from './backends.js';
import { capturingLogger } from './log-lines.js';

const chat: ChatRef = { platform: 'telegram', chatId: '7' };
const ARRAY = 'chat:telegram:7:stops';
const arrayStops = [{ stopNo: '3017', name: 'TUNNEY' }, { stopNo: '3000' }, { stopNo: '1234', name: 'BANK' }];
const slotKeys = (n: number) => Array.from({ length: n }, (_, i) => `chat:telegram:7:stops:slot:${i}`);

/** A store holding what `write` leaves, its records marked as of an earlier version, closed. */
async function earlierStore(backend: BackendUnderTest, write: (store: Store) => Promise<unknown>): Promise<void> {
  const store = await backend.open();
  await write(store);
  await store.keyv.delete(RECORDS_VERSION_KEY);
  await store.close();
}

forEachBackend((backend) => {
  describe('the records version', () => {
    it('a new store is at the latest', async () => {
      const store = await backend.open();
      expect(await store.keyv.get(RECORDS_VERSION_KEY)).toBe(LATEST_RECORDS);
    });

    it('records at the latest are not migrated again', async () => {
      const first = await backend.open();
      await first.keyv.set(ARRAY, arrayStops);
      const again = await backend.open();
      expect(await again.savedStops.list(chat)).toEqual([]);
      expect(await again.keyv.get(ARRAY)).toEqual(arrayStops);
    });

    it('a store whose records a newer version wrote is refused in one line, left as it was', async () => {
      const first = await backend.open();
      await first.keyv.set(RECORDS_VERSION_KEY, LATEST_RECORDS + 1);
      await first.keyv.set(ARRAY, arrayStops);
      const err = await backend.open().then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err).toBeInstanceOf(StoreError);
      expect(err!.message).toMatch(
        new RegExp(
          `^cannot open .+: a newer version of the bot wrote its records \\(records ${LATEST_RECORDS + 1}; this one reads up to ${LATEST_RECORDS}\\)$`,
        ),
      );
      expect(await first.keyv.get(RECORDS_VERSION_KEY)).toBe(LATEST_RECORDS + 1);
      expect(await first.keyv.get(ARRAY)).toEqual(arrayStops);
    });
  });

  describe('saved stops kept in one array before slots', () => {
    it('move into slots in their order, and the array is deleted', async () => {
      await earlierStore(backend, (store) => store.keyv.set(ARRAY, arrayStops));
      const store = await backend.open();
      expect(await store.savedStops.list(chat)).toEqual(arrayStops);
      expect(await store.keyv.get(ARRAY)).toBeUndefined();
      const slots = (await store.keyv.getMany(slotKeys(3))) as string[];
      expect(slots.map((s) => (JSON.parse(s) as { stopNo: string }).stopNo).sort()).toEqual(['1234', '3000', '3017']);
      expect(await (await backend.open()).savedStops.list(chat)).toEqual(arrayStops);
    });

    it('come before a stop saved after them, and count as saved', async () => {
      await earlierStore(backend, (store) => store.keyv.set(ARRAY, arrayStops));
      const store = await backend.open();
      expect(await store.savedStops.add(chat, { stopNo: '3000' }, 20)).toBe('already');
      expect(await store.savedStops.add(chat, { stopNo: '9999' }, 20)).toBe('saved');
      expect(await store.savedStops.add(chat, { stopNo: '8888' }, 4)).toBe('full');
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['3017', '3000', '1234', '9999']);
      expect(await store.savedStops.remove(chat, '3000')).toBe(true);
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo)).toEqual(['3017', '1234', '9999']);
    });

    it('are moved once when several instances open the store at the same time', async () => {
      await earlierStore(backend, (store) => store.keyv.set(ARRAY, arrayStops));
      const stores = await Promise.all(Array.from({ length: 4 }, () => backend.open()));
      const slots = (await stores[0]!.keyv.getMany(slotKeys(10))).filter((s) => s !== undefined);
      expect(slots).toHaveLength(3);
      for (const store of stores) expect(await store.savedStops.list(chat)).toEqual(arrayStops);
      expect(await stores[0]!.keyv.get(ARRAY)).toBeUndefined();
    });

    it('finish a move a crash cut short, without doubles', async () => {
      // As a process that moved the first stop and died leaves it: the array still there.
      await earlierStore(backend, async (store) => {
        await store.savedStops.add(chat, { stopNo: '3017', name: 'TUNNEY' }, 20);
        await store.keyv.set(ARRAY, arrayStops);
      });
      const store = await backend.open();
      expect((await store.savedStops.list(chat)).map((s) => s.stopNo).sort()).toEqual(['1234', '3000', '3017']);
      expect(await store.keyv.get(ARRAY)).toBeUndefined();
    });

    it('that find no free slot stay in their array, logged; those of the wrong shape are logged once, the array kept', async () => {
      const many = Array.from({ length: 48 }, (_, i) => `n${i}`);
      const odd = [{ stopNo: '3017' }, { name: 'no number' }, { stopNo: 3000 }];
      await earlierStore(backend, async (store) => {
        await Promise.all(many.map((stopNo) => store.savedStops.add(chat, { stopNo }, 50)));
        await store.keyv.set(ARRAY, arrayStops);
        await store.keyv.set('chat:telegram:8:stops', odd);
        await store.keyv.set('chat:telegram:9:stops', 'not a list');
      });
      const { logger, lines } = capturingLogger();
      const store = await backend.open({ logger });
      expect(await store.savedStops.list(chat)).toHaveLength(50);
      expect(await store.keyv.get(ARRAY)).toEqual(arrayStops);
      expect(lines.filter((l) => l.msg === 'store: saved stops not in a slot are left in their old array').map((l) => l.key)).toEqual([ARRAY]);
      expect(await store.savedStops.list({ platform: 'telegram', chatId: '8' })).toEqual([{ stopNo: '3017' }, { stopNo: '3000' }]);
      expect(await store.keyv.get('chat:telegram:8:stops')).toEqual(odd);
      expect(await store.keyv.get('chat:telegram:9:stops')).toBe('not a list');
      expect(
        lines
          .filter((l) => l.msg === 'store: skipped a corrupt record')
          .map((l) => l.key)
          .sort(),
      ).toEqual(['chat:telegram:8:stops', 'chat:telegram:9:stops']);
    });
  });

  describe('a language stored bare, before language choices', () => {
    it('reads as chosen; any other value is left for the reader to skip', async () => {
      await earlierStore(backend, async (store) => {
        await store.keyv.set('chat:telegram:5:lang', 'fr');
        await store.keyv.set('chat:telegram:6:lang', 'klingon');
      });
      const store = await backend.open();
      expect(await store.keyv.get('chat:telegram:5:lang')).toEqual({ locale: 'fr', chosen: true });
      expect(await store.chats.language({ platform: 'telegram', chatId: '5' })).toEqual({ locale: 'fr', chosen: true });
      expect(await store.keyv.get('chat:telegram:6:lang')).toBe('klingon');
      expect(await store.chats.language({ platform: 'telegram', chatId: '6' })).toBeUndefined();
    });
  });

  describe('subscriptions stored as objects, before JSON text', () => {
    it('are rewritten as text: listed, due, and streamed; a record of the wrong shape is left as it is', async () => {
      const sub = subscription(at('07:30'), { id: 'old1', chatId: '7', timeZone: 'America/Toronto' });
      const wrong = subscription(at('08:30'), { id: 'odd', chatId: '7', timeZone: 'America/Toronto' });
      await earlierStore(backend, async (store) => {
        await store.subscriptions.add(sub, 20);
        await store.subscriptions.add(wrong, 20);
        await store.keyv.set(subscriptionKey(chat, sub.id), sub);
        await store.keyv.set(subscriptionKey(chat, wrong.id), { ...wrong, schedule: 'daily' });
      });
      const store = await backend.open();
      expect(typeof (await store.keyv.get(subscriptionKey(chat, sub.id)))).toBe('string');
      expect(await store.subscriptions.list(chat)).toEqual([sub]);
      const monday: [LocalMinute, Date] = [{ date: '2026-11-23', minute: 450, weekday: 1 }, new Date('2026-11-23T12:30:00Z')];
      expect((await store.subscriptions.dueAt('America/Toronto', ...monday)).map((s) => s.id)).toEqual(['old1']);
      const streamed: string[] = [];
      for await (const s of store.subscriptions.every()) streamed.push(s.id);
      expect(streamed).toEqual(['old1']);
      expect(await store.keyv.get(subscriptionKey(chat, wrong.id))).toMatchObject({ id: 'odd', schedule: 'daily' });
    });
  });
});

describe('a records step over many records', () => {
  it('runs side by side, and fails with the first failure once those under way have settled', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `chat:telegram:${i}:lang`);
    const scan = {
      async *records() {
        for (const key of keys) yield await Promise.resolve<[string, unknown]>([key, 'fr']);
      },
    } as unknown as Backend;
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const step = async (key: string) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      if (key.endsWith(':70:lang')) throw new Error('disk full');
      done.push(key);
    };
    await expect(eachRecord(scan, 'chat:', step)).rejects.toThrow('disk full');
    expect(most).toBeGreaterThan(1);
    expect(running).toBe(0);
    // The batch holding the failure finished; no later one started.
    expect(done).toHaveLength(127);
  });
});
