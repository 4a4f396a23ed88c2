import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { MAX_SAVED_STOPS } from '../../src/core/commands/save.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { brokenStores, clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, stopArrivals } from './fakes.js';

const transit = () =>
  fakeTransit({
    summary: {
      'summary 3017': stopArrivals([], '3017', "TUNNEY'S PASTURE"),
      'summary 3023': stopArrivals([], '3023', 'HURDMAN'),
      'summary 7687': new TransitError('unavailable', 'slow', { reason: 'timeout' }),
    },
  });

describe('/lang', () => {
  it('answers in the new language and keeps it for the chat only', async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    const chat = privateChat({ languageCode: 'en-US' });
    const reply = await core.handleText('/lang fr', chat);
    expect(reply?.blocks[0]!.lines[0]).toBe("D'accord, je parlerai français dans cette conversation.");
    expect(await core.localeOf(chat)).toBe('fr');
    expect(await core.localeOf(privateChat({ chatId: '43', languageCode: 'en-US' }))).toBe('en');
    expect(await core.localeOf({ ...chat, platform: 'discord' })).toBe('en');
    expect(await stores.chats.language(chat)).toEqual({ locale: 'fr', chosen: true });
  });

  it('falls back to the platform language code, then English', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    expect(await core.localeOf(privateChat({ languageCode: 'fr-CA' }))).toBe('fr');
    expect(await core.localeOf(privateChat({ chatId: '43' }))).toBe('en');
  });
});

describe('saved stops', () => {
  it('/save then /stops lists them with their names, each a next button', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    const chat = privateChat();
    expect((await core.handleText('/stops', chat))?.blocks[0]!.lines[0]).toBe(
      'No saved stops yet. Save one with /save 3017, or /save 3017 home to give it a name.',
    );
    await core.handleText('/save 3017', chat);
    await core.handleText('/save 3023', chat);
    expect((await core.handleText('/save 3017', chat))?.blocks[0]!.lines[0]).toBe('Stop 3017 is already saved. /stops lists your saved stops.');
    const list = await core.handleText('/stops', chat);
    expect(list?.blocks[0]!.lines).toEqual(["3017 TUNNEY'S PASTURE", '3023 HURDMAN']);
    expect(list?.buttons?.flat().map((b) => b.command)).toEqual([
      { name: 'next', options: { stop: '3017' } },
      { name: 'next', options: { stop: '3023' } },
    ]);
  });

  it('saves a stop without its name when the API is slow, refuses one that does not exist', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    const chat = privateChat();
    expect((await core.handleText('/save 7687', chat))?.kind).toBe('answer');
    const unknown = await core.handleText('/save 9999', chat);
    expect(unknown?.kind).toBe('failure');
    expect(unknown?.blocks[0]!.lines[0]).toBe("Stop 9999 doesn't exist. Check the 4-digit number on the stop sign.");
    expect((await core.handleText('/stops', chat))?.blocks[0]!.lines).toEqual(['7687']);
  });

  it('names a saved stop as the API does (the whole stop), the stop index only when the API is down', async () => {
    const stops = fakeStopIndex([
      { code: '3017', id: 'RF900', name: 'TUNNEY 1B', lat: 45.403, lon: -75.735 },
      { code: '7687', id: 'CA090', name: 'BANK / SLATER', lat: 45.419, lon: -75.7 },
    ]);
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock, stops });
    const chat = privateChat();
    await core.handleText('/save 3017', chat);
    await core.handleText('/save 7687', chat);
    expect((await core.handleText('/stops', chat))?.blocks[0]!.lines).toEqual(["3017 TUNNEY'S PASTURE", '7687 BANK / SLATER']);
  });

  it(`keeps at most ${MAX_SAVED_STOPS} stops`, async () => {
    const stores = memoryStores();
    const chat = privateChat();
    for (let i = 0; i < MAX_SAVED_STOPS; i++) await stores.savedStops.add(chat, { stopNo: String(1000 + i) }, MAX_SAVED_STOPS);
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    const reply = await core.handleText('/save 3017', chat);
    expect(reply?.kind).toBe('failure');
    expect(reply?.blocks[0]!.lines[0]).toBe(`You already have ${MAX_SAVED_STOPS} saved stops, the most I keep.`);
  });
});

