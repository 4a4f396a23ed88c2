import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { clock, fakeTransit, groupChat, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

const tunney = stopArrivals([route('95', [trip(4, { trust: 'tracked', gpsAgeMinutes: 1 })])]);

function coreWith(transit = fakeTransit({ next: { 'next 3017 95': tunney }, all: { 'all 3017': tunney }, summary: { 'summary 3017': tunney } })) {
  return { transit, core: createBotCore({ transit, ...memoryStores(), now: clock }) };
}

describe('asking for arrivals', () => {
  it('/next with a route asks for that route only', async () => {
    const { core, transit } = coreWith();
    const reply = await core.handleText('/next 95 3017', privateChat());
    expect(transit.calls).toEqual(['next 3017 95']);
    expect(reply?.kind).toBe('answer');
    expect(renderPlainText(reply!)).toContain('4 min (08:09) 📡');
  });

  it('a bare stop number in a private chat asks for every route', async () => {
    const { core, transit } = coreWith();
    const reply = await core.handleText('3017', privateChat());
    expect(transit.calls).toEqual(['all 3017']);
    expect(reply?.title).toBe("TUNNEY'S PASTURE (3017)");
  });

  it('stays silent on bare text in a group and on commands for another bot', async () => {
    const { core, transit } = coreWith();
    expect(await core.handleText('3017 95', groupChat())).toBeNull();
    expect(await core.handleText('/next@OtherBot 3017 95', groupChat())).toBeNull();
    expect(transit.calls).toEqual([]);
    expect(await core.handleText('/next@ArrivalsBot 3017 95', groupChat())).not.toBeNull();
  });

  it('answers a usage error in the chat language without calling the API', async () => {
    const { core, transit } = coreWith();
    const en = await core.handleText('/next 30170', privateChat());
    const fr = await core.handleText('/next 30170', privateChat({ languageCode: 'fr-CA' }));
    expect(en).toEqual({ kind: 'usage-error', blocks: [{ lines: ['Stop numbers have 4 digits: 30170 has 5.'] }] });
    expect(fr).toEqual({ kind: 'usage-error', blocks: [{ lines: ["Les numéros d'arrêt ont 4 chiffres : 30170 en a 5."] }] });
    expect(transit.calls).toEqual([]);
  });

  it('Refresh and route buttons ask again; the Save button saves', async () => {
    const { core, transit } = coreWith();
    const chat = privateChat();
    const reply = await core.handleText('3017', chat);
    const [refresh, live, save, ...rest] = reply!.buttons!.flat();
    const route95 = rest.find((b) => b.command.name === 'next');
    expect([refresh!.effect, live!.effect, save!.effect, route95!.effect]).toEqual(['update', 'update', 'notice', 'reply']);
    await core.run(refresh!.command, chat);
    await core.run(route95!.command, chat);
    expect(transit.calls).toEqual(['all 3017', 'all 3017', 'next 3017 95']);
    const saved = await core.run(save!.command, chat);
    expect(saved.blocks[0]!.lines[0]).toBe('Saved stop 3017. /stops lists your saved stops.');
    expect(transit.calls.at(-1)).toBe('summary 3017');
  });

  it('reads the clock once per reply, from the injected clock', async () => {
    let reads = 0;
    const transit = fakeTransit({ all: { 'all 3017': tunney } });
    const core = createBotCore({ transit, ...memoryStores(), now: () => (reads++, new Date('2026-11-21T20:30:00Z')) });
    const reply = await core.handleText('3017', privateChat());
    expect(reads).toBe(1);
    expect(renderPlainText(reply!)).toContain('4 min (15:34)');
  });
});

describe('help and the command menu', () => {
  it("/help lists every command of the table by group, each explained on its group's page, in the chat language", async () => {
    const { core } = coreWith();
    const chat = privateChat({ languageCode: 'fr' });
    const text = async (typed: string) => renderPlainText((await core.handleText(typed, chat))!);
    expect(await text('/aide')).toContain('⭐ Vos arrêts : /enregistrer /arrets /oublier');
    const pages = (await Promise.all(['/aide passages', '/aide arrets', '/aide alertes', '/aide reglages'].map(text))).join('\n');
    for (const usage of [
      '/prochain <arrêt> [circuit]',
      '/circuits <arrêt>',
      '/arret <arrêt ou nom>',
      '/enregistrer <arrêt> [nom]',
      '/arrets',
      '/alerte <arrêt>',
      '/langue en|es|fr',
    ]) {
      expect(pages).toContain(usage);
    }
    expect(await text('/aide')).toContain("/prochain 3017 95 : les prochains autobus du circuit 95 à l'arrêt 3017");
  });

  it('/start greets with examples', async () => {
    const { core } = coreWith();
    const reply = await core.handleText('/start', privateChat());
    expect(reply?.title).toBe('Hello! I tell you when your bus comes.');
    expect(renderPlainText(reply!)).toContain('/next 3017 95');
  });

  it('commandMenu comes from the command table, each command by its name in the language, with translated descriptions', () => {
    const { core } = coreWith();
    expect(core.commandMenu('en').map((c) => c.command)).toEqual([
      'next',
      'where',
      'routes',
      'disruptions',
      'line',
      'reliability',
      'track',
      'off',
      'stop',
      'save',
      'saved',
      'unsave',
      'subscribe',
      'leave',
      'place',
      'walk',
      'subs',
      'unsubscribe',
      'pause',
      'resume',
      'timezone',
      'lang',
      'help',
      'start',
    ]);
    const menu = core.commandMenu('fr');
    expect(menu.map((c) => c.command)).toEqual([
      'prochain',
      'position',
      'circuits',
      'perturbations',
      'ligne',
      'fiabilite',
      'suivre',
      'descente',
      'arret',
      'enregistrer',
      'arrets',
      'oublier',
      'alerte',
      'partir',
      'lieu',
      'marche',
      'alertes',
      'supprimer',
      'pause',
      'reprendre',
      'fuseau',
      'langue',
      'aide',
      'start',
    ]);
    expect(menu[0]).toEqual({ command: 'prochain', description: 'Prochains passages à un arrêt, pour un circuit ou tous' });
  });
});

describe('reply sizes', () => {
  it("keeps /help and /start under Discord's 2000 characters in every language", async () => {
    const { core } = coreWith();
    for (const languageCode of packageLanguages().all.map((language) => language.locale)) {
      for (const text of ['/help', '/start', '/help arrivals', '/help alerts', '/help stops', '/help settings']) {
        const reply = await core.handleText(text, privateChat({ languageCode }));
        expect(renderPlainText(reply!).length, `${text} in ${languageCode}`).toBeLessThan(2000);
      }
    }
  });
});
