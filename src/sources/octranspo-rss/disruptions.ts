import type { Disruption, DisruptionEffect, InformedEntity, Translation } from '../../domain/disruption.js';
import { versionOf } from '../disruption-version.js';
import type { RssItem } from './parse.js';

// RSS items -> disruptions, one per item, the English and French feeds joined item by item.
// Categories are the only structure: one kind ("Detours", "Cancelled trips", "General Message"...)
// and "affectedRoutes-11, 57" (sometimes empty: the routes are then read from the title, as are a
// cancelled trip's, which has no category at all). Stops appear only in the prose ("#4941",
// "(7083)", "stop number 9884"): each becomes an entity of its own (the disruption touches the
// stop, whatever the route), as each route does.

/** How long a cancelled trip is news: the trip it names runs within hours of its notice. */
const CANCELLED_TRIP_SECONDS = 12 * 3600;

const EFFECTS: Record<string, DisruptionEffect> = {
  detours: 'detour',
  détours: 'detour',
  'cancelled trips': 'reduced-service',
  'trajets annulés': 'reduced-service',
  'route service change': 'modified-service',
  'general service change': 'modified-service',
  'changement de service': 'modified-service',
};

const ROUTES_CATEGORY = /^affectedRoutes-(.*)$/i;
const ROUTE = /^[0-9]{1,3}[A-Za-z]?$/;

function routesOf(item: RssItem): string[] {
  const listed = item.categories.flatMap((c) => {
    const match = ROUTES_CATEGORY.exec(c);
    // "affectedRoutes-1 O-Train": the number is the route.
    return match === null ? [] : match[1]!.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '');
  });
  const routes = listed.filter((r) => ROUTE.test(r));
  if (routes.length > 0) return [...new Set(routes)];
  // "33 Portobello : Cancelled trip", "DETOUR: Routes 61 Tunney's Pasture & N Rideau, 62 ...", "Detour: Carling ..., route 85".
  const leading = /^([0-9]{1,3}[A-Za-z]?)\s/.exec(item.title)?.[1];
  const named = [...item.title.matchAll(/\b(?:routes?|lignes?|circuits?)\s+([0-9]{1,3}(?:[^0-9]{1,60}?\b[0-9]{1,3}\b)*)/gi)].flatMap((m) =>
    [...m[1]!.matchAll(/(?:^|[,&\s])([0-9]{1,3})(?=\s|,|$)/g)].map((n) => n[1]!),
  );
  return [...new Set([...(leading !== undefined ? [leading] : []), ...named])];
}

/** Stop codes written in the prose: "#4941", "(7083)", "stop number 9884", "arrêt 3017". */
export function stopsIn(text: string): string[] {
  const found = [
    ...text.matchAll(/#([0-9]{4})\b/g),
    ...text.matchAll(/\(([0-9]{4})\)/g),
    // One run of spaces before the "#" or after it, never two that could share one run (a run
    // the feed padded would be tried in every split of it).
    ...text.matchAll(/\b(?:stop|arrêt)s?(?:\s+(?:number|numéro|no\.?|n°))?\s*(?:#\s*)?([0-9]{4})\b/gi),
  ].map((m) => m[1]!);
  return [...new Set(found)];
}

function effectOf(item: RssItem): DisruptionEffect {
  for (const c of item.categories) {
    const effect = EFFECTS[c.toLowerCase()];
    if (effect !== undefined) return effect;
  }
  if (/cancell?ed trip|trajet annulé/i.test(item.title)) return 'reduced-service';
  if (/^\s*(update\W*)?d[ée]tour/i.test(item.title)) return 'detour';
  return 'other';
}

const isCancelledTrip = (item: RssItem) => effectOf(item) === 'reduced-service';

/**
 * What joins an English item to its French twin: the number ending the guid's fragment (the
 * item's creation time in ms, "…-1562331835823"), else the whole fragment ("33-0-1769213580-0"),
 * else the guid. The French feed's slugs are in French; the numbers are the item's own.
 */
export function twinKey(item: RssItem): string {
  const fragment = item.id.includes('#') ? item.id.slice(item.id.indexOf('#') + 1) : item.id;
  if (fragment.startsWith('alert-')) return /-([0-9]{10,})$/.exec(fragment)?.[1] ?? fragment;
  return fragment;
}

function texts(items: Array<{ language: string; text: string }>): Translation[] {
  return items.filter((t) => t.text !== '');
}

export function rssDisruptions(english: readonly RssItem[], french: readonly RssItem[]): Disruption[] {
  const frenchByKey = new Map(french.map((item) => [twinKey(item), item]));
  const seen = new Set<string>();
  const pairs: Array<{ key: string; en?: RssItem; fr?: RssItem }> = [];
  for (const en of english) {
    const key = twinKey(en);
    if (seen.has(key)) continue;
    seen.add(key);
    const fr = frenchByKey.get(key);
    pairs.push({ key, en, ...(fr !== undefined ? { fr } : {}) });
  }
  // A French item whose English twin is missing is still a disruption.
  for (const fr of french) {
    const key = twinKey(fr);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ key, fr });
  }

  return pairs.map(({ key, en, fr }) => {
    const main = (en ?? fr)!;
    const both = [en, fr].filter((i): i is RssItem => i !== undefined);
    const routes = [...new Set(both.flatMap(routesOf))];
    const stops = [...new Set(both.flatMap((i) => stopsIn(`${i.title}\n${i.description}`)))];
    const entities: InformedEntity[] = [...routes.map((routeName) => ({ routeName })), ...stops.map((stopCode) => ({ stopCode }))];
    const published = main.published;
    const content = {
      effect: effectOf(main),
      cause: 'unknown' as const,
      severity: 'unknown' as const,
      header: texts([...(en ? [{ language: 'en', text: en.title }] : []), ...(fr ? [{ language: 'fr', text: fr.title }] : [])]),
      description: texts([...(en ? [{ language: 'en', text: en.description }] : []), ...(fr ? [{ language: 'fr', text: fr.description }] : [])]),
      url: texts([...(en?.link ? [{ language: 'en', text: en.link }] : []), ...(fr?.link ? [{ language: 'fr', text: fr.link }] : [])]),
      entities,
      periods: isCancelledTrip(main) && published !== undefined ? [{ start: published - 3600, end: published + CANCELLED_TRIP_SECONDS }] : [],
    };
    return Object.freeze({ id: key, version: versionOf(content), ...content });
  });
}
