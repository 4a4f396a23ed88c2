import type { Disruption, InformedEntity } from './disruption.js';
import { agencyOf, agencyWide, entityAffects, type Agencies, type Place } from './disruption-match.js';
import { routeNameKey } from './route-names.js';

// Who a disruption touches among the chats that watch a stop or a route (a saved stop, a
// subscription): an index from stop ids, stop codes, route ids and route numbers to watches, so
// that matching a feed's disruptions looks up the few candidates each entity names instead of
// scanning every watch; each candidate is then checked by the matcher itself
// (disruption-match.ts), so the index only narrows the search, never decides. An entity naming
// an agency alone touches every watch of that agency: those lists are made once per agency (and
// per reading of the feed's agencies), as a route type alone is checked against every watch.
// Watches are numbers inside (a mark per watch, not a set of strings, says "already touched").

export interface Watch {
  /** Who is watching what: the caller's own key ("telegram:42:3017:95"). */
  readonly key: string;
  readonly place: Place;
}

/** A place chats watch, as they stored it: a stop, or a stop and one route there ("3017", "3020" and "95"). */
export interface WatchedPlace {
  readonly stop: string;
  readonly route?: string;
}

/**
 * The network's active disruptions (most severe first) and, for each, the keys of the watched
 * places it touches; `incomplete`: a feed could not be read (its disruptions come when it can).
 */
export type WatchReading =
  | {
      readonly status: 'ok';
      readonly disruptions: readonly Disruption[];
      /** The keys (of the map given) of the places this disruption (one of `disruptions`) touches, each once. */
      touched(disruption: Disruption): readonly string[];
      readonly incomplete?: boolean;
    }
  | { readonly status: 'unavailable' };

/**
 * How the disruption pushes find their chats without asking the source once per place: the
 * source resolves each watched place through its schedule (PlaceResolver) once and keeps it,
 * then matches each disruption once against all of them (the index below).
 */
export interface DisruptionWatcher {
  /** `places` by the caller's keys; pass the same map again while nothing changed (what was built from it is kept). Never rejects. */
  watching(places: ReadonlyMap<string, WatchedPlace>): Promise<WatchReading>;
}

export interface WatchIndex {
  readonly size: number;
  /** The keys of the watches the disruption touches, each once (shared: read it, do not change it). */
  touched(disruption: Disruption, agencies: Agencies): readonly string[];
}

function push(map: Map<string, number[]>, key: string | undefined, watch: number): void {
  if (key === undefined) return;
  const list = map.get(key);
  if (list === undefined) map.set(key, [watch]);
  else if (list[list.length - 1] !== watch) list.push(watch);
}

/**
 * Keys of matches an index keeps at most (a disruption's watches, while its object lives: a feed's
 * unchanged alerts keep theirs from poll to poll, so a change of one matches that one alone). Past
 * it, what was kept is let go and keeping starts over: 10,000 disruptions of the whole network
 * watched from every place are matched again at each look rather than all held.
 */
const KEPT_KEYS = 1_000_000;

/** The same agencies, read again (a source reads them afresh for each look). */
const sameAgencies = (a: Agencies, b: Agencies) => a === b || (a.ids.size === b.ids.size && [...a.ids].every((id) => b.ids.has(id)));

const onlyAgency = (e: InformedEntity) => agencyWide(e) && e.stopId === undefined && e.stopCode === undefined && e.directionId === undefined;

