// Several feeds behind the one TransitSource port (as OneBusAway and OpenTripPlanner scope every
// identifier to its feed): a stop is "<feed>:<code>" inside the bot, riders still type the code on
// the sign. A code one feed knows answers at once; one several feeds know is refused as
// ambiguous, with a choice per agency; "sto 3000" (or "sto:3000") names the feed outright. Each
// feed keeps its own clock, words and failures: one down or loading never breaks another.
import type { LaterQuery, LaterTrips } from '../domain/later-trips.js';
import type { ReliabilityQuery, ReliabilityReading } from '../domain/accuracy.js';
import type { StopArrivals, UnconfirmedStop } from '../domain/arrivals.js';
import { compareBySeverity, type Disruption, type DisruptionQuery, type DisruptionReading } from '../domain/disruption.js';
import type { WatchedPlace, WatchReading } from '../domain/disruption-watch.js';
import type { IdentifierGrammar, IdentifierReading } from '../domain/identifiers.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { RouteLine } from '../domain/route-line.js';
import { isTransitError, TransitError, type StopChoice, type TransitErrorKind } from '../domain/transit-error.js';
import type { FeedStatus, SourceProfile, StopDetails, TransitSource } from '../domain/transit-source.js';
import { mergedStopIndex } from './merged-stop-index.js';
import type { RouteMap, RouteMapQuery } from '../domain/route-map.js';

export interface Feed {
  id: string;
  /** The agency as riders know it. */
  name: string;
  attribution?: string;
  source: TransitSource;
  /** Its stops by code, name and place, when it has an index (every GTFS feed does). */
  stops?: StopIndex;
}

/** A feed listed alone: it may leave its name to its source (the environment's one feed: its agency.txt names it). */
export type SoleFeed = Omit<Feed, 'name'> & { name?: string };

export interface FeedSet extends TransitSource {
  /** Every feed's stops as one index; a feed alone: its own, when it has one. */
  readonly stops?: StopIndex;
  readonly feeds: readonly SoleFeed[];
}

const SEPARATOR = ':';
const NO_PLACES: ReadonlyMap<string, WatchedPlace> = new Map();

