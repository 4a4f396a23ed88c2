import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { textIn, type Disruption } from '../../src/domain/disruption.js';
import { disruptionAffects, type Place } from '../../src/domain/disruption-match.js';
import { rssDisruptions, stopsIn } from '../../src/sources/octranspo-rss/disruptions.js';
import { octranspoRssFeed } from '../../src/sources/octranspo-rss/feed.js';
import { parseRss } from '../../src/sources/octranspo-rss/parse.js';
import { fixture, readJson } from '../disruptions/helpers.js';

// OC Transpo's updates RSS on real captures (2019 raw XML; 2026 as feedparser read it, written
// back as RSS here), and the French twin joined by item.

const english2019 = parseRss(readFileSync(fixture('octranspo-updates-en-2019-07-05.xml'), 'utf8'));
const french2019 = parseRss(readFileSync(fixture('octranspo-updates-fr-2019-07-05-constructed.xml'), 'utf8'));

interface FeedparserEntry {
  id: string;
  link: string;
  title: string;
  published: string;
  summary: string;
  tags?: Array<{ term: string }>;
}
const entries2026 = readJson<{ entries: FeedparserEntry[] }>('octranspo-updates-en-2026-01-23-1958.json').entries;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The feedparser entries as the RSS they were read from (texts escaped, categories as tags said). */
const rss2026 = `<rss version="2.0"><channel><title>OC Transpo</title>${entries2026
  .map(
    (e) =>
      `<item><title>${xmlText(e.title)}</title><pubDate>${e.published}</pubDate>${(e.tags ?? []).map((t) => `<category><![CDATA[${t.term}]]></category>`).join('')}<link>${xmlText(e.link)}</link><description><![CDATA[${e.summary}]]></description><guid>${xmlText(e.id)}</guid></item>`,
  )
  .join('')}</channel></rss>`;
const items2026 = parseRss(rss2026);

const byTitle = (list: readonly Disruption[], words: string) => list.find((d) => textIn(d.header, 'en')?.includes(words))!;
const routesOf = (d: Disruption) => d.entities.flatMap((e) => (e.routeName !== undefined ? [e.routeName] : []));
const stopsOf = (d: Disruption) => d.entities.flatMap((e) => (e.stopCode !== undefined ? [e.stopCode] : []));

describe('OC Transpo RSS, 2019', () => {
  it('reads every item: titles, trimmed categories (the empty one left out), entities decoded in descriptions', () => {
    expect(english2019.map((i) => i.title)).toEqual([
      '91 Orleans: Cancelled Trip',
      '91 Tunney’s Pasture: Cancelled Trip',
      '95 Barrhaven Centre: cancelled trip',
      'South Keys Station: Elevator',
      '19 St.Laurent: detour due watermain break',
      'O-Train Line 2 closures',
    ]);
    expect(english2019[3]!.categories).toEqual(['General Message']);
    expect(english2019[1]!.description).toContain("to Tunney's Pasture Station at 09:18 was cancelled");
    expect(english2019[0]!.published).toBe(Date.parse('2019-07-05T09:02:00-04:00') / 1000);
  });

  it('one disruption per item: kind, routes (the O-Train line by its number), a cancelled trip for its hours only', () => {
    const all = rssDisruptions(english2019, []);
    expect(all).toHaveLength(6);
    const cancelled = byTitle(all, '95 Barrhaven');
    expect(cancelled.effect).toBe('reduced-service');
    expect(routesOf(cancelled)).toEqual(['95']);
    expect(cancelled.periods).toHaveLength(1);
    expect(byTitle(all, 'watermain').effect).toBe('detour');
    expect(routesOf(byTitle(all, 'O-Train Line 2'))).toEqual(['2']);
    expect(routesOf(byTitle(all, 'Elevator'))).toEqual([]);
  });

  it('joins the French twin by item: both languages, French chosen for a French chat', () => {
    const all = rssDisruptions(english2019, french2019);
    expect(all).toHaveLength(6);
    const orleans = byTitle(all, '91 Orleans');
    expect(textIn(orleans.header, 'fr')).toBe('91 Orléans : Trajet annulé');
    expect(textIn(orleans.header, 'en')).toBe('91 Orleans: Cancelled Trip');
    expect(textIn(orleans.description, 'fr')).toContain('vers la station Orléans à 9 h 18 a été annulé');
    const detour = byTitle(all, 'watermain');
    expect(textIn(detour.header, 'fr')).toBe("19 St-Laurent : détour en raison d'un bris d'aqueduc");
    // A stop named only in the French text still counts.
    expect(stopsOf(detour)).toContain('7083');
    expect(stopsOf(byTitle(rssDisruptions(english2019, []), 'watermain'))).not.toContain('7083');
    expect(textIn(byTitle(all, 'Elevator').header, 'fr')).toBe('South Keys Station: Elevator');
  });
});

