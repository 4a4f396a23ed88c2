import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { createStopIndex } from '../../src/stops/stop-index.js';
import { clock, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

// What riders type that is not a stop number and a route: words naming a stop, a greeting, a
// route alone, a time in another form, a word /disruptions cannot read, a route that is not there.
// The stops are the demo network's (src/sim/network/stops.txt): three names hold "Laurier".
const stops = createStopIndex(
  [
    ['CD955', '3020', 'LAURIER 1A'],
    ['CD960', '3020', 'LAURIER 2A'],
    ['CE140', '7609', 'LAURIER / KING EDWARD'],
    ['CE150', '6812', 'LAURIER / KING EDWARD'],
    ['CE915', '3022', 'LEES 1A'],
    ['CE945', '3022', 'LEES 2A'],
    ['RA010', '3017', 'BASELINE 1A'],
  ].map(([id, code, name]) => ({ id: id!, code: code!, name: name!, lat: 45.42, lon: -75.68 })),
);

const baseline = stopArrivals([route('95', [trip(4)]), route('97', [trip(9)])], '3017', 'BASELINE');
const lees = stopArrivals([route('95', [trip(6)])], '3022', 'LEES');

function setup() {
  const stores = memoryStores();
  const transit = fakeTransit({
    all: { 'all 3017': baseline, 'all 3022': lees },
    next: { 'next 3017 96': new TransitError('unknown-route', 'no route 96'), 'next 3022 95': lees },
    summary: { 'summary 3017': baseline, 'summary 3022': lees },
  });
  return { stores, transit, core: createBotCore({ transit, ...stores, now: clock, stops }) };
}
const en = privateChat({ chatId: 'en' });
const fr = privateChat({ chatId: 'fr', languageCode: 'fr' });
const text = (reply: Awaited<ReturnType<ReturnType<typeof setup>['core']['handleText']>>) => renderPlainText(reply!);

describe('a stop typed as words (item 17)', () => {
  it('/next laurier offers the stops whose name holds it, as buttons, and names no other stop', async () => {
    const { core, transit } = setup();
    const reply = await core.handleText('/next laurier', en);
    expect(reply?.title).toBe('Which stop? Stops matching "laurier"');
    const buttons = reply!.buttons!.flat();
    expect(buttons.map((b) => b.command)).toEqual([
      { name: 'next', options: { stop: '3020' } },
      { name: 'next', options: { stop: '6812' } },
      { name: 'next', options: { stop: '7609' } },
    ]);
    expect(text(reply)).not.toContain('3017');
    expect(transit.calls).toEqual([]);
    expect((await core.handleText('/next laurier', fr))?.title).toBe('Quel arrêt? Arrêts correspondant à « laurier »');
  });

  it('one stop found gives its arrivals; a route beside the name is kept', async () => {
    const { core, transit } = setup();
    expect((await core.handleText('/next lees', en))?.title).toBe('LEES (3022)');
    expect((await core.handleText('lees', en))?.title).toBe('LEES (3022)');
    expect((await core.handleText('/next lees 95', en))?.title).toBe('LEES (3022)');
    expect(transit.calls).toEqual(['all 3022', 'all 3022', 'next 3022 95']);
  });

  it('a name of several words is searched whole: "/next laurier king edward"', async () => {
    const { core } = setup();
    const reply = await core.handleText('/next laurier king edward', en);
    expect(reply!.buttons!.flat().map((b) => b.command.options.stop)).toEqual(['6812', '7609']);
  });

  it('a saved name comes first; no match says so, without suggesting an unrelated stop', async () => {
    const { core, stores } = setup();
    stores.savedStops.lists.set('telegram:en', [{ stopNo: '3017', label: 'laurier' }]);
    expect((await core.handleText('/next laurier', en))?.title).toBe('BASELINE (3017)');
    const none = text(await core.handleText('/next nowhere', en));
    expect(none).toBe(
      'No saved stop and no stop\'s name matches "nowhere". /stops lists your saved stops; /stop with other words searches the names.',
    );
    expect(text(await core.handleText('/next nowhere', fr))).toContain("Aucun arrêt enregistré ni aucun nom d'arrêt ne correspond à « nowhere »");
  });

  it('/unsave looks in the saved stops only', async () => {
    const { core } = setup();
    expect(text(await core.handleText('/unsave lees', en))).toBe('"lees" is not one of your saved stops. /stops lists them.');
  });

  it('the choice buttons run the same request at each stop (/where laurier 95)', async () => {
    const { core } = setup();
    const reply = await core.handleText('/where laurier 95', en);
    expect(reply!.buttons!.flat()[0]!.command).toEqual({ name: 'where', options: { stop: '3020', route: '95' } });
  });
});

describe('a greeting (item 18)', () => {
  it('greets, says what to send, and offers the saved stops as buttons', async () => {
    const { core, stores } = setup();
    stores.savedStops.lists.set('telegram:en', [{ stopNo: '3017', label: 'work' }, { stopNo: '3022' }]);
    const reply = await core.handleText('Hello!', en);
    expect(reply?.title).toBe('Hello! I tell you when your bus comes.');
    expect(reply!.buttons!.flat().map((b) => [b.label, b.command])).toEqual([
      ['work (3017)', { name: 'next', options: { stop: '3017' } }],
      ['3022', { name: 'next', options: { stop: '3022' } }],
    ]);
    expect(reply?.asksLocation).toBeUndefined();
  });

  it('with no saved stop, offers the location button (and greets in French to "bonjour")', async () => {
    const { core } = setup();
    for (const word of ['hi', 'salut', 'bonjour']) {
      const reply = await core.handleText(word, fr);
      expect(reply?.title).toBe('Bonjour! Je vous dis quand passe votre autobus.');
      expect(reply?.asksLocation).toEqual({ label: '📍 Partager ma position' });
    }
    expect((await core.handleText('hey', en))?.asksLocation).toEqual({ label: '📍 Share my location' });
  });
});

describe('questions that read what was given (item 19)', () => {
  it('/where 3017 asks for the route at 3017', async () => {
    const { core } = setup();
    expect(text(await core.handleText('/where 3017', en))).toBe(
      "Which route at 3017? Add it after the stop: /where 3017 and the route's number. /routes 3017 lists those that stop there.",
    );
    expect(text(await core.handleText('/where 3017', fr))).toContain("Quel circuit à l'arrêt 3017?");
  });

  it('/next 95 asks at which stop', async () => {
    const { core, transit } = setup();
    const reply = text(await core.handleText('/next 95', en));
    expect(reply).toMatch(/^At which stop\? 95 reads as a route/);
    expect(reply).not.toContain('3017');
    expect(text(await core.handleText('95', fr))).toMatch(/^À quel arrêt\? 95 ressemble à un circuit/);
    expect(transit.calls).toEqual([]);
  });

  it('/subscribe 3017 95 at 8am says 8am is not read and how to write it; "at 08:00" is read', async () => {
    const { core } = setup();
    expect(text(await core.handleText('/subscribe 3017 95 at 8am', en))).toBe(
      'I can\'t read "8am" as a time. Write it on the 24-hour clock, like: /subscribe 3017 95 08:00',
    );
    expect(text(await core.handleText('/subscribe 3017 95 6 pm', fr))).toBe(
      'Je ne sais pas lire « 6pm » comme une heure. Écrivez-la sur 24 heures, par exemple : /alerte 3017 95 18:00',
    );
    expect(text(await core.handleText('/subscribe 3017 95 at 08:00', en))).toMatch(/^Alert [a-z0-9]{4} set: route 95 at 3017 at 08:00/);
  });

  it('/disruptions maybe says the word is not understood, and what is', async () => {
    const { core } = setup();
    const reply = text(await core.handleText('/disruptions maybe', en));
    expect(reply).toContain('I don\'t understand "maybe" here');
    expect(reply).toContain('/disruptions route');
    expect(text(await core.handleText('/disruptions maybe', fr))).toContain('Je ne comprends pas « maybe » ici');
  });

  it('/next 3017 96 on an unknown route offers the routes at that stop', async () => {
    const { core } = setup();
    const reply = await core.handleText('/next 3017 96', en);
    expect(text(reply)).toContain('Routes at 3017: 95, 97');
    expect(reply!.buttons!.flat().map((b) => b.command)).toEqual([
      { name: 'next', options: { stop: '3017', route: '95' } },
      { name: 'next', options: { stop: '3017', route: '97' } },
    ]);
    expect(text(await core.handleText('/next 3017 96', fr))).toContain("Circuits à l'arrêt 3017 : 95, 97");
  });
});
