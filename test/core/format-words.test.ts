import { describe, expect, it } from 'vitest';
import { formatArrivals } from '../../src/core/format/arrivals.js';
import { formatRouteSummary } from '../../src/core/format/route-summary.js';
import { headingWithoutRoute, nameWithoutCode } from '../../src/core/format/names.js';
import type { Say } from '../../src/core/format/text.js';
import { createTranslator } from '../../src/core/i18n.js';
import { packageLanguages } from '../../src/core/languages/package-languages.js';
import { speakingOf } from '../../src/core/source-words.js';
import type { SourceProfile } from '../../src/domain/transit-source.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { createBotCore } from '../../src/core/create-core.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, NOW, OTTAWA_PROFILE, privateChat, route, stopArrivals, trip } from './fakes.js';

// Words that fit the agency: the vehicle a route runs (GTFS route_type) in both languages, and
// titles that say once what the feed's names already say (Halifax's stop names end in their
// code, its headsigns start with their route).

const translate = createTranslator(packageLanguages());
const sayFor = (profile: SourceProfile, locale: 'en' | 'fr'): Say => {
  const t = speakingOf(translate, { profile: () => profile });
  return (id, args) => t(locale, id, args);
};
const CALTRAIN: SourceProfile = { agencies: ['Caltrain'], examples: { stop: '70011', route: 'L2' }, stopDigits: 5, vehicles: 'train' };
const MIXED: SourceProfile = { agencies: ['Halifax Transit'], examples: { stop: '8306', route: '4' }, stopDigits: 4, vehicles: 'any' };

const lastTripOf = (mode: 'train' | 'tram' | 'ferry' | undefined) =>
  stopArrivals([
    route('L2', [trip(3, { lastTrip: true, destination: 'San Francisco' })], { heading: 'San Francisco', ...(mode !== undefined ? { mode } : {}) }),
  ]);
const lastLine = (reply: ReturnType<typeof formatArrivals>) => reply.blocks[0]!.lines[0];

describe('the vehicle a route runs', () => {
  it('marks the last trip of a train route "last train", of a tram "last tram", of a ferry "last ferry", in both languages', () => {
    expect(lastLine(formatArrivals(lastTripOf('train'), { now: NOW, say: sayFor(MIXED, 'en') }))).toBe('3 min (08:08) 🕒 · last train');
    expect(lastLine(formatArrivals(lastTripOf('tram'), { now: NOW, say: sayFor(MIXED, 'en') }))).toBe('3 min (08:08) 🕒 · last tram');
    expect(lastLine(formatArrivals(lastTripOf('ferry'), { now: NOW, say: sayFor(MIXED, 'en') }))).toBe('3 min (08:08) 🕒 · last ferry');
    expect(lastLine(formatArrivals(lastTripOf('train'), { now: NOW, say: sayFor(MIXED, 'fr') }))).toBe('3 min (08:08) 🕒 · dernier train');
    expect(lastLine(formatArrivals(lastTripOf('ferry'), { now: NOW, say: sayFor(MIXED, 'fr') }))).toBe('3 min (08:08) 🕒 · dernier traversier');
  });

  it("reads a route of no known type by the feed's vehicles: trains on Caltrain, buses in Ottawa, neutral words where they differ", () => {
    expect(lastLine(formatArrivals(lastTripOf(undefined), { now: NOW, say: sayFor(CALTRAIN, 'en') }))).toBe('3 min (08:08) 🕒 · last train');
    expect(lastLine(formatArrivals(lastTripOf(undefined), { now: NOW, say: sayFor(OTTAWA_PROFILE, 'en') }))).toBe('3 min (08:08) 🕒 · last bus');
    expect(lastLine(formatArrivals(lastTripOf(undefined), { now: NOW, say: sayFor(OTTAWA_PROFILE, 'fr') }))).toBe(
      '3 min (08:08) 🕒 · dernier autobus',
    );
    expect(lastLine(formatArrivals(lastTripOf(undefined), { now: NOW, say: sayFor(MIXED, 'en') }))).toBe('3 min (08:08) 🕒 · last vehicle');
  });

  it('says "no trains" at a Caltrain stop with nothing expected, "no buses" in Ottawa', () => {
    expect(formatArrivals(stopArrivals([]), { now: NOW, say: sayFor(CALTRAIN, 'en') }).blocks[0]!.lines[0]).toBe(
      'No trains are expected at this stop right now.',
    );
    expect(formatArrivals(stopArrivals([]), { now: NOW, say: sayFor(CALTRAIN, 'fr') }).blocks[0]!.lines[0]).toBe(
      "Aucun train n'est prévu à cet arrêt pour le moment.",
    );
    expect(formatArrivals(stopArrivals([]), { now: NOW, say: sayFor(OTTAWA_PROFILE, 'en') }).blocks[0]!.lines[0]).toBe(
      'No buses are expected at this stop right now.',
    );
  });

  it('words every message that names a vehicle by the feed: no "bus" left in a train-only bot, in either language', () => {
    const en = sayFor(CALTRAIN, 'en');
    const fr = sayFor(CALTRAIN, 'fr');
    const ids = [
      'command-help.description',
      'command-next.description',
      'command-where.description',
      'command-notify.description',
      'command-subscribe.description',
      'arg-when.description',
      'start-title',
      'start-intro',
      'help-example-next',
      'where-passed',
      'where-live-passed',
      'where-live-ended',
      'where-no-fix-scheduled',
      'where-trip-gone',
      'where-no-trips',
      'error-unknown-route',
      'inline-usage-description',
    ];
    for (const id of ids) {
      expect(en(id, { routeNo: 'L2', stopNo: '70011', age: '5 min' })).not.toMatch(/\bbus/i);
      expect(fr(id, { routeNo: 'L2', stopNo: '70011', age: '5 min' })).not.toMatch(/\bbus\b|autobus/i);
    }
    expect(en('help-example-next')).toBe('/next 70011 L2: the next trains of route L2 at stop 70011');
    expect(fr('help-example-next')).toBe("/prochain 70011 L2 : les prochains trains du circuit L2 à l'arrêt 70011");
    expect(en('alert-near', { routeNo: 'L2', minutes: 5, stopName: '22nd Street', stopNo: '70021', clock: '17:30', source: '📡' })).toMatch(/^🚆 /);
  });
});

