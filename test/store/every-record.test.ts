// Every chat's saved stops and subscriptions, as the disruption pushes read them (a stream over the
// store), on both backends; and the per-chat /disruptions off|on setting, on when never set.
import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/domain/chat.js';
import type { SavedStopOf } from '../../src/domain/store-ports.js';
import type { Subscription } from '../../src/domain/subscription.js';
import { forEachBackend } from './backends.js';

const ottawa = { platform: 'telegram', chatId: '42' } satisfies ChatRef;
const channel = { platform: 'discord', chatId: '1234567890' } satisfies ChatRef;
// A chat id with ':' in it must come back whole.
const odd = { platform: 'console', chatId: 'a:b' } satisfies ChatRef;

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const byChatAndStop = (a: SavedStopOf, b: SavedStopOf) =>
  `${a.chat.platform}${a.chat.chatId}${a.stopNo}`.localeCompare(`${b.chat.platform}${b.chat.chatId}${b.stopNo}`);

const sub = (chat: ChatRef, id: string, stopNo: string): Subscription => ({
  id,
  chat: { ...chat, chatType: 'private' },
  stopNo,
  routeNo: '95',
  schedule: { kind: 'at', minute: 450, days: [1, 2, 3, 4, 5] },
  timeZone: 'America/Toronto',
  createdAt: '2026-01-01T00:00:00.000Z',
});

forEachBackend((backend) => {
  describe('every saved stop and subscription', () => {
    it("lists every chat's saved stops and nothing else", async () => {
      const store = await backend.open();
      await store.savedStops.add(ottawa, { stopNo: '3017', label: 'home' }, 10);
      await store.savedStops.add(ottawa, { stopNo: '3020' }, 10);
      await store.savedStops.add(odd, { stopNo: '7687' }, 10);
      await store.savedStops.add(channel, { stopNo: '1234', name: 'BANK' }, 10);
      await store.chats.setLanguage(ottawa, { locale: 'fr', chosen: true });
      await store.claims.claim('disruptions:sent:telegram:42:x:v1', 'sent');
      const listed = (await all(store.savedStops.everySaved())).sort(byChatAndStop);
      expect(listed).toEqual(
        [
          { chat: channel, stopNo: '1234' },
          { chat: odd, stopNo: '7687' },
          { chat: ottawa, stopNo: '3017' },
          { chat: ottawa, stopNo: '3020' },
        ].sort(byChatAndStop),
      );
      await store.savedStops.remove(ottawa, '3020');
      expect((await all(store.savedStops.everySaved())).map((s) => s.stopNo).sort()).toEqual(['1234', '3017', '7687']);
    });

    it('pages through more chats than a page holds, each once, an expired hold among them', async () => {
      const store = await backend.open();
      const chats = 1_100;
      for (let i = 0; i < chats; i += 100)
        await Promise.all(
          Array.from({ length: Math.min(100, chats - i) }, (_, j) =>
            store.keyv.set(`chat:telegram:${i + j}:stops:slot:0`, JSON.stringify({ stopNo: String(1000 + i + j), savedAt: 1 })),
          ),
        );
      // A save's hold that lapsed, keyed among the slots.
      await store.claims.claim('chat:telegram:5:stops:saving:1005', 'x', 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const listed = await all(store.savedStops.everySaved());
      expect(listed).toHaveLength(chats);
      expect(new Set(listed.map((s) => s.chat.chatId)).size).toBe(chats);
      expect(listed.every((s) => s.stopNo === String(1000 + Number(s.chat.chatId)))).toBe(true);
    });

    it("lists every chat's subscriptions, a corrupt record skipped", async () => {
      const store = await backend.open();
      await store.subscriptions.add(sub(ottawa, 'ab12', '3017'), 10);
      await store.subscriptions.add(sub(channel, 'cd34', '3020'), 10);
      await store.keyv.set('chat:telegram:43:sub:zz99', { not: 'a subscription' });
      const listed = await all(store.subscriptions.every());
      expect(listed.map((s) => `${s.chat.platform}:${s.chat.chatId}:${s.id}:${s.stopNo}`).sort()).toEqual([
        'discord:1234567890:cd34:3020',
        'telegram:42:ab12:3017',
      ]);
    });
  });

  describe('disruption pushes setting', () => {
    it('is on for a chat that never set it (every record an earlier version wrote), off and on again across a restart', async () => {
      const first = await backend.open();
      await first.chats.setLanguage(ottawa, { locale: 'en', chosen: true });
      expect(await first.chats.disruptionPushes(ottawa)).toBe('on');
      await first.chats.setDisruptionPushes(ottawa, 'off');
      expect(await first.chats.disruptionPushes(channel)).toBe('on');
      await first.close();
      const second = await backend.open();
      expect(await second.chats.disruptionPushes(ottawa)).toBe('off');
      await second.chats.setDisruptionPushes(ottawa, 'refused');
      expect(await second.chats.disruptionPushes(ottawa)).toBe('refused');
      await second.chats.setDisruptionPushes(ottawa, 'on');
      expect(await second.chats.disruptionPushes(ottawa)).toBe('on');
    });
  });
});
