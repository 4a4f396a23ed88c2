import { sleep } from '../../util/sleep.js';
import { API_ERROR_CODES, TransitError } from '../../domain/transit-error.js';
import { gtfsFields, parseGtfsAnswer } from './gtfs.js';
import { postForm } from './http.js';
import { V12_IDENTIFIERS } from '../../domain/identifiers.js';
import { jitteredDelay } from './jitter.js';
import type { StopArrivals } from '../../domain/arrivals.js';
import { settingsFrom, type TransitClientOptions } from './options.js';
import { parseStopAnswer } from './parse.js';
import { keyScrubber, redactor } from './redact.js';
import { sealAnswer, scrubFields } from './seal.js';
import type { TransitClient } from '../../domain/transit-source.js';
import { TtlCache } from './ttl-cache.js';
import { checkRouteNo, checkStopNo } from './validate.js';

// The v1.2 client: validation, then cache, then one shared in-flight request per question, then
// HTTP with one retry for failures that may pass (network, 5xx). Only successes are cached. Each
// answer is sealed once (scrubbed, frozen, sized), so the cache and every caller share it as is.

export type { TransitClientOptions } from './options.js';

interface Call<T> {
  operation: string;
  fields: Record<string, string>;
  ttlMs: number;
  parse: (body: string) => T;
  /** Answers that carry an upstream error somewhere are not worth keeping. */
  cacheable: (value: T) => boolean;
}

export function createTransitClient(options: TransitClientOptions): TransitClient {
  const settings = settingsFrom(options);
  const { base, format, timeoutMs, retryDelayMs, ttl, logger, now, random, fetch: doFetch } = settings;
  const cache = new TtlCache<unknown>({ maxEntries: settings.cacheMaxEntries, maxBytes: settings.cacheMaxBytes, now });
  const inFlight = new Map<string, Promise<unknown>>();
  const redact = redactor(settings.apiKey);
  const scrubKey = keyScrubber(settings.apiKey);

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
        const { body } = await postForm({
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
      cacheable: (stop) => stop.routes.every((route) => route.error === undefined),
    };
  }

  function formatField(operation: string): string {
    // The spec writes "JSON or XML" for the stop operations and "json or xml" for Gtfs.
    return operation === 'Gtfs' ? format : format.toUpperCase();
  }

  const identifiers = V12_IDENTIFIERS;
  return {
    identifiers,
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
    async gtfs(query) {
      return ask(() => ({
        operation: 'Gtfs',
        fields: gtfsFields(query),
        ttlMs: ttl.gtfs,
        parse: (body) => parseGtfsAnswer(body, format, scrubKey),
        cacheable: () => true,
      }));
    },
  };
}

function isTransient(error: TransitError): boolean {
  return error.kind === 'network' || (error.kind === 'http' && (error.code ?? 0) >= 500);
}

const RIDER_QUESTION_CODES: ReadonlySet<number> = new Set([
  API_ERROR_CODES.INVALID_STOP,
  API_ERROR_CODES.INVALID_ROUTE,
  API_ERROR_CODES.STOP_NOT_ON_ROUTE,
  API_ERROR_CODES.NO_ROUTES_AT_STOP,
]);

function isAboutTheQuestion(error: TransitError): boolean {
  return error.kind === 'invalid-request' || (error.kind === 'api' && RIDER_QUESTION_CODES.has(error.code ?? -1));
}