export function createFeedSet(feeds: readonly Feed[]): FeedSet {
  if (feeds.length === 1) return singleFeed(feeds[0]!);
  const byId = new Map(feeds.map((feed) => [feed.id, feed]));
  const home = feeds[0]!;

  /** "sto:3000" -> the STO feed and "3000"; anything else -> undefined. */
  function scoped(stop: string): { feed: Feed; code: string } | undefined {
    const at = stop.indexOf(SEPARATOR);
    const feed = at > 0 ? byId.get(stop.slice(0, at).toLowerCase()) : undefined;
    return feed === undefined ? undefined : { feed, code: stop.slice(at + 1) };
  }

  const key = (feed: Feed, code: string) => `${feed.id}${SEPARATOR}${code}`;

  /**
   * Whether each feed that could have this code has it: its stop index says so; a feed without one
   * is asked. One that cannot say gives why (its schedule loading or missing, or down).
   */
  async function lookUp(code: string): Promise<Array<{ feed: Feed; has: 'yes' | 'no' | 'unknown'; why?: TransitErrorKind }>> {
    const readers = feeds.filter((feed) => feed.source.identifiers.readStop(code).ok);
    return Promise.all(
      readers.map(async (feed) => {
        if (feed.stops !== undefined && feed.stops.size > 0) return { feed, has: feed.stops.byCode(code).length > 0 ? 'yes' : 'no' } as const;
        return feed.source.stopDetails(code).then(
          () => ({ feed, has: 'yes' as const }),
          (err: unknown) =>
            isTransitError(err) && err.kind === 'unknown-stop'
              ? { feed, has: 'no' as const }
              : { feed, has: 'unknown' as const, why: isTransitError(err) ? err.kind : ('unavailable' as const) },
        );
      }),
    );
  }

  /** The stop as that feed's answers name it (a whole stop, not a platform), else as its index does. */
  async function choiceOf(feed: Feed, code: string): Promise<StopChoice> {
    const name = await feed.source.routeSummary(code).then(
      (summary) => summary.stopName,
      () => feed.stops?.nameOf(code) ?? '',
    );
    const platform = feed.stops?.byCode(code)[0];
    return {
      stop: key(feed, code),
      agency: feed.name,
      name,
      ...(platform !== undefined ? { position: { lat: platform.lat, lon: platform.lon } } : {}),
    };
  }

  /**
   * The one feed a stop belongs to, or the refusal a rider reads (no such stop, or which one?). A
   * feed that cannot say (loading, no schedule, down) is asked only when no other feed has the
   * code; when another answers, the feeds that could not say are named beside its answer.
   */
  async function resolve(stop: string): Promise<{ feed: Feed; code: string; unconfirmed?: readonly UnconfirmedStop[] }> {
    const named = scoped(stop.trim());
    if (named !== undefined) return named;
    const code = stop.trim();
    const looked = await lookUp(code);
    const yes = looked.filter((l) => l.has === 'yes').map((l) => l.feed);
    const unknown = looked.filter((l) => l.has === 'unknown').map((l) => l.feed);
    if (yes.length === 1 && unknown.length > 0) {
      const unconfirmed = looked.flatMap((l) => (l.has === 'unknown' ? [{ agency: l.feed.name, code, why: l.why ?? 'unavailable' }] : []));
      return { feed: yes[0]!, code, unconfirmed };
    }
    if (yes.length === 1 || (yes.length === 0 && unknown.length === 1)) return { feed: (yes[0] ?? unknown[0])!, code };
    if (yes.length === 0 && unknown.length === 0) throw new TransitError('unknown-stop', 'no feed has that stop');
    const candidates = yes.length > 0 ? yes : unknown;
    const choices = await Promise.all(candidates.map((feed) => choiceOf(feed, code)));
    throw new TransitError('ambiguous-stop', `${candidates.length} feeds may have that stop`, { choices });
  }

  function scopedArrivals({ feed, unconfirmed }: { feed: Feed; unconfirmed?: readonly UnconfirmedStop[] }, answer: StopArrivals): StopArrivals {
    return Object.freeze({ ...answer, stopNo: key(feed, answer.stopNo), ...(unconfirmed !== undefined ? { unconfirmed } : {}) });
  }

  const identifiers: IdentifierGrammar = {
    prefixes: feeds.map((feed) => feed.id),
    readStop(text) {
      const named = scoped(text.trim());
      if (named !== undefined) {
        const reading = named.feed.source.identifiers.readStop(named.code);
        return reading.ok ? { ok: true, value: key(named.feed, reading.value) } : reading;
      }
      return firstReading(feeds.map((feed) => feed.source.identifiers.readStop(text)));
    },
    readRoute(text) {
      return firstReading(feeds.map((feed) => feed.source.identifiers.readRoute(text)));
    },
    display(stop) {
      const named = scoped(stop);
      return named === undefined ? stop : `${named.feed.name} ${named.code}`;
    },
    // A bot of one feed stored and sent bare codes: they were the first feed's. A saved name
    // ("home") or anything else that is no stop of it stays as it is.
    fromStore(stop) {
      if (scoped(stop.trim()) !== undefined) return stop.trim();
      const reading = home.source.identifiers.readStop(stop);
      return reading.ok ? key(home, reading.value) : stop;
    },
  };

  const profile = (): SourceProfile => {
    const profiles = feeds.map((feed) => feed.source.profile());
    const first = profiles[0]!;
    const digits = new Set(profiles.map((p) => p.stopDigits));
    const attributions = feeds.flatMap((feed) => (feed.attribution !== undefined ? [feed.attribution] : []));
    return {
      agencies: feeds.map((feed) => feed.name),
      ...(first.timeZone !== undefined ? { timeZone: first.timeZone } : {}),
      // The first feed whose schedule gave real examples (the first may still be loading).
      ...examplesOf(profiles.find((p) => p.placeholderExamples !== true) ?? first),
      ...(digits.size === 1 && first.stopDigits !== undefined ? { stopDigits: first.stopDigits } : {}),
      vehicles: profiles.every((p) => p.vehicles === first.vehicles) ? first.vehicles : 'any',
      ...(attributions.length > 0 ? { attributions } : {}),
    };
  };

  const status = (): FeedStatus[] =>
    feeds.flatMap((feed) =>
      (feed.source.status?.() ?? [{ schedule: 'ready', realtime: 'none' } as const]).map((s) => ({ ...s, feed: feed.id, name: feed.name })),
    );

  /** A disruption's id scoped to its feed, as stops are (two feeds may both have an alert "1"), and its agency named. */
  const scopedReading = (feed: Feed, reading: DisruptionReading): DisruptionReading =>
    reading.status === 'ok'
      ? { ...reading, disruptions: reading.disruptions.map((d): Disruption => Object.freeze({ ...d, id: key(feed, d.id), agency: feed.name })) }
      : reading;

  const publishing = feeds.filter((feed) => feed.source.disruptions !== undefined);

  /** A stop's disruptions are its feed's; a route's or all of them, every feed's that has them. */
  async function disruptions(query: DisruptionQuery): Promise<DisruptionReading> {
    if (query.stop !== undefined) {
      const { feed, code } = await resolve(query.stop);
      if (feed.source.disruptions === undefined) return { status: 'ok', disruptions: [] };
      return scopedReading(feed, await feed.source.disruptions({ ...query, stop: code }));
    }
    const readings = await Promise.all(
      publishing.map(async (feed) => {
        try {
          return scopedReading(feed, await feed.source.disruptions!(query));
        } catch (err) {
          // A route one feed lacks is another's: only a route no feed has is refused.
          if (isTransitError(err) && err.kind === 'unknown-route') return 'unknown-route' as const;
          // A feed with no schedule (yet) cannot say which of its routes that is: the others still answer.
          if (isTransitError(err) && (err.kind === 'loading' || err.kind === 'no-schedule')) return { status: 'unavailable' } as const;
          throw err;
        }
      }),
    );
    const known = readings.filter((r): r is DisruptionReading => r !== 'unknown-route');
    if (known.length === 0) throw new TransitError('unknown-route', 'no feed has that route');
    const ok = known.flatMap((r) => (r.status === 'ok' ? [r] : []));
    if (ok.length === 0) return { status: 'unavailable' };
    const incomplete = ok.length < known.length || ok.some((r) => r.incomplete === true);
    return { status: 'ok', disruptions: ok.flatMap((r) => r.disruptions).sort(compareBySeverity), ...(incomplete ? { incomplete } : {}) };
  }

  const watchers = feeds.filter((feed) => feed.source.watching !== undefined);
  /** The watched places of each feed, in its own codes (kept while the map given is the same, so each feed's index is kept too). */
  let split: { of: ReadonlyMap<string, WatchedPlace>; byFeed: Map<Feed, Map<string, WatchedPlace>> } | undefined;
  /** Which feed a stored stop is (scoped ones at once; a bare code looked up until one feed is found). */
  const feedOfStop = new Map<string, { feed: Feed; code: string }>();

  async function splitByFeed(places: ReadonlyMap<string, WatchedPlace>): Promise<Map<Feed, Map<string, WatchedPlace>>> {
    if (split?.of === places) return split.byFeed;
    const byFeed = new Map<Feed, Map<string, WatchedPlace>>();
    for (const [k, place] of places) {
      let found = feedOfStop.get(place.stop);
      if (found === undefined) {
        // A code no feed has, or several (or none can say yet): no one feed's disruptions are about it, this time.
        found = await resolve(place.stop).then(
          ({ feed, code }) => ({ feed, code }),
          () => undefined,
        );
        if (found !== undefined) feedOfStop.set(place.stop, found);
      }
      if (found === undefined || found.feed.source.watching === undefined) continue;
      let mine = byFeed.get(found.feed);
      if (mine === undefined) byFeed.set(found.feed, (mine = new Map<string, WatchedPlace>()));
      mine.set(k, { stop: found.code, ...(place.route !== undefined ? { route: place.route } : {}) });
    }
    split = { of: places, byFeed };
    return byFeed;
  }

  /** Each feed matches its own places; the disruptions scoped as everywhere else, each remembering its feed's answer. */
  async function watching(places: ReadonlyMap<string, WatchedPlace>): Promise<WatchReading> {
    const byFeed = await splitByFeed(places);
    const readings = await Promise.all(watchers.map(async (feed) => ({ feed, reading: await feed.source.watching!(byFeed.get(feed) ?? NO_PLACES) })));
    const origin = new Map<Disruption, { from: WatchReading & { status: 'ok' }; own: Disruption }>();
    const all: Disruption[] = [];
    for (const { feed, reading } of readings) {
      if (reading.status !== 'ok') continue;
      for (const own of reading.disruptions) {
        const scopedOne = Object.freeze({ ...own, id: key(feed, own.id) });
        origin.set(scopedOne, { from: reading, own });
        all.push(scopedOne);
      }
    }
    const ok = readings.filter((r) => r.reading.status === 'ok');
    if (ok.length === 0) return { status: 'unavailable' };
    const incomplete = ok.length < readings.length || ok.some((r) => r.reading.status === 'ok' && r.reading.incomplete === true);
    return {
      status: 'ok',
      disruptions: all.sort(compareBySeverity),
      touched: (d) => {
        const from = origin.get(d);
        return from === undefined ? [] : from.from.touched(from.own);
      },
      ...(incomplete ? { incomplete } : {}),
    };
  }

  const drawing = feeds.filter((feed) => feed.source.routeLine !== undefined);
  /** A stop's route is its feed's; a route alone, the first feed that has it. Stops scoped as everywhere. */
  async function routeLine(route: string, stop?: string): Promise<RouteLine | undefined> {
    const scopedLine = (feed: Feed, line: RouteLine): RouteLine =>
      Object.freeze({
        ...line,
        ...(line.stopNo !== undefined ? { stopNo: key(feed, line.stopNo) } : {}),
        directions: line.directions.map((d) => ({ ...d, stops: d.stops.map((s) => ({ ...s, stopNo: key(feed, s.stopNo) })) })),
      });
    if (stop !== undefined) {
      const { feed, code } = await resolve(stop);
      if (feed.source.routeLine === undefined) return undefined;
      const line = await feed.source.routeLine(route, code);
      return line === undefined ? undefined : scopedLine(feed, line);
    }
    let refusal: TransitError | undefined;
    for (const feed of drawing) {
      try {
        const line = await feed.source.routeLine!(route);
        if (line !== undefined) return scopedLine(feed, line);
      } catch (err) {
        // Another feed may have the route: the first refusal is said when none has it.
        refusal ??= isTransitError(err) ? err : new TransitError('unavailable', 'the route line could not be read');
      }
    }
    if (refusal !== undefined) throw refusal;
    return undefined;
  }

  /**
   * A stop's figures are its feed's; a route alone is the first feed's that has it (agencies' routes
   * of one number are not one route: their figures are never added together).
   */
  async function reliability(query: ReliabilityQuery): Promise<ReliabilityReading> {
    if (query.stop !== undefined) {
      const { feed, code } = await resolve(query.stop);
      if (feed.source.reliability === undefined) return { status: 'not-recorded' };
      const reading = await feed.source.reliability({ ...query, stop: code });
      return reading.status === 'ok' && reading.stop !== undefined ? { ...reading, stop: key(feed, reading.stop) } : reading;
    }
    let refusal: TransitError | undefined;
    for (const feed of feeds) {
      if (feed.source.reliability === undefined) continue;
      try {
        return await feed.source.reliability(query);
      } catch (err) {
        // A route one feed lacks (or cannot say it has yet) may be another's.
        if (!isTransitError(err) || (err.kind !== 'unknown-route' && err.kind !== 'loading' && err.kind !== 'no-schedule')) throw err;
        refusal ??= err;
      }
    }
    if (feeds.some((feed) => feed.source.reliability !== undefined)) throw refusal ?? new TransitError('unknown-route', 'no feed has that route');
    return { status: 'not-recorded' };
  }

  const mapping = feeds.filter((feed) => feed.source.routeMap !== undefined);
  /** Its stops scoped to the feed, as every stop of a bot of several is. */
  const scopedMap = (feed: Feed, map: RouteMap): RouteMap => ({
    ...map,
    directions: map.directions.map((d) => ({ ...d, stops: d.stops.map((s) => ({ ...s, stop: key(feed, s.stop) })) })),
  });

  /** The rider's stop names the feed; without one, the first feed that has the route. */
  async function routeMap(query: RouteMapQuery): Promise<RouteMap> {
    if (query.stop !== undefined) {
      const { feed, code } = await resolve(query.stop);
      if (feed.source.routeMap === undefined) throw new TransitError('unknown-route', 'that feed draws no routes');
      return scopedMap(feed, await feed.source.routeMap({ route: query.route, stop: code }));
    }
    let refusal: TransitError | undefined;
    for (const feed of mapping) {
      try {
        return scopedMap(feed, await feed.source.routeMap!({ route: query.route }));
      } catch (err) {
        // A route one feed lacks (or cannot say it has yet) may be another's.
        if (!isTransitError(err) || (err.kind !== 'unknown-route' && err.kind !== 'loading' && err.kind !== 'no-schedule')) throw err;
        refusal ??= err;
      }
    }
    throw refusal ?? new TransitError('unknown-route', 'no feed has that route');
  }

  const scheduling = feeds.filter((feed) => feed.source.laterTrips !== undefined);
  /** The stop's feed answers; one that cannot answer for a later time (v1.2) is said so (undefined). */
  async function laterTrips(stop: string, route: string | undefined, query: LaterQuery): Promise<LaterTrips | undefined> {
    const found = await resolve(stop);
    if (found.feed.source.laterTrips === undefined) return undefined;
    const later = await found.feed.source.laterTrips(found.code, route, query);
    return later === undefined ? undefined : Object.freeze({ ...later, arrivals: scopedArrivals(found, later.arrivals) });
  }

  const following = feeds.filter((feed) => feed.source.refreshRealtime !== undefined);
  const changing = feeds.filter((feed) => feed.source.changedRoutes !== undefined);
  /** Every feed's changed routes as one set (route names are not scoped: a name two feeds share is asked at both, which costs a look-up, never a push). */
  async function changedRoutes(): Promise<ReadonlySet<string> | undefined> {
    const each = await Promise.all(changing.map((feed) => feed.source.changedRoutes!()));
    if (each.some((routes) => routes === undefined)) return undefined;
    return new Set(each.flatMap((routes) => [...routes!]));
  }
  return {
    ...(drawing.length > 0 ? { routeLine } : {}),
    reliability,
    ...(mapping.length > 0 ? { routeMap } : {}),
    ...(scheduling.length > 0 ? { laterTrips } : {}),
    identifiers,
    feeds,
    status,
    ...(following.length > 0
      ? { refreshRealtime: async () => void (await Promise.all(following.map((feed) => feed.source.refreshRealtime!()))) }
      : {}),
    ...(changing.length > 0 ? { changedRoutes } : {}),
    ...(publishing.length > 0 ? { disruptions } : {}),
    ...(watchers.length > 0 ? { watching } : {}),
    stops: mergedStopIndex(feeds.map((feed) => ({ id: feed.id, name: feed.name, ...(feed.stops !== undefined ? { stops: feed.stops } : {}) }))),
    profile,
    async routeSummary(stop) {
      const found = await resolve(stop);
      return scopedArrivals(found, await found.feed.source.routeSummary(found.code));
    },
    async nextTrips(stop, route) {
      const found = await resolve(stop);
      return scopedArrivals(found, await found.feed.source.nextTrips(found.code, route));
    },
    async nextTripsAllRoutes(stop) {
      const found = await resolve(stop);
      return scopedArrivals(found, await found.feed.source.nextTripsAllRoutes(found.code));
    },
    async stopDetails(stop): Promise<StopDetails> {
      const { feed, code, unconfirmed } = await resolve(stop);
      const details = await feed.source.stopDetails(code);
      return { ...details, stopNo: key(feed, details.stopNo), ...(unconfirmed !== undefined ? { unconfirmed } : {}) };
    },
  };
}

