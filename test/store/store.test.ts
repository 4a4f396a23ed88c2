import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { SQLITE_FILE } from '../../src/store/index.js';
import { clock, fakeTransit, memoryStores, privateChat, stopArrivals } from '../core/fakes.js';
import { forEachBackend } from './backends.js';

const transit = () => fakeTransit({ summary: { 'summary 3017': stopArrivals([], '3017', 'TUNNEY') } });

// The bot core over the real store: what a chat set survives a restart, on either backend.
forEachBackend((backend) => {
  it("keeps a chat's language, named stops and time zone across a restart", async () => {
    const chat = privateChat({ languageCode: 'en' });
    const first = await backend.open();
    const core1 = createBotCore({ transit: transit(), ...first, subscriptions: memoryStores().subscriptions, now: clock });
    await core1.handleText('/lang fr', chat);
    await core1.handleText('/save 3017 maison', chat);
    await core1.handleText('/timezone America/Vancouver', chat);
    await first.close();

    const second = await backend.open();
    const core2 = createBotCore({ transit: transit(), ...second, subscriptions: memoryStores().subscriptions, now: clock });
    expect(await core2.localeOf(privateChat())).toBe('fr');
    expect((await core2.handleText('/saved', chat))?.blocks[0]!.lines).toEqual(['maison: 3017 TUNNEY']);
    expect(await second.chats.timeZone(chat)).toBe('America/Vancouver');
    expect((await core2.handleText('/save 3017 travail', chat))?.blocks[0]!.lines[0]).toBe(
      "L'arrêt 3017 est déjà enregistré. /arrets affiche vos arrêts enregistrés.",
    );
  });

  it('gives one name to one stop, even when two stops ask for it at once', async () => {
    const store = await backend.open();
    const chat = privateChat({ chatId: 'naming' });
    const outcomes = await Promise.all(['3017', '3023', '3025'].map((stopNo) => store.savedStops.add(chat, { stopNo, label: 'home' }, 20)));
    expect(outcomes.filter((o) => o === 'saved')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'label-taken')).toHaveLength(2);
    expect((await store.savedStops.list(chat)).map((s) => s.label)).toEqual(['home']);
  });

  if (backend.name === 'sqlite') {
    it('creates its folder and file on first start', async () => {
      await backend.open();
      expect(existsSync(join(backend.options().dataDir, SQLITE_FILE))).toBe(true);
    });
  }
});