describe('titles that say it once', () => {
  const halifax = stopArrivals(
    [
      route('4', [trip(3, { destination: '4 LACEWOOD TERMINAL VIA ROBIE' }), trip(9, { destination: '4 UNIVERSITY' })], {
        heading: '4 LACEWOOD TERMINAL VIA ROBIE',
        direction: '',
      }),
    ],
    '8306',
    'South Park St After Fenwick St (8306)',
  );

  it("gives a stop's code once and a route's number once", () => {
    expect(
      renderPlainText(formatArrivals(halifax, { now: NOW, say: sayFor(MIXED, 'en') }))
        .split('\n')
        .slice(0, 5),
    ).toEqual([
      'South Park St After Fenwick St (8306)',
      '',
      '4 LACEWOOD TERMINAL VIA ROBIE',
      '  3 min (08:08) 🕒',
      '  9 min (08:14) 🕒 to UNIVERSITY',
    ]);
    const summary = formatRouteSummary(halifax, sayFor(MIXED, 'en'));
    expect(summary.title).toBe('Routes at South Park St After Fenwick St (8306)');
    expect(summary.blocks[0]!.lines[0]).toBe('4 LACEWOOD TERMINAL VIA ROBIE');
    expect(formatRouteSummary(halifax, sayFor(MIXED, 'fr')).title).toBe('Circuits à South Park St After Fenwick St (8306)');
  });

  it('leaves out only the code itself, wherever the feed wrote it, and never the whole name', () => {
    expect(nameWithoutCode('South Park St After Fenwick St (8306)', '8306')).toBe('South Park St After Fenwick St');
    expect(nameWithoutCode('Barrington St [8306] Northbound', '8306')).toBe('Barrington St Northbound');
    expect(nameWithoutCode('Scotia Square - 8306', '8306')).toBe('Scotia Square');
    expect(nameWithoutCode('Mumford Terminal Stop #8306', '8306')).toBe('Mumford Terminal');
    expect(nameWithoutCode('Route 83060 Loop (83060)', '8306')).toBe('Route 83060 Loop (83060)');
    expect(nameWithoutCode('(8306)', '8306')).toBe('(8306)');
    expect(nameWithoutCode('22nd Street', '70021')).toBe('22nd Street');
    expect(headingWithoutRoute('4 LACEWOOD TERMINAL VIA ROBIE', '4')).toBe('LACEWOOD TERMINAL VIA ROBIE');
    expect(headingWithoutRoute('95 - Barrhaven Centre', '95')).toBe('Barrhaven Centre');
    expect(headingWithoutRoute('10 Downing', '1')).toBe('10 Downing');
    expect(headingWithoutRoute('1st Avenue', '1')).toBe('1st Avenue');
    expect(headingWithoutRoute('4', '4')).toBe('4');
  });

  it('a search result keeps the words that tell stops apart, not the code its name repeats', async () => {
    const stops = fakeStopIndex([
      { code: '8306', id: 's1', name: 'South Park St After Fenwick St North (8306)', lat: 44.6, lon: -63.6 },
      { code: '8307', id: 's2', name: 'South Park St After Fenwick St South (8307)', lat: 44.6, lon: -63.6 },
    ]);
    const core = createBotCore({ transit: fakeTransit({ profile: MIXED }), ...memoryStores(), now: clock, stops });
    const reply = (await core.handleText('/stop south park', privateChat()))!;
    expect(reply.blocks[0]!.lines).toEqual(['8306 South Park St After Fenwick St North', '8307 South Park St After Fenwick St South']);
    expect(reply.buttons![0]!.map((b) => b.label)).toEqual(reply.blocks[0]!.lines);
  });
});
