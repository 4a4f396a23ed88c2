import { routeNameKey } from '../../../domain/route-names.js';
import { foldText } from '../../../stops/normalize.js';

// Which routes a rider means by what they typed, from the feed's own names: the short name or
// route_id as given (any case) first; else the same with leading zeros aside ("7" for Auckland's
// "007", "01" for "1"); else the long name ("Local", "dundas", "Pontiac — Gatineau", accents
// aside). The first tier that names any route decides, so "7" never adds "007" to a feed's "7".

export interface NamedRoute {
  routeId: string;
  shortName: string;
  longName: string;
}

export function matchRoutes<T extends NamedRoute>(typed: string, routes: readonly T[]): T[] {
  const text = typed.trim();
  if (text === '') return [];
  const lower = text.toLowerCase();
  const exact = routes.filter((r) => r.shortName.toLowerCase() === lower || r.routeId === text);
  if (exact.length > 0) return exact;
  const key = routeNameKey(text);
  const unpadded = routes.filter((r) => (r.shortName !== '' ? routeNameKey(r.shortName) : routeNameKey(r.routeId)) === key);
  if (unpadded.length > 0) return unpadded;
  const folded = foldText(text).replace(/\s+/g, ' ');
  return routes.filter((r) => r.longName !== '' && foldText(r.longName).replace(/\s+/g, ' ').trim() === folded);
}
