// A chat's refusal, return and move, as the store writes them: the same on SQLite and Redis.
import { describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/domain/chat.js';
import type { LocalMinute } from '../../src/domain/local-minute.js';
import type { Store } from '../../src/store/index.js';
import { at, subscription } from '../pushes/fakes.js';
import { forEachBackend, itCutting } from './backends.js';
import { capturingLogger } from './log-lines.js';
import { failingRecordWrites, outage } from './outage.js';

const chat: ChatRef = { platform: 'telegram', chatId: '42' };
const group = (chatId: string) => ({ platform: 'telegram' as const, chatId, chatType: 'group' as const });
/** An alert of that group. */
const groupSub = (id: string, chatId: string, extra: Parameters<typeof subscription>[1] = {}) => sub(id, { chatId, chatType: 'group', ...extra });
const TORONTO = 'America/Toronto';
/** 07:30 on Monday 23 November 2026 in Toronto, as a tick asks the index for it. */
const mondayAt0730: [LocalMinute, Date] = [{ date: '2026-11-23', minute: 450, weekday: 1 }, new Date('2026-11-23T12:30:00Z')];
const sub = (id: string, extra: Parameters<typeof subscription>[1] = {}) => subscription(at('07:30'), { id, ...extra });
const pauses = async (store: Store, of: ChatRef) => (await store.subscriptions.list(of)).map((s) => [s.id, s.paused]);
const due = async (store: Store) => (await store.subscriptions.dueAt(TORONTO, ...mondayAt0730)).map((s) => `${s.chat.chatId}/${s.id}`).sort();

forEachBackend((backend) => {
  describe('the chat lifecycle', () => {
    it("refused: every active alert pauses as refused (a rider's own pause stays), and its disruption pushes with them", async () => {
      const store = await backend.open();
      await store.subscriptions.add(sub('a'), 20);
      await store.subscriptions.add(sub('b', { paused: 'user' }), 20);
      await store.lifecycle.refused(chat);
      expect(await pauses(store, chat)).toEqual([
        ['a', 'refused'],
        ['b', 'user'],
      ]);
      expect(await store.chats.disruptionPushes(chat)).toBe('refused');
      expect(await due(store)).toEqual([]);
    });

    it('returned: what the refusal paused resumes, a rider pause stays, its disruption pushes are on again', async () => {
      const store = await backend.open();
      await store.subscriptions.add(sub('a'), 20);
      await store.subscriptions.add(sub('b', { paused: 'user' }), 20);
      await store.lifecycle.refused(chat);
      await store.lifecycle.returned(chat);
      expect(await pauses(store, chat)).toEqual([
        ['a', undefined],
        ['b', 'user'],
      ]);
      expect(await store.chats.disruptionPushes(chat)).toBe('on');
      expect(await due(store)).toEqual(['42/a']);
    });

    it('a chat that said /disruptions off stays off through a refusal and a return', async () => {
      const store = await backend.open();
      await store.chats.setDisruptionPushes(chat, 'off');
      await store.lifecycle.refused(chat);
      expect(await store.chats.disruptionPushes(chat)).toBe('off');
      await store.lifecycle.returned(chat);
      expect(await store.chats.disruptionPushes(chat)).toBe('off');
    });

    it('moved: its alerts follow under the new id, index included, those paused as refused resumed; /disruptions off follows', async () => {
      const store = await backend.open();
      const from = group('-1');
      const to: ChatRef = { platform: 'telegram', chatId: '-100777' };
      await store.subscriptions.add(groupSub('a', '-1'), 20);
      await store.subscriptions.add(groupSub('b', '-1', { paused: 'user' }), 20);
      await store.subscriptions.add(groupSub('c', '-1', { paused: 'refused' }), 20);
      await store.chats.setDisruptionPushes(from, 'off');
      await store.lifecycle.moved(from, to);
      expect(await store.subscriptions.list(from)).toEqual([]);
      expect((await store.subscriptions.list(to)).map((s) => [s.id, s.chat.chatId, s.chat.chatType, s.paused])).toEqual([
        ['a', '-100777', 'group', undefined],
        ['b', '-100777', 'group', 'user'],
        ['c', '-100777', 'group', undefined],
      ]);
      expect(await due(store)).toEqual(['-100777/a', '-100777/c']);
      expect(await store.chats.disruptionPushes(to)).toBe('off');
      // Refused under the old id says nothing of the new one: on.
      await store.chats.setDisruptionPushes(group('-2'), 'refused');
      await store.lifecycle.moved(group('-2'), { platform: 'telegram', chatId: '-100888' });
      expect(await store.chats.disruptionPushes({ platform: 'telegram', chatId: '-100888' })).toBe('on');
    });

    it('moved: its saved stops, language and zone follow; what the new chat already chose stays its own', async () => {
      const store = await backend.open();
      const from = group('-1');
      const to: ChatRef = { platform: 'telegram', chatId: '-100777' };
      await store.savedStops.add(from, { stopNo: '3017', name: 'BASELINE', label: 'work' }, 8);
      await store.savedStops.add(from, { stopNo: '3020', label: 'home' }, 8);
      await store.savedStops.add(to, { stopNo: '7000', label: 'home' }, 8);
      await store.chats.setLanguage(from, { locale: 'fr', chosen: true });
      await store.chats.setTimeZone(from, 'America/Toronto');
      await store.chats.setTimeZone(to, 'America/Vancouver');
      await store.lifecycle.moved(from, to);
      expect(await store.savedStops.list(from)).toEqual([]);
      // "home" is the new chat's name already: 3020 moves without it.
      expect(await store.savedStops.list(to)).toEqual([
        { stopNo: '7000', label: 'home' },
        { stopNo: '3017', name: 'BASELINE', label: 'work' },
        { stopNo: '3020' },
      ]);
      expect(await store.chats.language(to)).toEqual({ locale: 'fr', chosen: true });
      expect(await store.chats.timeZone(to)).toBe('America/Vancouver');
    });

    it('moved: its places and walking pace follow, for its leave-now alerts; a name the new chat used already stays its own', async () => {
      const store = await backend.open();
      const from = group('-1');
      const to: ChatRef = { platform: 'telegram', chatId: '-100777' };
      await store.places.put(from, { name: 'home', lat: 45.36, lon: -75.75 }, 10);
      await store.places.put(from, { name: 'work', lat: 45.42, lon: -75.69 }, 10);
      await store.places.put(to, { name: 'work', lat: 45.3, lon: -75.9 }, 10);
      await store.places.setWalkPace(from, 'slow');
      await store.lifecycle.moved(from, to);
      expect(await store.places.list(to)).toEqual([
        { name: 'work', lat: 45.3, lon: -75.9 },
        { name: 'home', lat: 45.36, lon: -75.75 },
      ]);
      expect(await store.places.list(from)).toEqual([{ name: 'work', lat: 45.42, lon: -75.69 }]);
      expect(await store.places.walkPace(to)).toBe('slow');
    });

    it('a move a crash cut short is finished; an alert the new chat made with the same id stays, and so does the old one', async () => {
      const store = await backend.open();
      const from = group('-1');
      const to = group('-100777');
      const halfMoved = groupSub('a', '-1');
      await store.subscriptions.add(halfMoved, 20);
      await store.subscriptions.add({ ...halfMoved, chat: to }, 20);
      await store.subscriptions.add(groupSub('b', '-1'), 20);
      await store.subscriptions.add(groupSub('b', '-100777', { createdAt: '2026-11-22T09:00:00.000Z' }), 20);
      await store.lifecycle.moved(from, to);
      expect((await store.subscriptions.list(from)).map((s) => s.id)).toEqual(['b']);
      expect((await store.subscriptions.list(to)).map((s) => [s.id, s.createdAt])).toEqual([
        ['a', halfMoved.createdAt],
        ['b', '2026-11-22T09:00:00.000Z'],
      ]);
    });

    itCutting(backend)('a refusal is written at once: a write that fails leaves the chat as it was, and is logged, never thrown', async () => {
      const { logger, lines } = capturingLogger();
      const { store, heal } = await failingRecordWrites(backend, { keyPart: ':disruption-pushes', logger });
      await store.subscriptions.add(sub('a'), 20);
      await store.subscriptions.add(sub('b'), 20);
      // The alerts are written first and the setting last: had they gone one by one, they would be paused now.
      await expect(store.lifecycle.refused(chat)).resolves.toBeUndefined();
      await heal();
      const after = await backend.open();
      expect(await pauses(after, chat)).toEqual([
        ['a', undefined],
        ['b', undefined],
      ]);
      expect(await after.chats.disruptionPushes(chat)).toBe('on');
      expect(lines.map((l) => l.msg)).toContain('could not pause the alerts of a chat that refuses the bot');
    });

    it('tells the watch list of the chats it wrote, and the disruption pushes of a chat back', async () => {
      const store = await backend.open();
      const told: string[] = [];
      store.onWatchChange((c, change) => told.push(`${c.chatId} ${change}`));
      await store.lifecycle.refused(chat);
      await store.lifecycle.returned(chat);
      await store.lifecycle.moved(group('-1'), { platform: 'telegram', chatId: '-100777' });
      expect(told).toEqual(['42 places', '42 pushes-on', '42 places', '-1 places', '-100777 places']);
    });

    itCutting(backend)('never rejects with the backend gone: each failure is logged', async () => {
      const { logger, lines } = capturingLogger();
      const { store, cut } = await outage(backend, logger);
      await cut();
      await expect(store.lifecycle.refused(chat)).resolves.toBeUndefined();
      await expect(store.lifecycle.returned(chat)).resolves.toBeUndefined();
      await expect(store.lifecycle.moved(chat, { platform: 'telegram', chatId: '43' })).resolves.toBeUndefined();
      expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual(
        expect.arrayContaining([
          'could not pause the alerts of a chat that refuses the bot',
          'could not resume the alerts of a chat that uses the bot again',
          'could not move the alerts of a migrated chat',
        ]),
      );
    });
  });
});
