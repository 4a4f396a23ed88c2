import type { Clock } from '../domain/clock.js';
import { compareBySeverity, isActiveAt, type Disruption, type DisruptionReader, type InformedEntity } from '../domain/disruption.js';
import { disruptionAffects, touchesAnything, type Place, type PlaceResolver } from '../domain/disruption-match.js';
import { isTransitError, TransitError } from '../domain/transit-error.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import type { DisruptionWatcher } from '../domain/disruption-watch.js';
import type { DisruptionFeed } from './disruption-feed.js';
import { createWatchedPlaces } from './watched-places.js';

// A source with the disruptions its publishers carry: each question reads every feed (each
// polled at most once per interval), keeps what is active now and touches the stop or route
// asked (domain/disruption-match.ts, with the source's schedule answering for its stops and
// routes), most severe first. A feed that cannot be read leaves the others; none readable is
// "unavailable", never "none". Arrivals never wait on this: the core asks it beside them.
// `watching` answers the disruption pushes: the places chats watch, resolved once and indexed
// (watched-places.ts), each disruption matched once against all of them.

export function withDisruptions<T extends TransitSource>(
  source: T,
  feeds: readonly DisruptionFeed[],
  places: PlaceResolver,
  options: { now: Clock; logger?: Logger },
): T & DisruptionReader & DisruptionWatcher {
  // Each snapshot's disruptions are immutable: what the schedule adds to them is kept per object.
  const resolvedOf = new WeakMap<Disruption, Disruption>();

  async function resolve(disruptions: readonly Disruption[]): Promise<Disruption[]> {
    const fresh = disruptions.filter((d) => !resolvedOf.has(d));
    const tripIds = [
      ...new Set(fresh.flatMap((d) => d.entities.filter((e) => e.tripId !== undefined && e.routeId === undefined).map((e) => e.tripId!))),
    ];
    const trips: ReadonlyMap<string, { routeId: string; directionId?: number }> =
      tripIds.length > 0 && places.tripRoutes !== undefined ? await places.tripRoutes(tripIds) : new Map();
    for (const d of fresh) {
      const entities = d.entities.map((e): InformedEntity => {
        const trip = e.tripId !== undefined && e.routeId === undefined ? trips.get(e.tripId) : undefined;
        const routeId = e.routeId ?? trip?.routeId;
        const directionId = e.directionId ?? trip?.directionId;
        return {
          ...e,
          ...(routeId !== undefined ? { routeId: places.routeIdOf?.(routeId) ?? routeId } : {}),
          ...(directionId !== undefined ? { directionId } : {}),
        };
      });
      resolvedOf.set(d, Object.freeze({ ...d, entities }));
    }
    return disruptions.map((d) => resolvedOf.get(d)!);
  }

  async function placeOf(stop: string | undefined, route: string | undefined): Promise<Place | undefined> {
    if (stop !== undefined) {
      const place = await places.stop(stop, route);
      if (place === undefined) throw new TransitError('unknown-stop', 'no such stop in the schedule');
      return place;
    }
    if (route !== undefined) {
      const place = await places.route(route);
      if (place.routes.length === 0) throw new TransitError('unknown-route', 'no such route in the schedule');
      return place;
    }
    return undefined;
  }

  /** Every feed's active disruptions, resolved; undefined: none could be read. */
  async function activeNow(): Promise<{ active: Disruption[]; incomplete: boolean } | undefined> {
    const snapshots = await Promise.all(feeds.map((feed) => feed.read()));
    const readable = snapshots.flatMap((s) => (s.status === 'ok' ? [s.disruptions] : []));
    if (readable.length === 0) return undefined;
    const at = options.now();
    return { active: await resolve(readable.flat().filter((d) => isActiveAt(d, at))), incomplete: readable.length < snapshots.length };
  }

  const watched = createWatchedPlaces(places, () => options.now().getTime());
  const watcher: DisruptionWatcher = {
    async watching(watchedPlaces) {
      try {
        const now = await activeNow();
        if (now === undefined) return { status: 'unavailable' };
        const { index, agencies } = await watched.indexOf(watchedPlaces);
        return {
          status: 'ok',
          disruptions: now.active.filter(touchesAnything).sort(compareBySeverity),
          // Each disruption's entities matched once against every watched place (the index narrows, the matcher decides).
          touched: (d) => index.touched(d, agencies),
          ...(now.incomplete ? { incomplete: true } : {}),
        };
      } catch (err) {
        options.logger?.warn({ problem: err instanceof Error ? err.name : 'unknown' }, 'disruptions not matched to watched places');
        return { status: 'unavailable' };
      }
    },
  };

  const reader: DisruptionReader = {
    async disruptions(query) {
      try {
        const now = await activeNow();
        if (now === undefined) return { status: 'unavailable' };
        const { active } = now;
        const place = await placeOf(query.stop, query.route);
        const agencies = await places.agencies();
        const touching = place === undefined ? active.filter(touchesAnything) : active.filter((d) => disruptionAffects(d, place, agencies));
        return { status: 'ok', disruptions: touching.sort(compareBySeverity), ...(now.incomplete ? { incomplete: true } : {}) };
      } catch (err) {
        // The question's own mistake, or a schedule still loading (or missing), is the rider's to hear; anything else is "unavailable".
        if (isTransitError(err) && ['unknown-stop', 'unknown-route', 'loading', 'no-schedule'].includes(err.kind)) throw err;
        options.logger?.warn({ problem: err instanceof Error ? err.name : 'unknown' }, 'disruptions not matched');
        return { status: 'unavailable' };
      }
    },
  };
  return { ...source, ...reader, ...watcher };
}