describe('OC Transpo RSS, 2026', () => {
  const all = rssDisruptions(items2026, []);

  it('reads all 40 entries as 40 disruptions', () => {
    expect(items2026).toHaveLength(entries2026.length);
    expect(all).toHaveLength(40);
  });

  it('routes from "affectedRoutes-" lists, else from the title; stops from the prose', () => {
    const richmond = byTitle(all, '#4941');
    expect(routesOf(richmond)).toEqual(['11', '57', '61', '62', '63', '75', '82', '87']);
    expect(stopsOf(richmond)).toContain('4941');
    const emptyTag = all.find((d) => textIn(d.header, 'en')?.startsWith('DETOUR: Routes 61'))!;
    expect(routesOf(emptyTag)).toEqual(expect.arrayContaining(['61', '62']));
    expect(routesOf(byTitle(all, 'Line1'))).toEqual(['1']);
  });

  it('cancelled trips without any category: route from the title, reduced service, ids from the guid', () => {
    const cancelled = all.filter((d) => d.effect === 'reduced-service');
    expect(cancelled).toHaveLength(6);
    expect(cancelled.map((d) => routesOf(d)[0])).toEqual(['33', '57', '7', '18', '63', '63']);
    expect(new Set(cancelled.map((d) => d.id)).size).toBe(6);
  });

  it('a named route or stop shows the disruption, another does not', () => {
    const richmond = byTitle(all, '#4941');
    const agencies = { ids: new Set(['OC']) };
    const at = (code: string, routeNo: string): Place => ({ stopIds: new Set([code]), stopCode: code, routes: [{ routeNo }], routesKnown: true });
    expect(disruptionAffects(richmond, at('4941', '11'), agencies)).toBe(true);
    expect(disruptionAffects(richmond, at('3017', '87'), agencies)).toBe(true);
    expect(disruptionAffects(richmond, at('3017', '95'), agencies)).toBe(false);
  });

  it('finds stop codes where the prose gives them', () => {
    expect(stopsIn('Missed Stops:VANIER / DONALD - (7083), Stop number 9884 ... stop number 4402')).toEqual(['7083', '9884', '4402']);
    expect(stopsIn('Route 1234 detour in 2025')).toEqual([]);
  });
});

describe('the RSS feed, polled', () => {
  it('answers from the English feed when the French one cannot be read', async () => {
    const feed = octranspoRssFeed({
      english: fixture('octranspo-updates-en-2019-07-05.xml'),
      french: fixture('no-such-feed.xml'),
      refreshMs: 60_000,
      now: fixedClock('2019-07-05T09:10:00-04:00'),
      logger: pino({ level: 'silent' }),
    });
    const read = await feed.read();
    expect(read.status === 'ok' && read.disruptions).toHaveLength(6);
    await feed.read();
    expect(feed.requests).toBe(1);
  });

  it('is unavailable when the English feed is no RSS', async () => {
    const feed = octranspoRssFeed({
      english: fixture('miway-alerts.pb'),
      refreshMs: 60_000,
      now: fixedClock('2019-07-05T09:10:00-04:00'),
      logger: pino({ level: 'silent' }),
    });
    expect(await feed.read()).toEqual({ status: 'unavailable' });
  });
});
