import { describe, expect, it } from 'vitest';
import type { Disruption, InformedEntity } from '../../src/domain/disruption.js';
import { compareBySeverity, isActiveAt, textIn } from '../../src/domain/disruption.js';
import { disruptionAffects, entityAffects, touchesAnything, type Place } from '../../src/domain/disruption-match.js';

// The matcher as the GTFS-Realtime specification reads informed_entity, case by case.

const one = { ids: new Set(['oc']) };
const two = { ids: new Set(['oc', 'sto']) };

// Stop 3017: platforms P1, P2 of station S; routes 95 (both directions) and 61 (direction 0).
const stop3017: Place = {
  stopIds: new Set(['P1', 'P2', 'S']),
  stopCode: '3017',
  routes: [
    { routeId: 'r95', routeNo: '95', agencyId: 'oc', routeType: 3, directionId: 0 },
    { routeId: 'r95', routeNo: '95', agencyId: 'oc', routeType: 3, directionId: 1 },
    { routeId: 'r61', routeNo: '61', agencyId: 'oc', routeType: 3, directionId: 0 },
  ],
  routesKnown: true,
};
const route95: Place = { stopIds: new Set(), routes: [{ routeId: 'r95', routeNo: '95', agencyId: 'oc', routeType: 3 }], routesKnown: true };

const at = (e: InformedEntity, place = stop3017, agencies = one) => entityAffects(e, place, agencies);

describe('which disruptions touch a stop or a route', () => {
  it('an entity naming nothing, or a direction alone, touches nothing', () => {
    expect(at({})).toBe(false);
    expect(at({ directionId: 0 })).toBe(false);
    const none = { entities: [{}] } as unknown as Disruption;
    expect(touchesAnything(none)).toBe(false);
  });

  it('a stop: its platforms and its station', () => {
    expect(at({ stopId: 'P2' })).toBe(true);
    expect(at({ stopId: 'S' })).toBe(true);
    expect(at({ stopId: 'elsewhere' })).toBe(false);
  });

  it('every field of one entity holds together', () => {
    expect(at({ routeId: 'r95', stopId: 'P1' })).toBe(true);
    expect(at({ routeId: 'r7', stopId: 'P1' })).toBe(false);
    expect(at({ routeId: 'r95', stopId: 'elsewhere' })).toBe(false);
    expect(at({ routeId: 'r61', directionId: 1 })).toBe(false);
    expect(at({ routeId: 'r61', directionId: 0 })).toBe(true);
    expect(at({ routeType: 3 })).toBe(true);
    expect(at({ routeType: 0 })).toBe(false);
    expect(at({ agencyId: 'oc', routeType: 0 })).toBe(false);
  });

  it('separate entities each apply', () => {
    const d = { entities: [{ routeId: 'r7', stopId: 'P1' }, { routeId: 'r61' }] } as unknown as Disruption;
    expect(disruptionAffects(d, stop3017, one)).toBe(true);
    const neither = { entities: [{ routeId: 'r7' }, { stopId: 'elsewhere' }] } as unknown as Disruption;
    expect(disruptionAffects(neither, stop3017, one)).toBe(false);
  });

  it('a route question takes "route at a stop" but not a stop alone', () => {
    expect(at({ routeId: 'r95', stopId: 'anywhere' }, route95)).toBe(true);
    expect(at({ stopId: 'P1' }, route95)).toBe(false);
    expect(at({ routeId: 'r61' }, route95)).toBe(false);
  });

  it('an unknown agency id is the only agency of a feed of one, and nothing in a feed of several', () => {
    expect(at({ agencyId: 'OC Transpo (typo)' })).toBe(true);
    expect(at({ agencyId: 'OC Transpo (typo)' }, stop3017, two)).toBe(false);
    expect(at({ agencyId: 'sto' }, stop3017, two)).toBe(false);
    expect(at({ agencyId: 'oc' }, stop3017, two)).toBe(true);
  });

  it('a trip whose route is unknown touches nothing; with its route, as that route', () => {
    expect(at({ tripId: 't1' })).toBe(false);
    expect(at({ tripId: 't1', routeId: 'r95' })).toBe(true);
  });

  it('routes named as riders read them (RSS), and stops by their code', () => {
    expect(at({ routeName: '95' })).toBe(true);
    expect(at({ routeName: '7' })).toBe(false);
    expect(at({ stopCode: '3017' })).toBe(true);
    expect(at({ stopCode: '3018' })).toBe(false);
  });

  it("where the schedule cannot list a stop's routes, a disruption naming the stop counts", () => {
    const unknownRoutes: Place = { ...stop3017, routes: [], routesKnown: false };
    expect(at({ routeId: 'r7', stopId: 'P1' }, unknownRoutes)).toBe(true);
    expect(at({ routeId: 'r7' }, unknownRoutes)).toBe(false);
    expect(at({ agencyId: 'oc' }, unknownRoutes)).toBe(true);
  });
});

describe('when, in which language, in which order', () => {
  const base: Disruption = {
    id: 'a',
    version: '1',
    effect: 'detour',
    cause: 'unknown',
    severity: 'unknown',
    header: [],
    description: [],
    entities: [],
    periods: [],
  };

  it('no period: always; else inside one of them (end excluded)', () => {
    expect(isActiveAt(base, new Date(0))).toBe(true);
    const later = { ...base, periods: [{ start: 100, end: 200 }, { start: 300 }] };
    expect(isActiveAt(later, new Date(150_000))).toBe(true);
    expect(isActiveAt(later, new Date(200_000))).toBe(false);
    expect(isActiveAt(later, new Date(99_000))).toBe(false);
    expect(isActiveAt(later, new Date(10_000_000))).toBe(true);
  });

  it("the chat's language, then untagged, then English, then any", () => {
    const texts = [
      { language: 'nl', text: 'Omleiding' },
      { language: 'en', text: 'Detour' },
      { language: 'fr-ca', text: 'Détour' },
    ];
    expect(textIn(texts, 'fr')).toBe('Détour');
    expect(textIn(texts, 'de')).toBe('Detour');
    expect(textIn([...texts, { language: '', text: 'Umleitung' }], 'de')).toBe('Umleitung');
    expect(textIn([{ language: 'nl', text: 'Omleiding' }], 'fr')).toBe('Omleiding');
    expect(textIn([], 'fr')).toBeUndefined();
  });

  it('most severe first, then what the rider loses', () => {
    const list = [
      { ...base, id: 'more-buses', effect: 'additional-service' as const },
      { ...base, id: 'detour', effect: 'detour' as const },
      { ...base, id: 'info', effect: 'no-service' as const, severity: 'info' as const },
      { ...base, id: 'none', effect: 'no-service' as const },
      { ...base, id: 'severe', effect: 'other' as const, severity: 'severe' as const },
    ];
    expect(list.sort(compareBySeverity).map((d) => d.id)).toEqual(['severe', 'none', 'detour', 'more-buses', 'info']);
  });
});
