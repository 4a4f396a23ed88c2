import { describe, expect, it } from 'vitest';
import { formatRouteSummary } from '../../src/core/format/route-summary.js';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import { leaveButton, notifyButton } from '../../src/core/format/buttons.js';
import type { Say } from '../../src/core/format/text.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { speakingOf } from '../../src/core/source-words.js';
import { localArrivals } from '../../src/core/localized-source.js';
import type { StopArrivals } from '../../src/domain/arrivals.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { NOW, OTTAWA_PROFILE, plainBus, route, stopArrivals, trip } from './fakes.js';

// As the core says them: every message may name the source (OC Transpo's buses here).
const t = speakingOf(createTranslator(packageLanguages()), { profile: () => OTTAWA_PROFILE });
const en: Say = (id, args) => t('en', id, args);
const fr: Say = (id, args) => t('fr', id, args);
/** The arrivals as a chat of that language reads them from the source: its directions in its words. */
const readIn = (arrivals: StopArrivals, locale: 'en' | 'fr', say: Say) => localArrivals(arrivals, { locale, say, words: packageLanguages().typed });

// One of everything: routes out of order, tracked, predicted (an old GPS fix) and scheduled trips, bus markers,
// a last trip, a trip to another destination, a route named only by its direction, an empty
// route and a route-level error (both after the routes with trips).
const busyStop = stopArrivals([
  route('R2', [trip(7, { trust: 'tracked', gpsAgeMinutes: 1, destination: 'Hurdman' })], { heading: 'Blair' }),
  route(
    '95',
    [
      trip(0, { trust: 'tracked', gpsAgeMinutes: 0.4, destination: 'Orléans', bus: { ...plainBus, doubleDecker: true } }),
      trip(12, { destination: 'Orléans' }),
      trip(31, { destination: 'Orléans', lastTrip: true }),
    ],
    { directionId: 1, direction: 'Eastbound', heading: 'Orléans' },
  ),
  route('11', [], { heading: 'Bayshore' }),
  route('95', [trip(4, { trust: 'predicted', gpsAgeMinutes: 5, bus: { ...plainBus, length: 60, bikeRack: true } })]),
  route('6', [], { heading: 'Rockcliffe', problem: { kind: 'route-not-at-stop', code: 12 } }),
  route('16', [trip(22, { destination: 'Main' })], { heading: '', direction: 'Northbound' }),
]);

describe('formatArrivals, golden text', () => {
  it('English', () => {
    expect(renderPlainText(formatArrivals(readIn(busyStop, 'en', en), { now: NOW, say: en }))).toBe(`TUNNEY'S PASTURE (3017)

16 Northbound
  22 min (08:27) 🕒 to Main

95 Barrhaven Centre
  4 min (08:09) 🔮 · 60-ft, bike rack, GPS 5 min old, uncertain

95 Orléans
  now (08:05) 📡 · double-decker
  12 min (08:17) 🕒
  31 min (08:36) 🕒 · last bus

R2 Blair
  7 min (08:12) 📡 to Hurdman

6 Rockcliffe
  Route 6 does not stop at 3017. /routes 3017 lists the ones that do.

No more today: 11

📡 bus tracked · 🔮 predicted, no bus seen · 🕒 scheduled
Updated at 08:05

  [Refresh] /next 3017
  [🔴 Live] /live 3017
  [Save stop] /save 3017
  [📍 95 · now] /where 3017 95 0750
  [📍 95 · 4 min] /where 3017 95 0750
  [📍 R2 · 7 min] /where 3017 R2 0750
  [🛤 95] /line 3017 95
  [🚌 95 · now] /track 3017 95 0750
  [🚌 95 · 4 min] /track 3017 95 0750
  [🚌 R2 · 7 min] /track 3017 R2 0750
  [Route 16] /next 3017 16
  [Route 95] /next 3017 95
  [Route R2] /next 3017 R2`);
  });

  it('French', () => {
    expect(renderPlainText(formatArrivals(readIn(busyStop, 'fr', fr), { now: NOW, say: fr }))).toBe(`TUNNEY'S PASTURE (3017)

16 direction nord
  22 min (08:27) 🕒 vers Main

95 Barrhaven Centre
  4 min (08:09) 🔮 · articulé (60 pi), support à vélos, GPS vieux de 5 min, incertain

95 Orléans
  maintenant (08:05) 📡 · autobus à deux étages
  12 min (08:17) 🕒
  31 min (08:36) 🕒 · dernier autobus

R2 Blair
  7 min (08:12) 📡 vers Hurdman

6 Rockcliffe
  Le circuit 6 ne passe pas à l'arrêt 3017. /circuits 3017 affiche ceux qui y passent.

Plus de passage aujourd'hui : 11

📡 autobus localisé · 🔮 prévu, autobus non localisé · 🕒 horaire
Mis à jour à 08:05

  [Actualiser] /next 3017
  [🔴 En direct] /live 3017
  [Enregistrer l'arrêt] /save 3017
  [📍 95 · maintenant] /where 3017 95 0750
  [📍 95 · 4 min] /where 3017 95 0750
  [📍 R2 · 7 min] /where 3017 R2 0750
  [🛤 95] /line 3017 95
  [🚌 95 · maintenant] /track 3017 95 0750
  [🚌 95 · 4 min] /track 3017 95 0750
  [🚌 R2 · 7 min] /track 3017 R2 0750
  [Circuit 16] /next 3017 16
  [Circuit 95] /next 3017 95
  [Circuit R2] /next 3017 R2`);
  });
});

