import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotCore } from '../../../src/core/core.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { clock, fakeTransit, memoryStores, stopArrivals, route, trip } from '../../core/fakes.js';
import { riderWorld, startHarness, type Harness } from './harness.js';
import { ALICE, BENOIT, customIds, embedOf, GUILD, slash } from './interactions.js';

// Every command of the table as a slash command, through discord.js's own interaction objects
// (the fake gateway sends INTERACTION_CREATE) and back over REST to the fake Discord.

const EPHEMERAL = 64;

/** The custom ids without the 📍 buttons (one per live trip, which these tests do not count). */
const withoutWhere = (rows: string[][]) =>
  rows.map((row) => row.filter((id) => !id.startsWith('b1:r:where?') && !id.startsWith('b1:r:track?'))).filter((row) => row.length > 0);

describe('slash commands', () => {
  let h: Harness;
  let world: ReturnType<typeof riderWorld>;
  beforeAll(async () => {
    world = riderWorld();
    h = await startHarness({ core: world.core });
  });
  afterAll(() => h.close());

  /** The callbacks and webhook calls made for one interaction token, in order, as "METHOD what". */
  const trail = (token: string) =>
    h.discord.calls
      .filter((c) => c.path.includes(token))
      .map(
        (c) =>
          `${c.method} ${c.path.includes('/callback') ? `callback ${c.body.type}${c.body.data?.flags ? ` flags ${c.body.data.flags}` : ''}` : c.path.replace(/^.*interaction-token-[^/]+/, 'webhook')}`,
      );
  const settled = (token: string, method: string, path: RegExp) => h.discord.waitForCall(method, path, (c) => c.path.includes(token));

  it('/next: deferred at once, then the arrivals as an embed with Refresh and Save', async () => {
    const token = h.discord.interact(slash('next', { stop: '3017', route: '95' }));
    await settled(token, 'PATCH', /@original$/);
    expect(trail(token)).toEqual(['POST callback 5', 'PATCH webhook/messages/@original']);
    const message = h.discord.original(token)!;
    expect(embedOf(message)).toMatchObject({ title: 'BASELINE STATION (3017)', footer: { text: '📡 bus tracked · 🕒 scheduled\nUpdated at 08:05' } });
    expect(embedOf(message).fields).toEqual([{ name: '95 Barrhaven Centre', value: '3 min (08:08) 📡\n12 min (08:17) 🕒' }]);
    expect(withoutWhere(customIds(message))).toEqual([
      ['b1:u:next?stop=3017&route=95', 'b1:u:live?stop=3017&route=95', 'b1:n:save?stop=3017'],
      ['b1:r:line?route=95&stop=3017'],
      ['b1:n:notify?stop=3017&route=95'],
    ]);
    expect(message.flags & EPHEMERAL).toBe(0);
  });

  it('/next for every route: a field per route and direction, a button per route', async () => {
    const token = h.discord.interact(slash('next', { stop: '3017' }));
    await settled(token, 'PATCH', /@original$/);
    const message = h.discord.original(token)!;
    expect(embedOf(message).fields!.map((f) => f.name)).toEqual(['95 Barrhaven Centre', '97 Airport']);
    expect(withoutWhere(customIds(message))).toEqual([
      ['b1:u:next?stop=3017', 'b1:u:live?stop=3017', 'b1:n:save?stop=3017'],
      ['b1:r:line?route=95&stop=3017'],
      ['b1:r:next?stop=3017&route=95', 'b1:r:next?stop=3017&route=97'],
    ]);
  });

  it('/routes: deferred, then the routes serving the stop, each a button', async () => {
    const token = h.discord.interact(slash('routes', { stop: '3017' }));
    await settled(token, 'PATCH', /@original$/);
    expect(trail(token)[0]).toBe('POST callback 5');
    const message = h.discord.original(token)!;
    expect(embedOf(message).title).toBe('Routes at BASELINE STATION (3017)');
    expect(embedOf(message).description).toMatch(/^95 Barrhaven Centre/);
    expect(customIds(message)).toEqual([['b1:r:next?stop=3017&route=95', 'b1:r:next?stop=3017&route=97']]);
  });

  it('/stop by number asks the network (deferred); by name it answers from the stop index at once', async () => {
    const byNumber = h.discord.interact(slash('stop', { query: '3017' }));
    await settled(byNumber, 'PATCH', /@original$/);
    expect(trail(byNumber)[0]).toBe('POST callback 5');
    expect(embedOf(h.discord.original(byNumber)).title).toBe('BASELINE STATION (3017)');

    const byName = h.discord.interact(slash('stop', { query: 'bank' }));
    await settled(byName, 'POST', /callback$/);
    expect(trail(byName)).toEqual(['POST callback 4']);
    const found = h.discord.original(byName)!;
    expect(embedOf(found).description).toContain('7687 BANK / SLATER');
    expect(customIds(found)).toEqual([['b1:r:next?stop=7687']]);
  });

  it('/save then /stops in a server channel: the channel keeps the list', async () => {
    const save = h.discord.interact(slash('save', { stop: '3017' }));
    await settled(save, 'PATCH', /@original$/);
    expect(embedOf(h.discord.original(save)).description).toBe('Saved stop 3017. /stops lists your saved stops.');
    expect(world.stores.savedStops.lists.get(`discord:${GUILD.channelId}`)).toEqual([{ stopNo: '3017', name: 'BASELINE STATION' }]);

    const stops = h.discord.interact(slash('saved', {}));
    await settled(stops, 'POST', /callback$/);
    expect(trail(stops)).toEqual(['POST callback 4']);
    const list = h.discord.original(stops)!;
    expect(embedOf(list)).toMatchObject({ title: 'Your saved stops', description: '3017 BASELINE STATION' });
    expect(customIds(list)).toEqual([['b1:r:next?stop=3017']]);
  });

  it('/help and /start answer at once, publicly', async () => {
    for (const [name, title] of [
      ['help', 'OC Transpo bus arrivals'],
      ['start', 'Hello! I tell you when your bus comes.'],
    ] as const) {
      const token = h.discord.interact(slash(name, {}));
      await settled(token, 'POST', /callback$/);
      expect(trail(token)).toEqual(['POST callback 4']);
      expect(embedOf(h.discord.original(token)).title).toBe(title);
      expect(h.discord.original(token)!.flags & EPHEMERAL).toBe(0);
    }
  });

  it("speaks the rider's language: a French user in a DM, whose saved stops are their own", async () => {
    const token = h.discord.interact(slash('next', { stop: '3017', route: '95' }, BENOIT, 'dm'));
    await settled(token, 'PATCH', /@original$/);
    const message = h.discord.original(token)!;
    expect(embedOf(message).footer!.text).toBe('📡 autobus localisé · 🕒 horaire\nMis à jour à 08:05');
    expect(message.components[0]!.components.map((b) => b.label)).toEqual(['Actualiser', '🔴 En direct', "Enregistrer l'arrêt"]);

    const save = h.discord.interact(slash('save', { stop: '3017' }, BENOIT, 'dm'));
    await settled(save, 'PATCH', /@original$/);
    expect(world.stores.savedStops.lists.get(`discord:@${BENOIT.id}`)).toEqual([{ stopNo: '3017', name: 'BASELINE STATION' }]);
  });

  it('/lang in a channel holds there, whatever language each rider uses', async () => {
    const set = h.discord.interact(slash('lang', { language: 'fr' }, ALICE, { guild: GUILD }));
    await settled(set, 'POST', /callback$/);
    expect(embedOf(h.discord.original(set)).description).toBe("D'accord, je parlerai français dans cette conversation.");
    const help = h.discord.interact(slash('help', {}, ALICE, { guild: GUILD }));
    await settled(help, 'POST', /callback$/);
    expect(embedOf(h.discord.original(help)).title).toBe('OC Transpo : passages des autobus');
    const back = h.discord.interact(slash('lang', { language: 'en' }, ALICE, { guild: GUILD }));
    await settled(back, 'POST', /callback$/);
    expect(embedOf(h.discord.original(back)).description).toBe("OK, I'll speak English in this chat.");
  });

  it('refuses bad input only to the rider: the public placeholder gives way to a private note', async () => {
    const token = h.discord.interact(slash('next', { stop: 'ab!c' }));
    await settled(token, 'POST', /webhooks\/\d+\/[^/]+$/);
    expect(trail(token)).toEqual(['POST callback 5', 'DELETE webhook/messages/@original', 'POST webhook']);
    expect(h.discord.original(token)).toBeUndefined();
    const [note] = h.discord.followUps(token);
    expect(note!.content).toBe('"ab!c" is not a stop number. Stop numbers have 4 digits, like 3017.');
    expect(note!.flags & EPHEMERAL).toBe(EPHEMERAL);
  });

  it('says privately, in the language of the rider, that a stop does not exist', async () => {
    const token = h.discord.interact(slash('next', { stop: '3019' }, BENOIT, 'dm'));
    await settled(token, 'POST', /webhooks\/\d+\/[^/]+$/);
    expect(h.discord.followUps(token)[0]).toMatchObject({
      content: "L'arrêt 3019 n'existe pas. Vérifiez le numéro à 4 chiffres sur le panneau de l'arrêt.",
      flags: EPHEMERAL,
    });
  });

  it('refuses at once and privately what needs no network: a forged language, an unknown command', async () => {
    const lang = h.discord.interact(slash('lang', { language: 'klingon' }));
    await settled(lang, 'POST', /callback$/);
    expect(trail(lang)).toEqual(['POST callback 4 flags 64']);
    // Discord's markdown reads "||" as a spoiler: the render escapes each "|".
    expect(h.discord.original(lang)!.content).toBe('I speak English, Español, Français: /lang en\\|es\\|fr.');

    const unknown = h.discord.interact(slash('frobnicate', { x: '1' }));
    await settled(unknown, 'POST', /callback$/);
    expect(h.discord.original(unknown)).toMatchObject({ content: "I don't know /frobnicate. Type /help for what I can do.", flags: EPHEMERAL });
  });
});