describe('a failing store', () => {
  it('still answers, in the platform language, and says when it could not remember', async () => {
    const core = createBotCore({ transit: transit(), ...brokenStores(), now: clock });
    const chat = privateChat({ languageCode: 'fr' });
    expect(await core.localeOf(chat)).toBe('fr');
    expect(await core.handleText('/lang en', chat)).toMatchObject({
      kind: 'failure',
      blocks: [{ lines: ["Je n'ai pas pu m'en souvenir pour le moment; réessayez dans une minute."] }],
    });
    expect((await core.handleText('/save 3017', chat))?.kind).toBe('failure');
    expect((await core.handleText('/stops', chat))?.kind).toBe('failure');
    expect((await core.handleText('/help', chat))?.kind).toBe('answer');
  });

  it('says what it could not do when the store fails: remove, pause, resume, unsave', async () => {
    const core = createBotCore({ transit: transit(), ...brokenStores(), now: clock });
    const say = async (text: string) => (await core.handleText(text, privateChat()))?.blocks[0]?.lines[0];
    expect(await say('/unsubscribe all')).toBe("I couldn't remove the alerts right now. /subs shows those still set; try again in a minute.");
    expect(await say('/unsubscribe k3f9')).toBe("I couldn't remove alert k3f9 right now. /subs shows those still set; try again in a minute.");
    expect(await say('/pause all')).toBe("I couldn't pause the alerts right now. Try again in a minute.");
    expect(await say('/resume k3f9')).toBe("I couldn't turn alert k3f9 back on right now. Try again in a minute.");
    expect(await say('/unsave 3017')).toBe("I couldn't forget that stop right now. It is still saved; try again in a minute.");
  });

  it('never overwrites saved stops it could not read', async () => {
    const stores = memoryStores();
    const chat = privateChat();
    await stores.savedStops.add(chat, { stopNo: '3023' }, MAX_SAVED_STOPS);
    const failing = { ...stores.savedStops, add: () => Promise.reject(new Error('down')), list: () => Promise.reject(new Error('down')) };
    const core = createBotCore({ transit: transit(), ...stores, savedStops: failing, now: clock });
    expect((await core.handleText('/save 3017', chat))?.kind).toBe('failure');
    expect((await core.handleText('/stops', chat))?.kind).toBe('failure');
    expect(await stores.savedStops.list(chat)).toEqual([{ stopNo: '3023' }]);
  });
});

describe('a chat language remembered for pushes', () => {
  it('a push to a chat that set /lang fr last week is in French', async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    await core.handleText('/lang fr', privateChat({ languageCode: 'en-US' }));
    // Days later the scheduler runs the command for the chat: no message, so no language code.
    const push = await core.run({ name: 'help', options: {} }, privateChat());
    expect(push.title).toBe((await core.handleText('/help', privateChat({ languageCode: 'fr' })))!.title);
    expect(push.title).not.toBe((await core.handleText('/help', privateChat({ chatId: '7', languageCode: 'en' })))!.title);
  });

  it('remembers the platform language when first seen, and follows it until /lang is used', async () => {
    const stores = memoryStores();
    const core = createBotCore({ transit: transit(), ...stores, now: clock });
    await core.handleText('/help', privateChat({ languageCode: 'fr-CA' }));
    expect(await stores.chats.language(privateChat())).toEqual({ locale: 'fr', chosen: false });
    expect(await core.localeOf(privateChat())).toBe('fr');
    await core.handleText('/help', privateChat({ languageCode: 'en' }));
    expect(await core.localeOf(privateChat())).toBe('en');
    await core.handleText('/lang fr', privateChat({ languageCode: 'en' }));
    await core.handleText('/help', privateChat({ languageCode: 'en' }));
    expect(await stores.chats.language(privateChat())).toEqual({ locale: 'fr', chosen: true });
  });

  it('never throws on a language code that is not a string', async () => {
    const core = createBotCore({ transit: transit(), ...memoryStores(), now: clock });
    for (const languageCode of [42, null, {}, ['fr']] as unknown[]) {
      const reply = await core.handleText('/help', { ...privateChat(), languageCode } as never);
      expect(reply?.kind).toBe('answer');
      expect(await core.localeOf({ ...privateChat(), languageCode } as never)).toBe('en');
    }
  });
});
