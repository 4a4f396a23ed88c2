// A store written by an earlier version (main at 9dc1d6b: sqlite3 and @keyv/sqlite, and the same
// Redis layout) is read back by today's store with every saved stop, subscription, setting, live
// message and claim intact. The fixtures were written by that version's own code
// (test/fixtures/store/write-earlier-store.ts).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalMinute } from '../../src/domain/local-minute.js';
import { SQLITE_FILE } from '../../src/store/keyv.js';
import { openStore, type Store } from '../../src/store/index.js';
import { EARLIER, EARLIER_SUBSCRIPTIONS } from '../fixtures/store/write-earlier-store.js';
import { REDIS_URL, deleteNamespace, describeRedis, freshNamespace } from '../support/redis.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/store');
// The live message was stored for a day from its writing; read it back within that day.
const WHEN_WRITTEN = new Date('2026-11-27T03:00:00.000Z');

async function expectEverythingBack(store: Store, savedSince: string[] = []): Promise<void> {
  expect(await store.savedStops.list(EARLIER.telegram)).toEqual([
    { stopNo: '3017', name: 'BASELINE', label: 'home' },
    { stopNo: '7659', name: 'BANK / SOMERSET' },
    ...savedSince.map((stopNo) => ({ stopNo })),
  ]);
  expect(await store.savedStops.list(EARLIER.discord)).toEqual([{ stopNo: 'sto:3000', label: 'work' }]);
  expect(await store.subscriptions.list(EARLIER.telegram)).toEqual([EARLIER_SUBSCRIPTIONS[0]]);
  expect(await store.subscriptions.list(EARLIER.discord)).toEqual([EARLIER_SUBSCRIPTIONS[1]]);
  const mondayAt0730: LocalMinute = { date: '2026-11-30', weekday: 1, minute: 450 };
  expect((await store.subscriptions.dueAt('America/Toronto', mondayAt0730, WHEN_WRITTEN)).map((s) => s.id)).toEqual(['k3f9']);
  expect(await store.subscriptions.zones()).toEqual(['America/Toronto']);
  expect(await store.chats.language(EARLIER.telegram)).toEqual({ locale: 'fr', chosen: true });
  expect(await store.chats.timeZone(EARLIER.telegram)).toBe('America/Vancouver');
  expect(await store.chats.disruptionPushes(EARLIER.discord)).toBe('off');
  expect(await store.chats.disruptionPushes(EARLIER.telegram)).toBe('on');
  expect((await store.liveMessages.list('telegram')).map((m) => [m.id, m.kind, m.request])).toEqual([
    ['telegram.1001.77', 'board', { name: 'next', options: { stop: '3017', route: '95' } }],
  ]);
  expect(await store.claims.holder('held-for-ever')).toBe('instance-a');
  expect(await store.claims.claim('held-for-ever', 'instance-b')).toBe(false);
  const saved: string[] = [];
  for await (const s of store.savedStops.everySaved()) saved.push(`${s.chat.platform}/${s.chat.chatId}/${s.stopNo}`);
  expect(saved.sort()).toEqual(
    ['discord/@42/sto:3000', 'telegram/1001/3017', 'telegram/1001/7659', ...savedSince.map((stopNo) => `telegram/1001/${stopNo}`)].sort(),
  );
}

describe('a store written by an earlier version', () => {
  let root = '';
  afterEach(() => {
    vi.useRealTimers();
    if (root !== '') rmSync(root, { recursive: true, force: true });
  });

  it('SQLite: every record read back, and written again after a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: WHEN_WRITTEN });
    root = mkdtempSync(join(tmpdir(), 'arrivals-earlier-'));
    mkdirSync(join(root, 'data'));
    copyFileSync(join(FIXTURES, 'earlier-9dc1d6b.sqlite'), join(root, 'data', SQLITE_FILE));
    const first = await openStore({ dataDir: join(root, 'data') });
    try {
      await expectEverythingBack(first);
      expect(await first.savedStops.add(EARLIER.telegram, { stopNo: '3022' }, 20)).toBe('saved');
    } finally {
      await first.close();
    }
    const again = await openStore({ dataDir: join(root, 'data') });
    try {
      await expectEverythingBack(again, ['3022']);
    } finally {
      await again.close();
    }
  });

  describeRedis('Redis', () => {
    const namespace = freshNamespace('earlier');
    afterEach(() => deleteNamespace(namespace));

    it('every record read back', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: WHEN_WRITTEN });
      const dump = JSON.parse(readFileSync(join(FIXTURES, 'earlier-9dc1d6b.redis.json'), 'utf8')) as {
        namespaceSeparator: string;
        keys: Array<{ key: string; type: 'string' | 'set'; value?: string; members?: string[] }>;
      };
      const client = createClient({ url: REDIS_URL });
      await client.connect();
      try {
        for (const entry of dump.keys) {
          const key = `${namespace}${dump.namespaceSeparator}${entry.key}`;
          if (entry.type === 'set') await client.sAdd(key, entry.members!);
          else await client.set(key, entry.value!);
        }
      } finally {
        await client.close();
      }
      const store = await openStore({ dataDir: '', redisUrl: REDIS_URL, namespace });
      try {
        await expectEverythingBack(store);
      } finally {
        await store.close();
      }
    });
  });
});
