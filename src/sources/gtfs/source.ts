import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import { API_ERROR_CODES, TransitError } from '../../domain/transit-error.js';
import type { StopArrivals } from '../../domain/arrivals.js';
import type { TransitClient } from '../../domain/transit-source.js';
import type { StopIndex } from '../../domain/stop-index.js';
import { stopArrivals } from './arrivals/stop-arrivals.js';
import { asTransitError, ScheduleLoadingError } from './errors.js';
import { gtfsRecords } from './gtfs-query.js';
import { GTFS_IDENTIFIERS } from './identifiers.js';
import { type Location } from './net/location.js';
import { createRealtimePoller, type RealtimePoller } from './realtime/poller.js';
import { openSchedule, type Schedule, type ScheduleProgress } from './static/schedule.js';
import type { RouteRef, StopPlace, Timetable } from './static/timetable.js';
import { followingStopIndex, gtfsStopIndex } from './stop-index.js';

// The GTFS source behind the TransitClient interface: the static schedule (imported, renewed
// daily) and the TripUpdates feed (polled on demand, at most once per interval). Every method
// rejects only with a TransitError, whose message holds no header or key.

export interface GtfsSourceOptions {
  /** Static GTFS zip: URL or file path. */
  schedule: Location;
  /** TripUpdates: URL or file path; absent, the schedule alone (every time marked scheduled). */
  tripUpdates?: Location;
  /** Sent with every TripUpdates request (the subscription key); never logged. */
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
}

export interface GtfsSource extends TransitClient {
  /** Stops of the schedule in use, by name and place. */
  readonly stops: StopIndex;
  /** Checks the static feed now (also done daily); resolves when done, never rejects. */
  refreshSchedule(): Promise<'unchanged' | 'imported' | 'failed'>;
  hasSchedule(): boolean;
  onProgress(listener: (p: ScheduleProgress) => void): () => void;
  readonly realtime: RealtimePoller | undefined;
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
  const realtime =
    options.tripUpdates === undefined
      ? undefined
      : createRealtimePoller({
          location: options.tripUpdates,
          headers: options.headers ?? {},
          refreshMs: (options.refreshSeconds ?? 30) * 1000,
          ...(options.realtimeTimeoutMs !== undefined ? { timeoutMs: options.realtimeTimeoutMs } : {}),
          now: options.now,
          logger: options.logger,
          ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
        });

  // The stop index is rebuilt from each import as it comes into use.
  let index: StopIndex | undefined;
  const stops = followingStopIndex(() => index);
  const reindex = (timetable: Timetable) =>
    timetable
      .allStops()
      .then((all) => void (index = gtfsStopIndex(all)))
      .catch((err: unknown) => options.logger.warn({ problem: asTransitError(err).message }, 'stop index not built'));
  schedule.onChange((timetable) => void reindex(timetable));
  const first = schedule.current();
  if (first !== undefined) await reindex(first);

  function timetableOrLoading(): Timetable {
    const timetable = schedule.current();
    if (timetable === undefined) throw new ScheduleLoadingError();
    return timetable;
  }

  async function placeOf(timetable: Timetable, stopNo: string): Promise<StopPlace> {
    const place = await timetable.findStop(stopNo.trim());
    if (place === undefined) throw new TransitError('api', 'no such stop', API_ERROR_CODES.INVALID_STOP);
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
    const reading = realtime === undefined ? { status: 'live' as const } : await realtime.read();
    return stopArrivals({ timetable, place, nowMs: options.now().getTime(), realtime: reading, ...(routes !== undefined ? { routes } : {}) });
  }

  return {
    identifiers: GTFS_IDENTIFIERS,
    stops,
    realtime,
    routeSummary: (stopNo) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        const routes = await timetable.routesAt(place);
        return {
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
        };
      }),
    nextTripsAllRoutes: (stopNo) => guarded(() => arrivals(stopNo, undefined)),
    nextTrips: (stopNo, routeNo) =>
      guarded(async () => {
        const timetable = timetableOrLoading();
        const place = await placeOf(timetable, stopNo);
        const routes = await timetable.findRoutes(routeNo.trim());
        const serving = routes.length === 0 ? [] : (await timetable.routesAt(place)).filter((r) => routes.some((x) => x.routeId === r.routeId));
        // The v1.2 answers for a route that does not exist (11) or does not stop here (12).
        if (serving.length === 0) {
          const error = routes.length === 0 ? API_ERROR_CODES.INVALID_ROUTE : API_ERROR_CODES.STOP_NOT_ON_ROUTE;
          return {
            stopNo: place.code,
            stopName: place.name,
            timeZone: timetable.timeZone,
            routes: [{ routeNo: routes[0]?.routeNo ?? routeNo.trim(), direction: '', heading: '', error, trips: [] }],
          };
        }
        return arrivals(stopNo, routes);
      }),
    gtfs: (query) => guarded(() => gtfsRecords(timetableOrLoading(), query)),
    refreshSchedule: () => schedule.refresh(),
    hasSchedule: () => schedule.current() !== undefined,
    onProgress: (listener) => schedule.onProgress(listener),
    close: () => schedule.close(),
  };
}
