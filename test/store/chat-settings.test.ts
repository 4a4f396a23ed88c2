import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/index.js';
import { type ChatRef } from '../../src/domain/chat.js';
import { forEachBackend, itCutting } from './backends.js';
import { capturingLogger } from './log-lines.js';
import { outage } from './outage.js';

const chat: ChatRef = { platform: 'telegram', chatId: '5' };

forEachBackend((backend) => {
  describe('chat settings', () => {
    it('knows nothing of a new chat, then remembers its language across a restart', async () => {
      const first = await backend.open();
      expect(await first.chats.language(chat)).toBeUndefined();
      await first.chats.setLanguage(chat, { locale: 'fr', chosen: false });
      expect(await first.chats.language(chat)).toEqual({ locale: 'fr', chosen: false });
      await first.chats.setLanguage(chat, { locale: 'en', chosen: true });
      await first.close();
      expect(await (await backend.open()).chats.language(chat)).toEqual({ locale: 'en', chosen: true });
    });

    it('keeps platforms apart', async () => {
      const { chats } = await backend.open();
      await chats.setLanguage(chat, { locale: 'fr', chosen: true });
      expect(await chats.language({ platform: 'console', chatId: '5' })).toBeUndefined();
    });

    it("reads any language's record, its folder present or not: the core decides what a gone one speaks", async () => {
      const store = await backend.open();
      await store.keyv.set('chat:telegram:5:lang', { locale: 'es', chosen: false });
      expect(await store.chats.language(chat)).toEqual({ locale: 'es', chosen: false });
    });

    it('skips a corrupt language record as never seen, logging it once', async () => {
      const { logger, lines } = capturingLogger();
      const store = await backend.open({ logger });
      await store.keyv.set('chat:telegram:5:lang', { locale: '../Deutsch', chosen: true });
      expect(await store.chats.language(chat)).toBeUndefined();
      expect(await store.chats.language(chat)).toBeUndefined();
      expect(lines.filter((l) => l.msg === 'store: skipped a corrupt record').map((l) => l.key)).toEqual(['chat:telegram:5:lang']);
      await store.chats.setLanguage(chat, { locale: 'en', chosen: true });
      expect(await store.chats.language(chat)).toEqual({ locale: 'en', chosen: true });
    });

    itCutting(backend)('rejects with a StoreError carrying the cause when the backend fails', async () => {
      const { store, cut } = await outage(backend);
      await cut();
      for (const operation of [() => store.chats.language(chat), () => store.chats.setLanguage(chat, { locale: 'fr', chosen: true })]) {
        const err = await operation().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreError);
        expect((err as StoreError).cause).toBeInstanceOf(Error);
      }
    });
  });
});
