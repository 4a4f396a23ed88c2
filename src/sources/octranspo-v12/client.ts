import { sleep } from '../../util/sleep.js';
import { isAboutTheQuestion, TransitError } from '../../domain/transit-error.js';
import { gtfsFields, parseGtfsAnswer } from './gtfs.js';
import { postForm } from './http.js';
import { V12_IDENTIFIERS } from './identifiers.js';
import { OTTAWA_TIME_ZONE } from './ottawa-time.js';
import { jitteredDelay } from './jitter.js';
import type { StopArrivals } from '../../domain/arrivals.js';
import { settingsFrom, type TransitClientOptions } from './options.js';
import { parseStopAnswer } from './parse.js';
import { requestBudget } from './request-budget.js';
import { keyScrubber, redactor } from './redact.js';
import { sealAnswer, scrubFields } from './seal.js';
import type { SourceProfile, StopDetails, TransitSource } from '../../domain/transit-source.js';
import type { GtfsQuery, GtfsRecord } from './gtfs-tables.js';
import { TtlCache } from './ttl-cache.js';
import { checkRouteNo, checkStopNo } from './validate.js';

// The v1.2 client: validation, then cache, then one shared in-flight request per question, then
// the fleet's request budget (when given: each request that goes out, the retry too, takes a turn),
// then HTTP with one retry for failures that may pass (network, 5xx). Only successes are cached. Each
// answer is sealed once (scrubbed, frozen, sized), so the cache and every caller share it as is.

export type { TransitClientOptions } from './options.js';

/** How long the fleet leaves an agency alone after a 429 that says not how long. */
const AGENCY_PAUSE_MS = 30_000;

interface Call<T> {
  operation: string;
  fields: Record<string, string>;
  ttlMs: number;
  parse: (body: string) => T;
  /** Answers that carry an upstream error somewhere are not worth keeping. */
  cacheable: (value: T) => boolean;
}

/** The v1.2 API as a transit source, plus its own table operation (Gtfs). */
export interface V12Client extends TransitSource {
  gtfs(query: GtfsQuery): Promise<readonly Readonly<GtfsRecord>[]>;
}

/** One agency, one clock, four-digit stops: what OC Transpo's riders know. */
export const V12_PROFILE: SourceProfile = Object.freeze({
  agencies: Object.freeze(['OC Transpo']),
  timeZone: OTTAWA_TIME_ZONE,
  examples: Object.freeze({ stop: '3017', route: '95', name: 'rideau' }),
  stopDigits: 4,
  vehicles: 'bus',
});

