import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/domain/reply.js';
import type { LiveMessage } from '../../src/store/index.js';
import { forEachBackend } from './backends.js';

const message = (n: number, extra: Partial<LiveMessage> = {}): LiveMessage => ({
  id: `telegram.42.${n}`,
  platform: 'telegram',
  chatId: '42',
  chatType: 'private',
  messageId: String(n),
  languageCode: 'fr-CA',
  request: { name: 'where', options: { stop: '3017', route: '95', trip: '0740' } },
  until: '2026-11-21T13:20:00.000Z',
  ...extra,
});

forEachBackend((backend) => {
  describe('live messages', () => {
    it('are kept across a restart, per platform, until removed', async () => {
      const store = await backend.open();
      await store.liveMessages.put(message(1));
      await store.liveMessages.put(message(2, { cardId: '3' }));
      await store.liveMessages.put(message(3, { id: 'discord.7.3', platform: 'discord', chatId: '@7', channelId: '8' }));
      // Stored again (a second press on the same message): still one record.
      await store.liveMessages.put(message(2, { cardId: '3' }));
      const again = await backend.open();
      expect((await again.liveMessages.list('telegram')).map((m) => m.id).sort()).toEqual(['telegram.42.1', 'telegram.42.2']);
      expect(await again.liveMessages.list('telegram')).toContainEqual(message(1));
      await again.liveMessages.remove(message(1));
      expect((await store.liveMessages.list('telegram')).map((m) => m.id)).toEqual(['telegram.42.2']);
      expect((await store.liveMessages.list('discord')).map((m) => m.id)).toEqual(['discord.7.3']);
      // Telegram's pin keeps the message of facts sent beside it; a record stored before has none.
      expect((await again.liveMessages.list('telegram')).find((m) => m.id === 'telegram.42.2')?.cardId).toBe('3');
      expect((await again.liveMessages.list('telegram')).find((m) => m.id === 'telegram.42.1')?.cardId).toBeUndefined();
      // Discord's DM message is in its DM channel, kept with it.
      expect((await store.liveMessages.list('discord'))[0]!.channelId).toBe('8');
    });

    it("keep a 🚌 track's pin and trip beside records of earlier versions, which read back as they were", async () => {
      const store = await backend.open();
      const tracked = message(5, {
        kind: 'track',
        pinId: '6',
        followKey: '3017:95:0806',
        request: { name: 'track', options: { stop: '3017', route: '95', trip: '0806', off: '3020', direction: '0' } },
      });
      await store.liveMessages.put(tracked);
      // A 📍 record as versions before tracks wrote it: no kind, no pin, no trip key.
      await store.liveMessages.put(message(4, { cardId: '9' }));
      const again = await backend.open();
      const read = await again.liveMessages.list('telegram');
      expect(read).toContainEqual(tracked);
      expect(read).toContainEqual(message(4, { cardId: '9' }));
      expect(read.find((m) => m.id === 'telegram.42.4')).not.toHaveProperty('kind');
    });

    it('keep what a message shows beside it, read it back after a restart, and forget it with the record', async () => {
      const store = await backend.open();
      await store.liveMessages.put(message(1, { kind: 'board' }));
      expect(await store.liveMessages.lastShown(message(1))).toBeUndefined();
      const shown: Reply = {
        kind: 'answer',
        title: "TUNNEY'S PASTURE (3017)",
        blocks: [{ heading: '95 Barrhaven Centre', lines: ['6 min (08:12) 📡 to Orléans'] }],
        footer: ['Updated at 08:06'],
        buttons: [[{ label: 'Refresh', command: { name: 'next', options: { stop: '3017' } }, effect: 'update' }]],
        location: { lat: 45.4, lon: -75.7 },
      };
      await store.liveMessages.keepShown(message(1), shown);
      const again = await backend.open();
      const { location: _place, ...rendered } = shown;
      expect(await again.liveMessages.lastShown(message(1))).toEqual(rendered);
      // A kept answer that is not one (written by hand, or by a later version) reads as none.
      await store.keyv.set('live-shown.telegram.42.2', { kind: 'answer', blocks: 'no' });
      expect(await store.liveMessages.lastShown(message(2))).toBeUndefined();
      await store.liveMessages.remove(message(1));
      expect(await store.liveMessages.lastShown(message(1))).toBeUndefined();
    });

    it('keep a 🔴 /line picture beside the pins and boards, and the digest of the picture it shows, across a restart', async () => {
      const store = await backend.open();
      const picture = message(4, { kind: 'picture', request: { name: 'line', options: { route: '95', stop: '3017' } } });
      await store.liveMessages.put(picture);
      // A board, its answer kept as before pictures were: no picture shown.
      await store.liveMessages.put(message(5, { kind: 'board', request: { name: 'next', options: { stop: '3017' } } }));
      await store.liveMessages.keepShown(message(5), { kind: 'answer', blocks: [{ lines: ['6 min'] }] });
      expect(await store.liveMessages.shownPicture(picture)).toBeUndefined();
      const shown: Reply = { kind: 'answer', title: '🛤 Route 95', blocks: [{ lines: ['●──🚌─◉ 3017'] }], pictureDigest: 'Zk3_digest-of-the-svg' };
      await store.liveMessages.keepShown(picture, shown);
      const again = await backend.open();
      expect((await again.liveMessages.list('telegram')).find((m) => m.id === picture.id)).toEqual(picture);
      expect((await again.liveMessages.list('telegram')).find((m) => m.id === 'telegram.42.5')?.kind).toBe('board');
      expect(await again.liveMessages.shownPicture(picture)).toBe('Zk3_digest-of-the-svg');
      expect(await again.liveMessages.shownPicture(message(5))).toBeUndefined();
      expect(await again.liveMessages.lastShown(picture)).toEqual({ kind: 'answer', title: '🛤 Route 95', blocks: [{ lines: ['●──🚌─◉ 3017'] }] });
      await again.liveMessages.remove(picture);
      expect(await again.liveMessages.shownPicture(picture)).toBeUndefined();
    });

    it('a record that cannot be read is dropped from the list, not a failure', async () => {
      const store = await backend.open();
      await store.liveMessages.put(message(1));
      await store.liveMessages.put(message(2));
      await store.keyv.set('live.telegram.42.2', { id: 'telegram.42.2', platform: 'nowhere' });
      expect((await store.liveMessages.list('telegram')).map((m) => m.id)).toEqual(['telegram.42.1']);
      await store.keyv.delete('live.telegram.42.1');
      expect(await store.liveMessages.list('telegram')).toEqual([]);
    });
  });
});
