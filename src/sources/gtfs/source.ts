import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import { TransitError } from '../../domain/transit-error.js';
import type { SourceProfile, StopDetails } from '../../domain/transit-source.js';
import type { StopArrivals } from '../../domain/arrivals.js';
import type { TransitSource } from '../../domain/transit-source.js';
import type { StopIndex } from '../../domain/stop-index.js';
import { stopArrivals } from './arrivals/stop-arrivals.js';
import { laterTrips } from './arrivals/later-trips.js';
import { liveUpdates } from './arrivals/live-updates.js';
import { noStopMismatchSink } from './realtime/stop-mismatches.js';
import { asTransitError, scheduleLoading, scheduleMissing } from './errors.js';
import { profileOf, UNKNOWN_PROFILE } from './profile.js';
import { GTFS_IDENTIFIERS } from './identifiers.js';
import { type Location } from './net/location.js';
import { createRealtimePoller, type RealtimePoller } from './realtime/poller.js';
import { realtimeProblem } from './realtime/realtime-problem.js';
import { createVanishWatch } from './realtime/vanished-trips.js';
import { createChangedTrips } from './realtime/changed-trips.js';
import { routesOfTrips } from './changed-routes.js';
import { createRealtimeReader, type SnapshotObserver } from './realtime/snapshots.js';
import type { AccuracyRecorder } from './realtime/accuracy-recorder.js';
import type { ReliabilityReading } from '../../domain/accuracy.js';
import { createVehiclePoller } from './realtime/vehicle-poller.js';
import type { VehicleFeed } from './realtime/vehicles.js';
import { openSchedule, type Schedule, type ScheduleProgress } from './static/schedule.js';
import type { RouteRef, StopPlace, Timetable } from './static/timetable.js';
import { followingStopIndex, gtfsStopIndex } from './stop-index.js';
import { schedulePlaces } from './disruption-places.js';
import { routeLineOf } from './route-line.js';
import type { PlaceResolver } from '../../domain/disruption-match.js';
import { routeMapOf } from './route-map.js';
import type { FeedPollShare } from '../kind.js';
import { sharedPollOf } from './realtime/shared-poll-key.js';

// The GTFS source behind the TransitSource interface: the static schedule (imported, renewed
// daily) and the TripUpdates feed (polled on demand, at most once per interval). Every method
// rejects only with a TransitError, whose message holds no header or key.

export interface GtfsSourceOptions {
  /** Static GTFS zip: URL or file path. */
  schedule: Location;
  /** TripUpdates: URL or file path; absent, the schedule alone (every time marked scheduled). */
  tripUpdates?: Location;
  /** VehiclePositions: URL or file path; absent, no vehicle positions. */
  vehiclePositions?: Location;
  /** Sent with every realtime request (the subscription key); never logged. */
  headers?: Record<string, string>;
  refreshSeconds?: number;
  /** Per TripUpdates request. Default 10 s. */
  realtimeTimeoutMs?: number;
  dataDir: string;
  now: Clock;
  fetch?: typeof fetch;
  logger: Logger;
  /** Default: a day. */
  scheduleRefreshMs?: number;
  /** Instances sharing a store poll each realtime feed once between them. */
  sharedPolls?: FeedPollShare;
  /** Told of every new live snapshot (besides the source's own watch of vanishing trips). */
  observers?: readonly SnapshotObserver[];
  /** Records how the feed's predictions come out (told every snapshot too), and answers `reliability`. */
  accuracy?: AccuracyRecorder;
}

export interface GtfsSource extends TransitSource {
  /** Stops of the schedule in use, by name and place. */
  readonly stops: StopIndex;
  /** Checks the static feed now (also done daily); resolves when done, never rejects. */
  refreshSchedule(): Promise<'unchanged' | 'imported' | 'failed'>;
  hasSchedule(): boolean;
  onProgress(listener: (p: ScheduleProgress) => void): () => void;
  readonly realtime: RealtimePoller | undefined;
  /** The schedule's answers to the disruption matcher (stops' platforms and stations, routes' agencies). */
  readonly places: PlaceResolver;
  readonly vehicles: RealtimePoller<VehicleFeed> | undefined;
  close(): Promise<void>;
}