export function createTransitClient(options: TransitClientOptions): V12Client {
  const settings = settingsFrom(options);
  const { base, format, timeoutMs, retryDelayMs, ttl, logger, now, random, fetch: doFetch } = settings;
  const cache = new TtlCache<unknown>({ maxEntries: settings.cacheMaxEntries, maxBytes: settings.cacheMaxBytes, now });
  const inFlight = new Map<string, Promise<unknown>>();
  const redact = redactor(settings.apiKey);
  const scrubKey = keyScrubber(settings.apiKey);
  const budget =
    settings.budget !== undefined
      ? {
          ...requestBudget({ rate: settings.budget.rate, name: settings.budget.name, perSecond: settings.budget.perSecond, logger }),
          maxWaitMs: settings.budget.maxWaitMs,
        }
      : undefined;

  /** A turn from the fleet's budget, or the question fails as the agency being busy (nothing sent). */
  async function turn(operation: string): Promise<void> {
    if (budget === undefined || (await budget.acquire(budget.maxWaitMs))) return;
    throw new TransitError('unavailable', `${operation}: the agency's request budget is spent; not asked`, { reason: 'busy' });
  }

  /** Whatever goes wrong below, the caller sees a TransitError without the key. */
  async function ask<T>(makeCall: () => Call<T>): Promise<T> {
    try {
      return await lookup(makeCall());
    } catch (err) {
      throw redact(err);
    }
  }

  async function lookup<T>(call: Call<T>): Promise<T> {
    const key = `${call.operation}?${new URLSearchParams(call.fields).toString()}`;
    // The question goes into log lines; a Gtfs value is free text and could be the key itself.
    const context = { operation: call.operation, ...scrubFields(call.fields, scrubKey) };
    const cached = cache.get(key);
    if (cached !== undefined) {
      logger.debug(context, 'transit cache hit');
      return cached as T;
    }
    let pending = inFlight.get(key);
    if (pending === undefined) {
      pending = exchange(call, key, context).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    // Every waiting caller gets the same frozen answer: nobody's edits can reach the others.
    return (await pending) as T;
  }

  async function exchange<T>(call: Call<T>, key: string, context: Record<string, string>): Promise<T> {
    const form = new URLSearchParams({ appID: settings.appId, apiKey: settings.apiKey, ...call.fields, format: formatField(call.operation) });
    for (let attempt = 1; ; attempt++) {
      const started = now().getTime();
      try {
        await turn(call.operation);
        const body = await postForm({
          fetch: doFetch,
          url: `${base}/v1.2/${call.operation}`,
          label: call.operation,
          form,
          accept: format === 'json' ? 'application/json' : 'text/xml, application/xml',
          timeoutMs,
        });
        // The key is scrubbed from the raw text, from every decoded text (inside the parse), and
        // from every string of the model: each catches spellings the others cannot see.
        const { value, bytes } = sealAnswer(call.parse(scrubKey(body)), scrubKey);
        logger.debug({ ...context, attempt, ms: now().getTime() - started }, 'transit answer');
        if (call.cacheable(value)) cache.set(key, value, call.ttlMs, bytes);
        return value;
      } catch (err) {
        const error = redact(err);
        // The agency said too many (429): the whole fleet leaves it alone for as long as it asked.
        if (error.code === 429 && budget !== undefined) await budget.hold(error.retryAfterMs ?? AGENCY_PAUSE_MS);
        if (attempt === 1 && isTransient(error)) {
          logger.warn({ ...context, attempt, kind: error.kind, code: error.code }, 'transit request failed; retrying once');
          await sleep(jitteredDelay(retryDelayMs, random));
          continue;
        }
        // A wrong stop or route number is the rider's typo, not trouble worth an operator's attention.
        const level = isAboutTheQuestion(error) ? 'debug' : 'warn';
        logger[level]({ ...context, attempt, kind: error.kind, code: error.code, err: error.message }, 'transit request failed');
        throw error;
      }
    }
  }

  // Stop operations: the alternative layout may omit StopNo, so the asked stop fills it in.
  function stopCall(operation: string, fields: Record<string, string>, ttlMs: number, withTrips: boolean): Call<StopArrivals> {
    return {
      operation,
      fields,
      ttlMs,
      parse: (body) => {
        const stop = parseStopAnswer(body, format, { withTrips, clean: scrubKey });
        return stop.stopNo === '' ? { ...stop, stopNo: fields.stopNo ?? '' } : stop;
      },
      cacheable: (stop) => stop.routes.every((route) => route.problem === undefined),
    };
  }

  function formatField(operation: string): string {
    // The spec writes "JSON or XML" for the stop operations and "json or xml" for Gtfs.
    return operation === 'Gtfs' ? format : format.toUpperCase();
  }

  const identifiers = V12_IDENTIFIERS;
  const gtfs = (query: GtfsQuery) =>
    ask(() => ({
      operation: 'Gtfs',
      fields: gtfsFields(query),
      ttlMs: ttl.gtfs,
      parse: (body: string) => parseGtfsAnswer(body, format, scrubKey),
      cacheable: () => true,
    }));
  return {
    identifiers,
    profile: () => V12_PROFILE,
    async routeSummary(stopNo) {
      return ask(() => stopCall('GetRouteSummaryForStop', { stopNo: checkStopNo(stopNo, identifiers) }, ttl.routeSummary, false));
    },
    async nextTrips(stopNo, routeNo) {
      return ask(() =>
        stopCall(
          'GetNextTripsForStop',
          { stopNo: checkStopNo(stopNo, identifiers), routeNo: checkRouteNo(routeNo, identifiers) },
          ttl.nextTrips,
          true,
        ),
      );
    },
    async nextTripsAllRoutes(stopNo) {
      return ask(() => stopCall('GetNextTripsForStopAllRoutes', { stopNo: checkStopNo(stopNo, identifiers) }, ttl.nextTrips, true));
    },
    async stopDetails(stopNo) {
      // One stop code covers several platforms; the first record stands for the stop.
      const [record] = await gtfs({ table: 'stops', column: 'stop_code', value: checkStopNo(stopNo, identifiers) });
      if (record === undefined) throw new TransitError('unknown-stop', 'no stop with that code in the Gtfs stops table');
      return stopDetailsOf(stopNo.trim(), record);
    },
    gtfs,
  };
}

function stopDetailsOf(stopNo: string, record: Readonly<GtfsRecord>): StopDetails {
  // Empty columns come as "" (null), which Number() would turn into 0, in the Atlantic.
  const lat = record.stop_lat?.trim() ? Number(record.stop_lat) : NaN;
  const lon = record.stop_lon?.trim() ? Number(record.stop_lon) : NaN;
  return {
    stopNo,
    name: record.stop_name ?? '',
    ...(Number.isFinite(lat) && Number.isFinite(lon) ? { position: { lat, lon } } : {}),
  };
}

/** Failures that may pass on a second try: the connection, or the server's own trouble. */
function isTransient(error: TransitError): boolean {
  return error.kind === 'unavailable' && (error.reason === 'network' || (error.reason === 'http' && (error.code ?? 0) >= 500));
}