/** What a feed says of itself, with the name and attribution its entry gives. */
export function namedProfile(profile: SourceProfile, feed: Pick<SoleFeed, 'name' | 'attribution'>): SourceProfile {
  return {
    ...profile,
    ...(feed.name !== undefined ? { agencies: [feed.name] } : {}),
    ...(feed.attribution !== undefined ? { attributions: [feed.attribution] } : {}),
  };
}

/**
 * One feed listed alone: the source itself, as a bot of one source always served it. Its stops
 * keep their bare codes (as a single-source bot stored them); its name and attribution, when
 * given, are said. "oc:3017", stored when it served beside others or typed by a rider used to
 * them, is its own 3017.
 */
export function singleFeed(feed: SoleFeed): FeedSet {
  const { source } = feed;
  const own = `${feed.id}${SEPARATOR}`;
  /** "oc:3017" -> "3017" for the feed named oc; anything else as it is. */
  const bare = (stop: string) => (stop.trim().toLowerCase().startsWith(own) ? stop.trim().slice(own.length) : stop);
  const identifiers: IdentifierGrammar = {
    prefixes: [feed.id],
    readStop: (text) => source.identifiers.readStop(bare(text)),
    readRoute: (text) => source.identifiers.readRoute(text),
    display: (stop) => source.identifiers.display?.(stop) ?? stop,
    fromStore(stop) {
      const reading = source.identifiers.readStop(bare(stop));
      return reading.ok ? reading.value : stop;
    },
  };
  return {
    identifiers,
    feeds: [feed],
    ...(feed.stops !== undefined ? { stops: feed.stops } : {}),
    profile: () => namedProfile(source.profile(), feed),
    routeSummary: (stop) => source.routeSummary(stop),
    nextTrips: (stop, route) => source.nextTrips(stop, route),
    nextTripsAllRoutes: (stop) => source.nextTripsAllRoutes(stop),
    stopDetails: (stop) => source.stopDetails(stop),
    ...(source.refreshRealtime !== undefined ? { refreshRealtime: () => source.refreshRealtime!() } : {}),
    ...(source.routeLine !== undefined
      ? { routeLine: (route: string, stop?: string) => source.routeLine!(route, stop === undefined ? undefined : bare(stop)) }
      : {}),
    ...(source.reliability !== undefined ? { reliability: (query: ReliabilityQuery) => source.reliability!(query) } : {}),
    ...(source.changedRoutes !== undefined ? { changedRoutes: () => source.changedRoutes!() } : {}),
    ...(source.disruptions !== undefined ? { disruptions: (query: DisruptionQuery) => source.disruptions!(query) } : {}),
    ...(source.watching !== undefined ? { watching: (places: ReadonlyMap<string, WatchedPlace>) => source.watching!(places) } : {}),
    ...(source.routeMap !== undefined
      ? { routeMap: (query: RouteMapQuery) => source.routeMap!({ ...query, ...(query.stop !== undefined ? { stop: bare(query.stop) } : {}) }) }
      : {}),
    ...(source.status !== undefined ? { status: () => source.status!().map((s) => ({ ...s, feed: feed.id })) } : {}),
    ...(source.laterTrips !== undefined
      ? { laterTrips: (stop: string, route: string | undefined, query: LaterQuery) => source.laterTrips!(bare(stop), route, query) }
      : {}),
  };
}

/** The first feed that reads the text, else the most telling refusal (digits beat "not a stop"). */
function firstReading(readings: IdentifierReading[]): IdentifierReading {
  return readings.find((r) => r.ok) ?? readings.find((r) => !r.ok && r.problem.kind === 'stop-digits') ?? readings[0]!;
}

function examplesOf(profile: SourceProfile): Pick<SourceProfile, 'examples' | 'placeholderExamples'> {
  return { examples: profile.examples, ...(profile.placeholderExamples === true ? { placeholderExamples: true } : {}) };
}
