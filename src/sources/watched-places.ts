import type { Agencies, Place, PlaceResolver } from '../domain/disruption-match.js';
import { createWatchIndex, type WatchedPlace, type WatchIndex } from '../domain/disruption-watch.js';

// The places chats watch, resolved through the source's schedule (PlaceResolver) once each and
// kept, and the watch index over them: so that the disruption pushes match each disruption once
// against every watched place, never asking the schedule again per chat or per change of the feed.
// Kept while the schedule stays the one they were read from (an import swaps it: all read again);
// a stop whose routes the schedule could not say then is read again after a while; a place that
// could not be read (the schedule loading) is tried again at the next look and touches nothing
// meanwhile; a stop the schedule does not have touches nothing.

/** A stop read without its routes (the API could not say) is asked again after this long. */
const UNSURE_TTL_MS = 10 * 60_000;
/** Places resolved at once (each a few schedule look-ups). */
const RESOLVE_CONCURRENCY = 8;

interface Resolved {
  readonly place: Place | undefined;
  readonly until: number;
}

export interface WatchedPlaces {
  /** The index over these places (same map: the same index, unless a place was read again). */
  indexOf(places: ReadonlyMap<string, WatchedPlace>): Promise<{ index: WatchIndex; agencies: Agencies }>;
}

const placeKey = (p: WatchedPlace) => `${p.stop}\u0000${p.route ?? ''}`;

export function createWatchedPlaces(resolver: PlaceResolver, now: () => number): WatchedPlaces {
  const resolved = new Map<string, Resolved>();
  let generation: unknown = resolver.generation?.();
  let built: { of: ReadonlyMap<string, WatchedPlace>; index: WatchIndex } | undefined;

  async function resolveAll(wanted: readonly WatchedPlace[]): Promise<boolean> {
    let changed = false;
    let next = 0;
    const worker = async () => {
      while (next < wanted.length) {
        const p = wanted[next++]!;
        try {
          const place = await resolver.stop(p.stop, p.route);
          const sure = place === undefined || place.routesKnown || place.routes.length > 0;
          resolved.set(placeKey(p), { place, until: sure ? Infinity : now() + UNSURE_TTL_MS });
          changed = true;
        } catch {
          // The schedule loading or missing: tried again at the next look, touching nothing meanwhile.
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RESOLVE_CONCURRENCY, wanted.length) }, worker));
    return changed;
  }

  return {
    async indexOf(places) {
      const current = resolver.generation?.();
      if (current !== generation) {
        generation = current;
        resolved.clear();
        built = undefined;
      }
      const at = now();
      const wanted = new Map<string, WatchedPlace>();
      for (const p of places.values()) {
        const key = placeKey(p);
        const known = resolved.get(key);
        if ((known === undefined || known.until <= at) && !wanted.has(key)) wanted.set(key, p);
      }
      const changed = wanted.size > 0 && (await resolveAll([...wanted.values()]));
      if (built?.of !== places || changed) {
        const watches = [...places].flatMap(([key, p]) => {
          const place = resolved.get(placeKey(p))?.place;
          return place === undefined ? [] : [{ key, place }];
        });
        built = { of: places, index: createWatchIndex(watches) };
        // Places no longer watched are let go with the index they were in.
        if (resolved.size > 2 * places.size + 1_000) {
          const live = new Set([...places.values()].map(placeKey));
          for (const key of resolved.keys()) if (!live.has(key)) resolved.delete(key);
        }
      }
      return { index: built.index, agencies: await resolver.agencies() };
    },
  };
}