describe('formatArrivals, structure', () => {
  it('asks for one route: Refresh keeps the route, no per-route buttons, 🛤 draws the route', () => {
    const reply = formatArrivals(stopArrivals([route('95', [trip(4)])]), { now: NOW, say: en, routeNo: '95' });
    expect(reply.kind).toBe('answer');
    expect(reply.buttons).toEqual([
      [
        { label: 'Refresh', command: { name: 'next', options: { stop: '3017', route: '95' } }, effect: 'update' },
        { label: '🔴 Live', command: { name: 'live', options: { stop: '3017', route: '95' } }, effect: 'update' },
        { label: 'Save stop', command: { name: 'save', options: { stop: '3017' } }, effect: 'notice' },
      ],
      [{ label: '🛤 95', command: { name: 'line', options: { route: '95', stop: '3017' } }, effect: 'reply' }],
    ]);
  });

  it('is a failure when every route carries an error, and says which', () => {
    const reply = formatArrivals(stopArrivals([route('95', [], { problem: { kind: 'route-not-at-stop', code: 12 } })]), {
      now: NOW,
      say: en,
      routeNo: '95',
    });
    expect(reply.kind).toBe('failure');
    expect(reply.blocks[0]!.lines).toEqual(['Route 95 does not stop at 3017. /routes 3017 lists the ones that do.']);
    expect(reply.buttons).toEqual([]);
  });

  it('names an invalid route (11) and an unknown route-level code', () => {
    const reply = formatArrivals(
      stopArrivals([
        route('999', [], { problem: { kind: 'unknown-route', code: 11 } }),
        route('5', [], { problem: { kind: 'unavailable', code: 42 } }),
      ]),
      { now: NOW, say: en },
    );
    expect(reply.blocks.map((b) => b.lines[0])).toEqual([
      'The transit service reported a problem with route 5 (code 42).',
      'Route 999 does not exist.',
    ]);
  });

  it('folds the routes done for the day into one line after the running ones, so they never crowd them out', () => {
    const idle = Array.from({ length: 10 }, (_, i) => route(String(i + 1), [], { heading: 'X' }));
    const reply = formatArrivals(stopArrivals([...idle, route('95', [trip(4)])]), { now: NOW, say: en });
    expect(reply.blocks).toEqual([
      { heading: '95 Barrhaven Centre', lines: ['4 min (08:09) 🕒'] },
      { lines: ['No more today: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10'] },
    ]);
    expect(reply.buttons!.flat().map((b) => b.label)).toEqual(['Refresh', '🔴 Live', 'Save stop', 'Route 95']);
    expect(formatArrivals(stopArrivals(idle.slice(0, 2)), { now: NOW, say: fr }).blocks).toEqual([{ lines: ["Plus de passage aujourd'hui : 1, 2"] }]);
  });

  it("keeps a route done in one direction beside its other direction's trips, and one route asked for keeps its block", () => {
    const reply = formatArrivals(
      stopArrivals([route('95', [], { heading: 'Orléans' }), route('95', [trip(4)]), route('16', [], { heading: 'Main' })]),
      {
        now: NOW,
        say: en,
      },
    );
    expect(reply.blocks).toEqual([
      { heading: '95 Barrhaven Centre', lines: ['4 min (08:09) 🕒'] },
      { heading: '95 Orléans', lines: ['No more trips today.'] },
      { lines: ['No more today: 16'] },
    ]);
    const one = formatArrivals(stopArrivals([route('16', [], { heading: 'Main' })]), { now: NOW, say: en, routeNo: '16' });
    expect(one.blocks).toEqual([{ heading: '16 Main', lines: ['No more trips today.'] }]);
  });

  it('gives no route button to a route the API refused at this stop', () => {
    const reply = formatArrivals(stopArrivals([route('95', [trip(4)]), route('6', [], { problem: { kind: 'route-not-at-stop', code: 12 } })]), {
      now: NOW,
      say: en,
    });
    expect(reply.buttons!.flat().map((b) => b.label)).toEqual(['Refresh', '🔴 Live', 'Save stop', 'Route 95']);
  });

  it('names any other route-level problem with its route, with or without a code, in both languages', () => {
    const down = stopArrivals([
      route('95', [trip(4)]),
      route('97', [], { problem: { kind: 'unavailable', code: 2 } }),
      route('98', [], { problem: { kind: 'no-routes' } }),
    ]);
    expect(
      formatArrivals(down, { now: NOW, say: en })
        .blocks.slice(1, 3)
        .map((b) => b.lines[0]),
    ).toEqual(['The transit service reported a problem with route 97 (code 2).', 'The transit service reported a problem with route 98.']);
    expect(formatArrivals(down, { now: NOW, say: fr }).blocks[1]!.lines[0]).toBe(
      'Le service de transport signale un problème avec le circuit 97 (code 2).',
    );
  });

  it('says no buses when the stop has no routes at all, without a legend', () => {
    const reply = formatArrivals(stopArrivals([]), { now: NOW, say: en });
    expect(reply.kind).toBe('answer');
    expect(reply.blocks).toEqual([{ lines: ['No buses are expected at this stop right now.'] }]);
    expect(reply.footer).toEqual(['Updated at 08:05']);
  });

  it('reads clock times in Ottawa, across midnight and daylight saving', () => {
    const lateNight = new Date('2026-07-01T03:50:00Z'); // 23:50 EDT
    const reply = formatArrivals(stopArrivals([route('95', [trip(15)])]), { now: lateNight, say: en });
    expect(reply.blocks[0]!.lines[0]).toBe('15 min (00:05) 🕒');
  });

  it('keeps a 40-route station under 2000 characters, naming how many routes were left out', () => {
    const longName = 'A VERY LONG STATION NAME THAT GOES ON AND ON / PLATFORM SOMETHING';
    const heavy = { ...plainBus, doubleDecker: true, length: 60 as const, bikeRack: true };
    const routes = Array.from({ length: 40 }, (_, i) =>
      route(
        String(i + 1),
        [1, 2, 3].map((n) => trip(n * 7, { trust: 'predicted', gpsAgeMinutes: 9, lastTrip: n === 3, bus: heavy, destination: `${longName} ${n}` })),
        {
          heading: `${longName} ${i}`,
        },
      ),
    );
    for (const say of [en, fr]) {
      const reply = formatArrivals(stopArrivals(routes, '3017', longName.repeat(3)), { now: NOW, say });
      const text = renderPlainText(reply);
      expect(text.length).toBeLessThan(2000);
      const shown = reply.blocks.filter((b) => b.heading !== undefined).length;
      expect(shown).toBeGreaterThan(0);
      expect(text).toContain(say('arrivals-more-routes', { count: 40 - shown, stopNo: '3017', example: String(shown + 1) }));
    }
  });

  it('shows at most 8 routes even when they are short, with the count of the rest', () => {
    const routes = Array.from({ length: 40 }, (_, i) => route(String(i + 1), [trip(3)], { heading: 'X' }));
    const reply = formatArrivals(stopArrivals(routes), { now: NOW, say: en });
    expect(renderPlainText(reply)).toContain('and 32 more routes — ask for one: /next 3017 9');
    expect(reply.buttons!.flat().filter((b) => b.effect === 'reply')).toHaveLength(8);
  });

  it('fits more routes in a larger message: the adapter says how large', () => {
    const routes = Array.from({ length: 40 }, (_, i) => route(String(i + 1), [trip(3)], { heading: 'X' }));
    const reply = formatArrivals(stopArrivals(routes), { now: NOW, say: en, maxReplyChars: 4096 });
    expect(renderPlainText(reply)).toContain('and 24 more routes — ask for one: /next 3017 17');
    expect(renderPlainText(reply).length).toBeLessThan(4096);
    expect(reply.buttons!.flat().filter((b) => b.effect === 'reply')).toHaveLength(16);
  });
});