export async function createGtfsSource(options: GtfsSourceOptions): Promise<GtfsSource> {
  const schedule: Schedule = await openSchedule({
    location: options.schedule,
    dataDir: options.dataDir,
    now: options.now,
    logger: options.logger,
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
    ...(options.scheduleRefreshMs !== undefined ? { refreshMs: options.scheduleRefreshMs } : {}),
  });
  // Trips whose updates named other stops than the schedule, counted for /metrics.
  const mismatches = { 'matched-by-stop-id': 0, 'prediction-dropped': 0 };
  // What every realtime feed of this source is asked with: its headers, interval and deadline.
  const polling = {
    headers: options.headers ?? {},
    refreshMs: (options.refreshSeconds ?? 30) * 1000,
    ...(options.realtimeTimeoutMs !== undefined ? { timeoutMs: options.realtimeTimeoutMs } : {}),
    now: options.now,
    logger: options.logger,
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
  };
  const realtime =
    options.tripUpdates === undefined
      ? undefined
      : createRealtimePoller({
          location: options.tripUpdates,
          ...sharedPollOf(options.sharedPolls, 'TripUpdates', options.tripUpdates),
          stopMismatchMetrics: { count: (outcome) => (mismatches[outcome] += 1) },
          ...polling,
        });

  const vehicles =
    options.vehiclePositions === undefined
      ? undefined
      : createVehiclePoller({
          location: options.vehiclePositions,
          ...sharedPollOf(options.sharedPolls, 'VehiclePositions', options.vehiclePositions),
          ...polling,
        });

  // Trips that drop out of the trip updates before their time, found by comparing each snapshot with the last.
  const observers = [...(options.observers ?? []), ...(options.accuracy !== undefined ? [options.accuracy] : [])];
  const observerFailed = (err: unknown) =>
    options.logger.warn({ problem: err instanceof Error ? err.name : 'unknown' }, 'a realtime observer failed');
  const vanishing = createVanishWatch((trip) => {
    for (const observer of observers) {
      try {
        observer.vanished?.(trip);
      } catch (err) {
        observerFailed(err);
      }
    }
  });
  // Trips the feed cancels or has skip a stop: the trip-change pushes ask only about their routes.
  const changing = createChangedTrips();
  const reader = createRealtimeReader(
    realtime,
    vehicles,
    [
      { observe: (snapshot) => snapshot.trips !== undefined && vanishing.observe(snapshot.trips, snapshot.vehicles) },
      { observe: (snapshot) => snapshot.trips !== undefined && changing.observe(snapshot.trips) },
      ...observers,
    ],
    observerFailed,
  );

  // The stop index and the profile are rebuilt from each import as it comes into use.
  let index: StopIndex | undefined;
  let profile: SourceProfile = UNKNOWN_PROFILE;
  const stops = followingStopIndex(() => index);
  const reindex = (timetable: Timetable) =>
    Promise.all([
      timetable
        .allStops()
        .then((all) => void (index = gtfsStopIndex(all)))
        .catch((err: unknown) => options.logger.warn({ problem: asTransitError(err).message }, 'stop index not built')),
      profileOf(timetable)
        .then((read) => void (profile = read))
        .catch((err: unknown) => options.logger.warn({ problem: asTransitError(err).message }, 'feed profile not read')),
    ]);
  // A refresh resolves once what its import changed is in use, the index and profile included.
  let indexing: Promise<unknown> = Promise.resolve();
  schedule.onChange((timetable) => void (indexing = reindex(timetable)));
  const first = schedule.current();
  if (first !== undefined) await reindex(first);

  /** Why there is no timetable: still loading, or none to be had until the operator acts. */
  function noTimetable() {
    const problem = schedule.problem();
    return problem === undefined ? scheduleLoading() : scheduleMissing(problem);
  }

  function timetableOrLoading(): Timetable {
    const timetable = schedule.current();
    if (timetable === undefined) throw noTimetable();
    return timetable;
  }

  async function placeOf(timetable: Timetable, stopNo: string): Promise<StopPlace> {
    const place = await timetable.findStop(stopNo.trim());
    if (place === undefined) throw new TransitError('unknown-stop', 'no such stop in the schedule');
    return place;
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw asTransitError(err);
    }
  }

  async function arrivals(stopNo: string, routes: RouteRef[] | undefined): Promise<StopArrivals> {
    const timetable = timetableOrLoading();
    const place = await placeOf(timetable, stopNo);
    // Both feeds asked at once; each is polled at most once per interval however many riders ask.
    const { trips: reading, vehicles: fresh } = await reader.read();
    return named(
      timetable,
      place,
      await stopArrivals({
        timetable,
        place,
        nowMs: options.now().getTime(),
        realtime: reading,
        vanished: vanishing,
        ...(fresh !== undefined ? { vehicles: fresh } : {}),
        ...(routes !== undefined ? { routes } : {}),
      }).then((answer) => (vehicles === undefined ? { ...answer, noVehiclePositions: true } : answer)),
    );
  }

  /** The answer with the stop's name in the other languages the feed gives (translations.txt). */
  async function named<T extends object>(timetable: Timetable, place: StopPlace, answer: T): Promise<T> {
    const translatedNames = await timetable.stopNameTranslations(place);
    return Object.keys(translatedNames).length > 0 ? { ...answer, translatedNames } : answer;
  }

  return {
    identifiers: GTFS_IDENTIFIERS,
    stops,
    realtime,
    places: schedulePlaces(() => schedule.current(), noTimetable),
    vehicles,
    routeSummary: (stopNo) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        const routes = await timetable.routesAt(place);
        return named(timetable, place, {
          stopNo: place.code,
          stopName: place.name,
          timeZone: timetable.timeZone,
          routes: routes.map((r) => ({
            routeNo: r.routeNo,
            ...(r.directionId !== undefined ? { directionId: r.directionId } : {}),
            direction: '',
            heading: r.heading,
            trips: [],
          })),
        });
      }),
    nextTripsAllRoutes: (stopNo) => guarded(() => arrivals(stopNo, undefined)),
    nextTrips: (stopNo, routeNo) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        const routes = await timetable.findRoutes(routeNo.trim());
        const serving = routes.length === 0 ? [] : (await timetable.routesAt(place)).filter((r) => routes.some((x) => x.routeId === r.routeId));
        // A route that does not exist, or does not stop here, is said so under the stop's name.
        if (serving.length === 0) {
          const problem = { kind: routes.length === 0 ? ('unknown-route' as const) : ('route-not-at-stop' as const) };
          return named(timetable, place, {
            stopNo: place.code,
            stopName: place.name,
            timeZone: timetable.timeZone,
            routes: [{ routeNo: routes[0]?.routeNo ?? routeNo.trim(), direction: '', heading: '', problem, trips: [] }],
          });
        }
        return arrivals(stopNo, routes);
      }),
    laterTrips: (stopNo, routeNo, query) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        let routes: RouteRef[] | undefined;
        if (routeNo !== undefined) {
          routes = await timetable.findRoutes(routeNo.trim());
          if (routes.length === 0) throw new TransitError('unknown-route', 'no such route in the schedule');
          const here = await timetable.routesAt(place);
          if (!here.some((r) => routes!.some((x) => x.routeId === r.routeId)))
            throw new TransitError('route-not-at-stop', 'the route does not stop there');
        }
        // The live trip updates too, as /next reads them: a trip they already cancel is not promised.
        const { trips: reading } = await reader.read();
        const feed = reading.status === 'live' ? reading.feed : undefined;
        const realtime = feed === undefined ? undefined : { feed, live: liveUpdates(feed, reading.mismatches ?? noStopMismatchSink) };
        const later = await laterTrips({
          timetable,
          place,
          query,
          nowMs: options.now().getTime(),
          ...(routes !== undefined ? { routes } : {}),
          ...(realtime !== undefined ? { realtime } : {}),
        });
        return { ...later, arrivals: await named(timetable, place, later.arrivals) };
      }),
    routeLine: (routeNo, stopNo) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const routes = await timetable.findRoutes(routeNo.trim());
        if (routes.length === 0) throw new TransitError('unknown-route', 'no such route in the schedule');
        // The routes riders call by this name (a route split into several route_ids is one line).
        const named = routes.filter((r) => r.routeNo === routes[0]!.routeNo);
        const place = stopNo === undefined ? undefined : await placeOf(timetable, stopNo);
        const { trips: reading, vehicles: fresh } = await reader.read();
        const answers = place === undefined ? undefined : await arrivals(place.code, named);
        const line = await routeLineOf({
          timetable,
          routes: named,
          ...(place !== undefined ? { place } : {}),
          ...(fresh !== undefined ? { vehicles: fresh } : {}),
          ...(reading.status === 'live' && reading.feed !== undefined ? { trips: reading.feed } : {}),
          ...(answers !== undefined ? { arrivals: answers } : {}),
        });
        if (vehicles === undefined) return { ...line, timeZone: timetable.timeZone, noVehiclePositions: true };
        return { ...line, timeZone: timetable.timeZone };
      }),
    stopDetails: (stopNo) =>
      guarded(async (): Promise<StopDetails> => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        const platform = stops.byCode(place.code)[0];
        return named(timetable, place, {
          stopNo: place.code,
          name: place.name,
          ...(platform !== undefined ? { position: { lat: platform.lat, lon: platform.lon } } : {}),
        });
      }),
    routeMap: (query) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        if (query.stop !== undefined) await placeOf(timetable, query.stop);
        const [route] = await timetable.findRoutes(query.route.trim());
        if (route === undefined) throw new TransitError('unknown-route', 'no such route in the schedule');
        const { vehicles: fresh } = await reader.read();
        return routeMapOf({ timetable, route, vehicles: fresh, hasVehicleFeed: vehicles !== undefined, now: options.now() });
      }),
    profile: () => profile,
    status: () => {
      const problem = schedule.problem();
      const live = realtimeProblem(realtime, vehicles);
      return [
        {
          schedule: schedule.current() !== undefined ? 'ready' : problem !== undefined ? 'failed' : 'loading',
          ...(problem !== undefined ? { scheduleProblem: problem } : {}),
          realtime: realtime === undefined ? 'none' : realtime.problem !== undefined ? 'failing' : 'ok',
          ...(live !== undefined ? { realtimeProblem: live } : {}),
          stopMismatches: { ...mismatches },
          ...(options.accuracy !== undefined ? { accuracy: options.accuracy.totals() } : {}),
        },
      ];
    },
    refreshSchedule: async () => {
      const outcome = await schedule.refresh();
      await indexing;
      return outcome;
    },
    hasSchedule: () => schedule.current() !== undefined,
    reliability: (query) =>
      guarded(async (): Promise<ReliabilityReading> => {
        const timetable = timetableOrLoading();
        const routes = await timetable.findRoutes(query.route.trim());
        if (routes.length === 0) throw new TransitError('unknown-route', 'no such route in the schedule');
        const place = query.stop === undefined ? undefined : await placeOf(timetable, query.stop);
        const serving = place === undefined ? routes : (await timetable.routesAt(place)).filter((r) => routes.some((x) => x.routeId === r.routeId));
        if (serving.length === 0) throw new TransitError('route-not-at-stop', 'the route does not stop there');
        // Nothing predicted, nothing to measure; a feed recorded nowhere (no store given) has no figures.
        if (realtime === undefined) return { status: 'no-realtime' };
        if (options.accuracy === undefined) return { status: 'not-recorded' };
        const tally = await options.accuracy.read([...new Set(serving.map((r) => r.routeId))], place?.stopIds, options.now());
        return {
          status: 'ok',
          days: options.accuracy.days,
          route: serving[0]!.routeNo,
          ...(place !== undefined ? { stop: place.code } : {}),
          tally,
        };
      }),
    refreshRealtime: async () => {
      if (realtime !== undefined || vehicles !== undefined) await reader.read();
    },
    changedRoutes: async () => {
      const timetable = schedule.current();
      if (timetable === undefined) return undefined;
      try {
        return await routesOfTrips(timetable, [...changing.trips.keys(), ...vanishing.vanishedTrips()]);
      } catch (err) {
        options.logger.warn({ problem: asTransitError(err).message }, 'routes of changed trips not read');
        return undefined;
      }
    },
    onProgress: (listener) => schedule.onProgress(listener),
    close: () => schedule.close(),
  };
}
