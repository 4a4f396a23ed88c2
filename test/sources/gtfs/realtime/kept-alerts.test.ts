import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertsOverLimitError, decodeAlerts } from '../../../../src/sources/gtfs/realtime/alerts-decode.js';
import { KeptAlerts } from '../../../../src/sources/gtfs/realtime/kept-alerts.js';
import { encodeFeed } from '../helpers.js';

// A Service Alerts feed is polled every minute or so and changes a few times a day: an alert sent
// again byte for byte is taken from the last poll, not read and hashed again. Whatever came
// before, a poll must give exactly what reading its bytes afresh gives (the same versions: nothing
// pushed again, nothing missed).

const header = { gtfsRealtimeVersion: '2.0', timestamp: 1 };

const entityArb = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd'),
  isDeleted: fc.boolean(),
  routes: fc.array(fc.constantFrom('1', '6', '95'), { maxLength: 3 }),
  text: fc.constantFrom('Detour', 'Détour', 'Stop moved'),
  language: fc.constantFrom('en', 'fr'),
});
type EntityArb = typeof entityArb extends fc.Arbitrary<infer T> ? T : never;

const feedOf = (entities: EntityArb[]) =>
  encodeFeed({
    header,
    entity: entities.map((e) => ({
      id: e.id,
      ...(e.isDeleted ? { isDeleted: true } : {}),
      alert: { headerText: { translation: [{ text: e.text, language: e.language }] }, informedEntity: e.routes.map((routeId) => ({ routeId })) },
    })),
  });

const detour = (id: string, text: string) =>
  ({ id, alert: { effect: 'DETOUR', headerText: { translation: [{ text, language: 'en' }] }, informedEntity: [{ routeId: '95' }] } }) as const;

describe('alerts kept from one poll to the next', () => {
  it('give what reading the feed afresh gives, whatever the polls before held (joined ids, deleted entities, a failed poll)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(entityArb, { maxLength: 6 }), { minLength: 2, maxLength: 4 }), fc.boolean(), (polls, failing) => {
        const kept = new KeptAlerts();
        for (const [i, entities] of polls.entries()) {
          const bytes = feedOf(entities);
          if (failing && i === 1) expect(() => decodeAlerts(bytes.subarray(0, bytes.length - 1), undefined, kept)).toThrow();
          const polled = decodeAlerts(bytes, undefined, kept);
          const fresh = decodeAlerts(bytes);
          expect(polled).toEqual(fresh);
          expect(JSON.stringify(polled)).toBe(JSON.stringify(fresh));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('take an unchanged alert as it was and read a changed one again, with its new version', () => {
    const kept = new KeptAlerts();
    const first = decodeAlerts(encodeFeed({ header, entity: [detour('a', 'Detour'), detour('b', 'Detour')] }), undefined, kept).disruptions;
    const second = decodeAlerts(encodeFeed({ header, entity: [detour('a', 'Detour'), detour('b', 'Detour on Bank')] }), undefined, kept).disruptions;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.version).not.toBe(first[1]!.version);
    expect(second[1]!.header[0]!.text).toBe('Detour on Bank');
  });

  it('still count a kept alert against the limits', () => {
    const kept = new KeptAlerts();
    const bytes = encodeFeed({ header, entity: [detour('a', 'Detour'), detour('b', 'Detour'), detour('c', 'Detour')] });
    decodeAlerts(bytes, undefined, kept);
    expect(() => decodeAlerts(bytes, { maxAlerts: 100, maxSelectors: 2 }, kept)).toThrow(AlertsOverLimitError);
    expect(() => decodeAlerts(bytes, { maxAlerts: 2, maxSelectors: 100 }, kept)).toThrow(AlertsOverLimitError);
    expect(decodeAlerts(bytes, undefined, kept).disruptions).toHaveLength(3);
  });
});