export function createWatchIndex(watches: readonly Watch[]): WatchIndex {
  const byStopId = new Map<string, number[]>();
  const byStopCode = new Map<string, number[]>();
  const byRouteId = new Map<string, number[]>();
  const byRouteNo = new Map<string, number[]>();
  // The same, of watches of a route alone: all an entity naming a stop can reach by its route.
  const routeOnlyById = new Map<string, number[]>();
  const routeOnlyByNo = new Map<string, number[]>();
  const every = watches.map((_, i) => i);
  // Watches of a route alone (no stop): "route type 3 at stop 3017" is about them too.
  const routeOnly = every.filter((i) => watches[i]!.place.stopIds.size === 0 && watches[i]!.place.stopCode === undefined);
  watches.forEach((watch, i) => {
    for (const id of watch.place.stopIds) push(byStopId, id, i);
    push(byStopCode, watch.place.stopCode?.toLowerCase(), i);
    const alone = watch.place.stopIds.size === 0 && watch.place.stopCode === undefined;
    for (const route of watch.place.routes) {
      push(alone ? routeOnlyById : byRouteId, route.routeId, i);
      push(alone ? routeOnlyByNo : byRouteNo, route.routeNo === undefined ? undefined : routeNameKey(route.routeNo), i);
    }
  });

  // Agency-wide entities: the watches of each agency, for one reading of the feed's agencies.
  type AgencyList = { watches: number[]; keys: readonly string[] };
  let agencyLists: { agencies: Agencies; byAgency: Map<string, AgencyList> } | undefined;
  function ofAgency(agencyId: string, agencies: Agencies): AgencyList {
    if (agencyLists === undefined || !sameAgencies(agencyLists.agencies, agencies)) agencyLists = { agencies, byAgency: new Map() };
    const agency = agencyOf(agencyId, agencies) ?? `\u0000${agencyId}`;
    let list = agencyLists.byAgency.get(agency);
    if (list === undefined) {
      const probe: InformedEntity = { agencyId };
      const found = every.filter((i) => entityAffects(probe, watches[i]!.place, agencies));
      list = { watches: found, keys: Object.freeze(found.map((i) => watches[i]!.key)) };
      agencyLists.byAgency.set(agency, list);
    }
    return list;
  }

  /**
   * The watches an entity could touch: those at the stop it names, and those of the route it
   * names (a watch of a route alone is touched by "route 95 at stop 3017" too).
   */
  function candidates(e: InformedEntity): number[][] {
    const found: number[][] = [];
    const atStop = e.stopId !== undefined || e.stopCode !== undefined;
    if (e.stopId !== undefined) found.push(byStopId.get(e.stopId) ?? []);
    if (e.stopCode !== undefined) found.push(byStopCode.get(e.stopCode.toLowerCase()) ?? []);
    // Named with a stop, a route reaches the watches of that route alone; without, every watch of it.
    if (e.routeId !== undefined) {
      found.push(routeOnlyById.get(e.routeId) ?? []);
      if (!atStop) found.push(byRouteId.get(e.routeId) ?? []);
    }
    if (e.routeName !== undefined) {
      const name = routeNameKey(e.routeName);
      found.push(routeOnlyByNo.get(name) ?? []);
      if (!atStop) found.push(byRouteNo.get(name) ?? []);
    }
    const byRoute = e.routeId !== undefined || e.routeName !== undefined;
    const otherwise = e.agencyId !== undefined || e.routeType !== undefined;
    if (!atStop && !byRoute && otherwise) found.push(every);
    else if (atStop && !byRoute && otherwise) found.push(routeOnly);
    return found;
  }

  const marks = new Uint32Array(watches.length);
  let generation = 0;
  let kept = new WeakMap<Disruption, { agencies: Agencies; keys: readonly string[] }>();
  let keptKeys = 0;

  return {
    size: watches.length,
    touched(disruption, agencies) {
      const known = kept.get(disruption);
      if (known !== undefined && sameAgencies(known.agencies, agencies)) return known.keys;
      const keys = match(disruption, agencies);
      keptKeys += keys.length + 1;
      if (keptKeys > KEPT_KEYS) {
        kept = new WeakMap();
        keptKeys = keys.length + 1;
      }
      kept.set(disruption, { agencies, keys });
      return keys;
    },
  };

  /** The keys of the watches the disruption touches, each once. */
  function match(disruption: Disruption, agencies: Agencies): readonly string[] {
    generation += 1;
    if (generation === 0xffffffff) {
      marks.fill(0);
      generation = 1;
    }
    const [first, ...others] = disruption.entities;
    // The usual agency-wide notice: its agency's list, made once.
    if (first !== undefined && others.length === 0 && onlyAgency(first)) return ofAgency(first.agencyId!, agencies).keys;
    const keys: string[] = [];
    for (const e of disruption.entities) {
      if (onlyAgency(e)) {
        // Each already checked when the agency's list was made.
        for (const i of ofAgency(e.agencyId!, agencies).watches) {
          if (marks[i] === generation) continue;
          marks[i] = generation;
          keys.push(watches[i]!.key);
        }
        continue;
      }
      for (const list of candidates(e)) {
        for (const i of list) {
          if (marks[i] === generation || !entityAffects(e, watches[i]!.place, agencies)) continue;
          marks[i] = generation;
          keys.push(watches[i]!.key);
        }
      }
    }
    return Object.freeze(keys);
  }
}