describe('formatRouteSummary', () => {
  it("lists routes in order with their directions in the rider's language, each a button", () => {
    const summary = stopArrivals([
      route('95', [], { directionId: 1, direction: 'Eastbound', heading: 'Orléans' }),
      route('95', [], { directionId: 0, direction: 'Westbound', heading: 'Barrhaven Centre' }),
      route('14', [], { direction: '', heading: 'St-Laurent' }),
      route('7', [], { direction: 'Inbound', heading: 'Carleton' }),
    ]);
    expect(renderPlainText(formatRouteSummary(readIn(summary, 'fr', fr), fr))).toBe(`Circuits à TUNNEY'S PASTURE (3017)

7 Carleton (Inbound)
14 St-Laurent
95 Barrhaven Centre (direction ouest)
95 Orléans (direction est)

  [Circuit 7] /next 3017 7
  [Circuit 14] /next 3017 14
  [Circuit 95] /next 3017 95`);
    expect(formatRouteSummary(readIn(summary, 'en', en), en).blocks[0]!.lines.slice(2)).toEqual([
      '95 Barrhaven Centre (Westbound)',
      '95 Orléans (Eastbound)',
    ]);
    // A feed that names its directions in another language the bot speaks reads in the chat's.
    const spanishFeed = stopArrivals([route('1', [], { direction: 'Dirección Norte', heading: 'Centro' })]);
    expect(formatRouteSummary(readIn(spanishFeed, 'en', en), en).blocks[0]!.lines).toEqual(['1 Centro (Northbound)']);
  });

  it('keeps a 40-route summary under 2000 characters, naming how many were left out', () => {
    const long = 'A VERY LONG HEADING THAT GOES ON AND ON AND ON AND ON';
    const routes = Array.from({ length: 40 }, (_, i) => route(String(i + 1), [], { heading: long, direction: `${long} BOUND` }));
    for (const say of [en, fr]) {
      const text = renderPlainText(formatRouteSummary(stopArrivals(routes, '3017', long.repeat(3)), say));
      expect(text.length).toBeLessThan(2000);
      expect(text).toContain(say('arrivals-more-routes', { count: 24, stopNo: '3017', example: '17' }));
    }
  });
});

