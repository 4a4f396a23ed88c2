import { describe, expect, it } from 'vitest';
import { formatRouteSummary } from '../../src/bot/format-routes.js';
import { formatArrivals, type Say } from '../../src/bot/format.js';
import { createTranslator } from '../../src/bot/i18n.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { NOW, plainBus, route, stopArrivals, trip } from './fakes.js';

const t = createTranslator();
const en: Say = (id, args) => t('en', id, args);
const fr: Say = (id, args) => t('fr', id, args);

// One of everything: routes out of order, live and scheduled trips, bus markers, an old GPS fix,
// a last trip, a trip to another destination, an empty route and a route-level error.
const busyStop = stopArrivals([
  route('R2', [trip(7, { live: true, gpsAgeMinutes: 1, destination: 'Hurdman' })], { heading: 'Blair' }),
  route('95', [
    trip(0, { live: true, gpsAgeMinutes: 0.4, destination: 'Orléans', bus: { ...plainBus, doubleDecker: true } }),
    trip(12, { destination: 'Orléans' }),
    trip(31, { destination: 'Orléans', lastTrip: true }),
  ], { directionId: 1, direction: 'Eastbound', heading: 'Orléans' }),
  route('11', [], { heading: 'Bayshore' }),
  route('95', [trip(4, { live: true, gpsAgeMinutes: 5, bus: { ...plainBus, length: 60, bikeRack: true } })]),
  route('6', [], { heading: 'Rockcliffe', error: 12 }),
]);

describe('formatArrivals, golden text', () => {
  it('English', () => {
    expect(renderPlainText(formatArrivals(busyStop, { now: NOW, say: en }))).toBe(`TUNNEY'S PASTURE (3017)

6 Rockcliffe
  Route 6 does not stop at 3017.

11 Bayshore
  No more trips today.

95 Barrhaven Centre
  4 min (08:09) 📡 · 60-ft, bike rack, GPS 5 min old, uncertain

95 Orléans
  now (08:05) 📡 · double-decker
  12 min (08:17) 🕒
  31 min (08:36) 🕒 · last bus

R2 Blair
  7 min (08:12) 📡 to Hurdman

📡 live (GPS) · 🕒 scheduled
Updated at 08:05

  [Refresh] /next 3017
  [Save stop] /save 3017
  [Route 6] /next 3017 6
  [Route 11] /next 3017 11
  [Route 95] /next 3017 95
  [Route R2] /next 3017 R2`);
  });

  it('French', () => {
    expect(renderPlainText(formatArrivals(busyStop, { now: NOW, say: fr }))).toBe(`TUNNEY'S PASTURE (3017)

6 Rockcliffe
  Le circuit 6 ne passe pas à l'arrêt 3017.

11 Bayshore
  Plus aucun passage aujourd'hui.

95 Barrhaven Centre
  4 min (08:09) 📡 · articulé (60 pi), support à vélos, GPS vieux de 5 min, incertain

95 Orléans
  maintenant (08:05) 📡 · autobus à étage
  12 min (08:17) 🕒
  31 min (08:36) 🕒 · dernier passage

R2 Blair
  7 min (08:12) 📡 vers Hurdman

📡 en temps réel (GPS) · 🕒 horaire prévu
Mis à jour à 08:05

  [Actualiser] /next 3017
  [Enregistrer l'arrêt] /save 3017
  [Circuit 6] /next 3017 6
  [Circuit 11] /next 3017 11
  [Circuit 95] /next 3017 95
  [Circuit R2] /next 3017 R2`);
  });
});

describe('formatArrivals, structure', () => {
  it('asks for one route: Refresh keeps the route, no per-route buttons', () => {
    const reply = formatArrivals(stopArrivals([route('95', [trip(4)])]), { now: NOW, say: en, routeNo: '95' });
    expect(reply.kind).toBe('answer');
    expect(reply.buttons).toEqual([
      [
        { label: 'Refresh', action: { type: 'refresh', stopNo: '3017', routeNo: '95' } },
        { label: 'Save stop', action: { type: 'save-stop', stopNo: '3017' } },
      ],
    ]);
  });

  it('is a failure when every route carries an error, and says which', () => {
    const reply = formatArrivals(stopArrivals([route('95', [], { error: 12 })]), { now: NOW, say: en, routeNo: '95' });
    expect(reply.kind).toBe('failure');
    expect(reply.blocks[0]!.lines).toEqual(['Route 95 does not stop at 3017.']);
    expect(reply.buttons).toEqual([]);
  });

  it('names an invalid route (11) and an unknown route-level code', () => {
    const reply = formatArrivals(stopArrivals([route('999', [], { error: 11 }), route('5', [], { error: 42 })]), { now: NOW, say: en });
    expect(reply.blocks.map((b) => b.lines[0])).toEqual([
      'The transit service reported a problem with route 5 (code 42).',
      'Route 999 does not exist.',
    ]);
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
      route(String(i + 1), [1, 2, 3].map((n) => trip(n * 7, { live: true, gpsAgeMinutes: 9, lastTrip: n === 3, bus: heavy, destination: `${longName} ${n}` })), {
        heading: `${longName} ${i}`,
      }),
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
    expect(reply.buttons!.flat().filter((b) => b.action.type === 'next')).toHaveLength(8);
  });
});

describe('formatRouteSummary', () => {
  it('lists routes in order with their directions, each a button', () => {
    const summary = stopArrivals([
      route('95', [], { directionId: 1, direction: 'Eastbound', heading: 'Orléans' }),
      route('95', [], { directionId: 0, direction: 'Westbound', heading: 'Barrhaven Centre' }),
      route('14', [], { direction: '', heading: 'St-Laurent' }),
    ]);
    expect(renderPlainText(formatRouteSummary(summary, fr))).toBe(`Circuits à TUNNEY'S PASTURE (3017)

14 St-Laurent
95 Barrhaven Centre (Westbound)
95 Orléans (Eastbound)

  [Circuit 14] /next 3017 14
  [Circuit 95] /next 3017 95`);
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
