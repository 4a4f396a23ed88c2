import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textIn } from '../../../../src/domain/disruption.js';
import { AlertsOverLimitError, decodeAlerts } from '../../../../src/sources/gtfs/realtime/alerts-decode.js';
import { fixture, readJson, type JsonAlertFeed } from '../../../disruptions/helpers.js';
import { encodeFeed } from '../helpers.js';

// The Service Alerts decoder against real captures, checked against their JSON twins (decoded by
// gtfs-realtime-bindings, not by this code).

describe('GTFS-Realtime Service Alerts, decoded', () => {
  it('reads every MiWay alert as its twin has it: id, texts, entities, periods, effect', () => {
    const feed = decodeAlerts(readFileSync(fixture('miway-alerts.pb')));
    const json = readJson<JsonAlertFeed>('miway-alerts.json');
    expect(feed.timestamp).toBe(Number(json.header.timestamp));
    expect(feed.disruptions.map((d) => d.id)).toEqual(json.entity.map((e) => e.id));
    for (const [i, d] of feed.disruptions.entries()) {
      const alert = json.entity[i]!.alert;
      expect(textIn(d.header, 'en')).toBe(alert.headerText?.translation[0]?.text.trim());
      expect(d.entities).toEqual((alert.informedEntity ?? []).map((e) => ({ ...e })));
      expect(d.periods).toEqual((alert.activePeriod ?? []).map((p) => ({ start: Number(p.start), end: Number(p.end) })));
      expect(d.effect).toBe(alert.effect === undefined ? 'unknown' : alert.effect.toLowerCase().replace('_effect', '').replace(/_/g, '-'));
    }
    // Two alerts carry no effect at all: the specification's default.
    expect(json.entity.filter((e) => e.alert.effect === undefined).length).toBeGreaterThan(0);
  });

  it('joins NMBS entities that share an id into one disruption with each language, entities decoded', () => {
    const feed = decodeAlerts(readFileSync(fixture('nmbs-alerts-2015-07-31.pb')));
    const json = readJson<JsonAlertFeed>('nmbs-alerts-2015-07-31.json');
    const ids = [...new Set(json.entity.map((e) => e.id))];
    expect(feed.disruptions.map((d) => d.id)).toEqual(ids);
    for (const d of feed.disruptions) {
      const byLanguage = (language: string) =>
        json.entity.find((e) => e.id === d.id && e.alert.headerText?.translation[0]?.language === language)!.alert.headerText!.translation[0]!.text;
      expect(textIn(d.header, 'en')).toBe(byLanguage('en'));
      expect(textIn(d.header, 'nl')).toBe(byLanguage('nl'));
      // The French header holds HTML entities in the feed; riders read the letters.
      const french = textIn(d.header, 'fr')!;
      expect(french).not.toMatch(/&[a-z]+;/);
      expect(french).toBe(
        byLanguage('fr')
          .replace(/&eacute;/g, 'é')
          .replace(/&agrave;/g, 'à')
          .replace(/&acirc;/g, 'â'),
      );
      // No German in the feed: English, before any other language.
      expect(textIn(d.header, 'de')).toBe(byLanguage('en'));
      expect(textIn(d.url, 'fr')).toMatch(/help\.exe\/fr\?/);
      expect(d.entities).toEqual([]);
      expect(d.periods).toEqual([]);
    }
    expect(json.entity.some((e) => /&[a-z]+;/.test(e.alert.headerText?.translation[0]?.text ?? ''))).toBe(true);
  });

  it('says "Dégâts à la caténaire" in the 2015-07-30 capture', () => {
    const feed = decodeAlerts(readFileSync(fixture('nmbs-alerts-2015-07-30.pb')));
    const french = feed.disruptions.map((d) => textIn(d.header, 'fr')).join('\n');
    expect(french).toContain('Dégâts à la caténaire');
  });

  it('keeps a version while nothing changes, and a new one when the text does', () => {
    const alert = (text: string) =>
      encodeFeed({
        header: { gtfsRealtimeVersion: '2.0', timestamp: 1 },
        entity: [{ id: 'a', alert: { headerText: { translation: [{ text, language: 'en' }] }, informedEntity: [{ routeId: '95' }] } }],
      });
    const first = decodeAlerts(alert('Detour')).disruptions[0]!;
    expect(decodeAlerts(alert('Detour')).disruptions[0]!.version).toBe(first.version);
    expect(decodeAlerts(alert('Detour on Bank St')).disruptions[0]!.version).not.toBe(first.version);
  });

  it('refuses bytes that are no feed, and a feed past its limits', () => {
    expect(() => decodeAlerts(new TextEncoder().encode('<html>Service Unavailable</html>'))).toThrow();
    const many = encodeFeed({
      header: { gtfsRealtimeVersion: '2.0', timestamp: 1 },
      entity: Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, alert: { informedEntity: [{ routeId: '95' }] } })),
    });
    expect(() => decodeAlerts(many, { maxAlerts: 4, maxSelectors: 100 })).toThrow(AlertsOverLimitError);
    expect(() => decodeAlerts(many, { maxAlerts: 100, maxSelectors: 4 })).toThrow(AlertsOverLimitError);
    expect(decodeAlerts(many).disruptions).toHaveLength(5);
  });
});