describe('slash commands: limits and slowness', () => {
  it('defers before the transit service answers, and answers once it has', async () => {
    let deferredFirst: boolean | undefined;
    let h: Harness | undefined = undefined;
    const slow = fakeTransit({
      next: {
        'next 3017 95': async () => {
          // The answer waits until Discord has seen the deferral: it could not come first.
          await h!.discord.waitForCall('POST', /callback$/);
          deferredFirst = true;
          return stopArrivals([route('95', [trip(4)])], '3017', 'BASELINE');
        },
      },
    });
    h = await startHarness({ core: createBotCore({ transit: slow, ...memoryStores(), now: clock }) });
    try {
      const token = h.discord.interact(slash('next', { stop: '3017', route: '95' }));
      await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
      expect(deferredFirst).toBe(true);
      expect(embedOf(h.discord.original(token)).title).toBe('BASELINE (3017)');
    } finally {
      await h.close();
    }
  });

  it('defers an answer without network only when it turns out slow', async () => {
    const world = riderWorld();
    const slowCore: BotCore = {
      ...world.core,
      run: async (request, chat) => (await new Promise((r) => setTimeout(r, 300)), world.core.run(request, chat)),
    };
    const h = await startHarness({ core: slowCore, deferAfterMs: 50 });
    try {
      const token = h.discord.interact(slash('help', {}));
      await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
      expect(h.discord.calls.filter((c) => c.path.includes(token)).map((c) => c.body?.type ?? c.method)).toEqual([5, 'PATCH']);
      expect(embedOf(h.discord.original(token)).title).toBe('OC Transpo bus arrivals');
    } finally {
      await h.close();
    }
  });

  it('tells a rider over the limit privately, each time, without deferring nor asking the transit service', async () => {
    const world = riderWorld();
    const h = await startHarness({ core: world.core, rateLimitPerMinute: 2 });
    try {
      for (let i = 0; i < 2; i++) {
        const token = h.discord.interact(slash('next', { stop: '3017' }));
        await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
      }
      const asked = world.transit.calls.length;
      // Every refusal is told: Discord shows "the application did not respond" to silence.
      for (let i = 0; i < 2; i++) {
        const token = h.discord.interact(slash('next', { stop: '3017' }));
        await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
        expect(h.discord.original(token)).toMatchObject({
          content: 'Slow down a little: too many requests. Try again in a minute.',
          flags: EPHEMERAL,
        });
      }
      expect(world.transit.calls.length).toBe(asked);
      // Commands that need no network are not counted.
      const help = h.discord.interact(slash('help', {}));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(help));
      expect(embedOf(h.discord.original(help)).title).toBe('OC Transpo bus arrivals');
    } finally {
      await h.close();
    }
  });
});
