import { describe, expect, it } from 'vitest';
import { type ChatRef } from '../../src/domain/chat.js';
import { forEachBackend } from './backends.js';
import { capturingLogger } from './log-lines.js';

const chat: ChatRef = { platform: 'telegram', chatId: '5' };
const other: ChatRef = { platform: 'telegram', chatId: '6' };
const HOME = { name: 'home', lat: 45.35238, lon: -75.761208 };
const WORK = { name: 'work', lat: 45.4215, lon: -75.6972 };

forEachBackend((backend) => {
  describe('rider places', () => {
    it('keeps a chat’s places across a restart, in the order saved, until deleted', async () => {
      const first = await backend.open();
      expect(await first.places.list(chat)).toEqual([]);
      expect(await first.places.put(chat, HOME, 10)).toBe('saved');
      expect(await first.places.put(chat, WORK, 10)).toBe('saved');
      expect(await first.places.put(chat, { ...HOME, lat: 45.36 }, 10)).toBe('replaced');
      await first.close();
      const again = await backend.open();
      expect(await again.places.list(chat)).toEqual([{ ...HOME, lat: 45.36 }, WORK]);
      expect(await again.places.remove(chat, 'home')).toBe(true);
      expect(await again.places.remove(chat, 'home')).toBe(false);
      expect(await again.places.list(chat)).toEqual([WORK]);
      expect(await again.places.remove(chat, 'work')).toBe(true);
      expect(await again.places.list(chat)).toEqual([]);
    });

    it('keeps chats apart, and says full past the most a chat keeps', async () => {
      const { places } = await backend.open();
      await places.put(chat, HOME, 1);
      expect(await places.put(chat, WORK, 1)).toBe('full');
      expect(await places.list(other)).toEqual([]);
      expect(await places.list({ platform: 'discord', chatId: '5' })).toEqual([]);
    });

    it('walks at a normal pace until told otherwise, per chat', async () => {
      const first = await backend.open();
      expect(await first.places.walkPace(chat)).toBe('normal');
      await first.places.setWalkPace(chat, 'slow');
      await first.close();
      const again = await backend.open();
      expect(await again.places.walkPace(chat)).toBe('slow');
      expect(await again.places.walkPace(other)).toBe('normal');
    });

    it('the place a location is awaited for: read by another instance, once, and lapsed after its time', async () => {
      const first = await backend.open();
      const second = await backend.open();
      await first.places.awaitLocation(chat, 'home', 60_000);
      expect(await second.places.takeAwaited(other)).toBeUndefined();
      expect(await second.places.takeAwaited(chat)).toBe('home');
      expect(await first.places.takeAwaited(chat)).toBeUndefined();
      await first.places.awaitLocation(chat, 'work', 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await second.places.takeAwaited(chat)).toBeUndefined();
    });

    it('skips a corrupt record, logging its key and never what it holds', async () => {
      const { logger, lines } = capturingLogger();
      const store = await backend.open({ logger });
      await store.keyv.set('chat:telegram:5:places', { places: [{ name: 'home', lat: 45.35238, lon: 'west' }] });
      await store.keyv.set('chat:telegram:5:walk', 'sprint');
      expect(await store.places.list(chat)).toEqual([]);
      expect(await store.places.walkPace(chat)).toBe('normal');
      expect(lines.filter((l) => l.msg === 'store: skipped a corrupt record').map((l) => l.key)).toEqual([
        'chat:telegram:5:places',
        'chat:telegram:5:walk',
      ]);
      expect(JSON.stringify(lines)).not.toContain('45.35');
    });
  });
});