describe('formatArrivals, other agencies and live feeds', () => {
  const en = createTranslator(packageLanguages());
  const say: Say = (id, args) => en('en', id, args);

  it("reads clock times in the agency's zone and from the trip's own instant", () => {
    // NOW is 13:05 UTC: 05:05 in Los Angeles. The train's instant is 05:17:40, 12.7 minutes away.
    const caltrain = {
      ...stopArrivals(
        [route('L1', [trip(12.7, { trust: 'tracked', at: new Date('2026-11-21T13:17:40Z') })], { heading: 'San Francisco' })],
        '70021',
        '22nd Street',
      ),
      timeZone: 'America/Los_Angeles',
    };
    const text = renderPlainText(formatArrivals(caltrain, { now: NOW, say }));
    expect(text).toContain('13 min (05:17) 📡');
    expect(text).toContain('Updated at 05:05');
  });

  it('shows a cancelled trip as cancelled, and says when live data is down or stale', () => {
    const cancelled = stopArrivals([route('95', [trip(4, { cancelled: true }), trip(9)])]);
    expect(renderPlainText(formatArrivals(cancelled, { now: NOW, say }))).toContain('08:09 cancelled ✖');
    const down = renderPlainText(formatArrivals({ ...stopArrivals([route('95', [trip(9)])]), liveUnavailable: true }, { now: NOW, say }));
    expect(down).toContain('Live data is unavailable right now: these are scheduled times.');
    const stale = renderPlainText(formatArrivals({ ...stopArrivals([route('95', [trip(9)])]), staleFeed: true }, { now: NOW, say }));
    expect(stale).toContain('Live data is out of date');
  });
});

describe('buttons the terminal shows as what to type', () => {
  it('a way chosen by a button reads as its name, in the chat words: 🔔 and 🚶 alike', () => {
    const way = { name: 'Orléans', value: 'w0' };
    expect(notifyButton('3017', '95', fr, way).typed).toBe('/prevenir 3017 95 vers Orléans');
    expect(leaveButton('3017', '95', en, way).typed).toBe('/leave 3017 95 to Orléans');
    expect(leaveButton('3017', '95', fr, way).typed).toBe('/partir 3017 95 vers Orléans');
    // Without a way, the request reads well as it is.
    expect(leaveButton('3017', '95', en).typed).toBeUndefined();
  });
});
