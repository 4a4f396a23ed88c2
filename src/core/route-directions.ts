// A route's directions at one stop, as a near alert names and matches them: by the source's
// direction_id when it gives one (what buttons carry: one digit), else by the heading riders read.
import { DIRECTION_NAME_CHARS, type NearDirection } from '../domain/alert-kinds/index.js';
import type { RouteArrivals } from '../domain/arrivals.js';
import { sameRouteName } from '../domain/route-names.js';
import { headingWithoutRoute } from './format/names.js';
import { shorten } from './format/text.js';
import { fold, type TypedWords } from './languages/typed-words.js';

/** "Orléans": the heading without the route number, else the direction ("Eastbound"), else the first trip's destination. */
export function directionName(route: RouteArrivals): string {
  const heading = headingWithoutRoute(route.heading, route.routeNo);
  return shorten(heading || route.direction || route.trips[0]?.destination || '', DIRECTION_NAME_CHARS);
}

/** The route's directions served at the stop, once each, in the source's order. */
export function directionsAt(routes: readonly RouteArrivals[], routeNo: string): NearDirection[] {
  const found: NearDirection[] = [];
  for (const route of routes) {
    if (route.problem !== undefined || !sameRouteName(routeNo, route.routeNo)) continue;
    const direction = { ...(route.directionId !== undefined ? { id: route.directionId } : {}), name: directionName(route) };
    if (!found.some((d) => sameDirection(d, direction))) found.push(direction);
  }
  return found;
}

function sameDirection(a: NearDirection, b: NearDirection): boolean {
  return a.id !== undefined && b.id !== undefined ? a.id === b.id : fold(a.name) === fold(b.name);
}

/**
 * A direction as a button carries it: its direction_id ("0", "1"), else its place among the
 * route's directions here ("w0", "w1"): a heading ("Orléans") fits no platform's button data.
 */
export function directionValue(choices: readonly NearDirection[], direction: NearDirection): string {
  return direction.id !== undefined ? String(direction.id) : `w${choices.indexOf(direction)}`;
}

const WAY_INDEX = /^w([0-9])$/;

/** Whether the route's arrivals go the chosen way (none chosen: any way does). */
export function goesTowards(route: RouteArrivals, direction: NearDirection | undefined): boolean {
  if (direction === undefined) return true;
  if (direction.id !== undefined && route.directionId !== undefined) return direction.id === route.directionId;
  // A name alone (a source without ids, or a way typed while the source could not say): as typed, "barrhaven" is Barrhaven Centre's.
  return direction.name !== '' && fold(directionName(route)).includes(fold(direction.name));
}

/**
 * What the rider typed after "to" ("Orléans", "orleans", "barrhaven", "east"), or a button's
 * value (directionValue: "1", "w1"), among the route's directions here: the one it names, or undefined when it
 * names none or several.
 */
export function pickDirection(
  choices: readonly NearDirection[],
  typed: string,
  words: TypedWords,
  routes: readonly RouteArrivals[],
): NearDirection | undefined {
  if (/^[01]$/.test(typed)) return choices.find((d) => d.id === Number(typed));
  const index = WAY_INDEX.exec(typed);
  if (index !== null) return choices[Number(index[1])];
  const wanted = fold(typed);
  if (wanted.length < 2) return undefined;
  const compass = words.direction(typed);
  const named = choices.filter((choice) => {
    const ways = routes.filter((r) => goesTowards(r, choice));
    const texts = [choice.name, ...ways.flatMap((r) => [r.heading, ...r.trips.map((t) => t.destination)])];
    if (texts.some((text) => fold(text).includes(wanted))) return true;
    return compass !== undefined && ways.some((r) => r.direction !== '' && words.direction(r.direction) === compass);
  });
  return named.length === 1 ? named[0] : undefined;
}
