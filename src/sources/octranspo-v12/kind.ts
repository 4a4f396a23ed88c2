import { z } from 'zod';
import type { StopIndex } from '../../domain/stop-index.js';
import type { Logger } from '../../log.js';
import { loadStopIndex } from '../../stops/index.js';
import { isSet, optionalText, positiveInt, url, wholeNumber, type RawEnv } from '../../util/env-values.js';
import { location, secret } from '../entry-fields.js';
import { shorthandOf, type EntryForm, type SourceKind } from '../kind.js';
import { withDisruptions } from '../with-disruptions.js';
import { createTransitClient, V12_PROFILE } from './client.js';
import { v12Places } from './disruption-places.js';
import type { ResponseFormat } from './options.js';

// The OC Transpo v1.2 API as one registered kind: the seed's API, retired upstream, served by the
// embedded demo. OC_APP_ID with OC_API_KEY is the environment's shorthand for a list of one such
// feed; its other variables are how every v1.2 feed is asked (the demo's too).

/** How every v1.2 feed is asked, whatever its address. */
export interface V12Defaults {
  format: ResponseFormat;
  timeoutMs: number;
  cacheSeconds: { nextTrips: number; routeSummary: number };
  /** The fleet's requests a second to the feed, every instance on one store together. Absent: the default (10). */
  requestsPerSecond?: number;
}

export interface V12Settings extends V12Defaults {
  baseUrl: string;
  appId: string;
  apiKey: string;
  /** GTFS stops.txt for /stop by name and locations; optional, the source works without. */
  stopsFile?: string;
}

export interface V12SourceSettings {
  kind: 'octranspo-v12';
  v12: V12Settings;
}

const OC_TRANSPO_API = 'https://api.octranspo1.com';

/**
 * Ten a second: a city's riders ask far less than that of questions the cache has not answered
 * (30 s for arrivals, a day for routes), and it is a pace an API gateway's default quota takes.
 */
const DEFAULT_REQUESTS_PER_SECOND = 10;
const MAX_REQUESTS_PER_SECOND = 1000;
const REQUESTS_PER_SECOND = `a number of requests a second above 0, at most ${MAX_REQUESTS_PER_SECOND} (like 10 or 0.5)`;

const variables = z.object({
  OC_APP_ID: optionalText,
  OC_API_KEY: optionalText,
  OC_BASE_URL: url(`an http(s) URL such as ${OC_TRANSPO_API}`).transform((v) => v ?? OC_TRANSPO_API),
  // The spec itself writes it both ways ("JSON or XML", "json or xml").
  OC_FORMAT: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['xml', 'json'], 'xml or json'))
    .optional()
    .transform((v) => v ?? 'xml'),
  // A timer holds at most 2^31-1 ms (Node fires a longer one at once); nothing waits minutes for an answer.
  OC_TIMEOUT_MS: wholeNumber(8000, 1, 600_000, 'a number of milliseconds from 1 to 600000 (10 minutes)'),
  // The fleet's pace towards the agency (every instance on one Redis together); see the README for the default.
  OC_REQUESTS_PER_SECOND: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, REQUESTS_PER_SECOND)
    .transform(Number)
    .pipe(z.number().gt(0, REQUESTS_PER_SECOND).max(MAX_REQUESTS_PER_SECOND, REQUESTS_PER_SECOND))
    .optional()
    .transform((v) => v ?? DEFAULT_REQUESTS_PER_SECOND),
  CACHE_NEXT_TRIPS_SECONDS: positiveInt(30),
  CACHE_ROUTE_SUMMARY_SECONDS: positiveInt(86_400),
  GTFS_STOPS_FILE: optionalText,
});

const fields = {
  kind: z.literal('octranspo-v1.2'),
  appId: secret,
  apiKey: secret,
  baseUrl: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  // A GTFS stops.txt for /stop by name and locations.
  stops: location.optional(),
  // This feed's own pace, instead of OC_REQUESTS_PER_SECOND's.
  requestsPerSecond: z.number(REQUESTS_PER_SECOND).gt(0, REQUESTS_PER_SECOND).max(MAX_REQUESTS_PER_SECOND, REQUESTS_PER_SECOND).optional(),
};

const entryForm: EntryForm<typeof fields, V12SourceSettings, V12Defaults> = {
  field: 'kind',
  value: 'octranspo-v1.2',
  described: '"kind": "octranspo-v1.2"',
  fields,
  read: (entry, defaults, context) => ({
    source: {
      kind: 'octranspo-v12',
      v12: {
        ...defaults,
        baseUrl: entry.baseUrl ?? OC_TRANSPO_API,
        appId: context.secret('appId', entry.appId),
        apiKey: context.secret('apiKey', entry.apiKey),
        requestsPerSecond: entry.requestsPerSecond ?? defaults.requestsPerSecond,
        ...(entry.stops !== undefined ? { stopsFile: entry.stops } : {}),
      },
    },
  }),
};

/** Stops by location and name are a convenience: a file that cannot be read turns them off, not the bot. */
async function stopIndexOrNone(file: string, logger: Logger): Promise<StopIndex | undefined> {
  try {
    return await loadStopIndex(file);
  } catch (err) {
    logger.warn({ err, file }, 'stop index not loaded; /stop by name and locations are off');
    return undefined;
  }
}

export const octranspoV12Kind = {
  name: 'octranspo-v12' as const,
  variables,
  feedVariables: ['OC_APP_ID', 'OC_API_KEY', 'GTFS_STOPS_FILE'],
  problems(env: RawEnv) {
    if (isSet(env.OC_APP_ID) === isSet(env.OC_API_KEY)) return [];
    const missing = isSet(env.OC_APP_ID) ? 'OC_API_KEY' : 'OC_APP_ID';
    return [`${missing}: expected to be set together with the other one (or neither, for the built-in demo feed)`];
  },
  defaults: (v) => ({
    format: v.OC_FORMAT,
    timeoutMs: v.OC_TIMEOUT_MS,
    cacheSeconds: { nextTrips: v.CACHE_NEXT_TRIPS_SECONDS, routeSummary: v.CACHE_ROUTE_SUMMARY_SECONDS },
    requestsPerSecond: v.OC_REQUESTS_PER_SECOND,
  }),
  entries: [entryForm],
  shorthand: (v) =>
    v.OC_APP_ID === undefined || v.OC_API_KEY === undefined
      ? undefined
      : shorthandOf([
          ['kind', 'OC_APP_ID', 'octranspo-v1.2'],
          ['appId', 'OC_APP_ID', v.OC_APP_ID],
          ['apiKey', 'OC_API_KEY', v.OC_API_KEY],
          ['baseUrl', 'OC_BASE_URL', v.OC_BASE_URL],
          ['stops', 'GTFS_STOPS_FILE', v.GTFS_STOPS_FILE],
        ]),
  async open({ v12 }, options) {
    const logger =
      options.quietRequests && !options.logger.isLevelEnabled('debug')
        ? options.logger.child({ component: 'transit' }, { level: 'error' })
        : options.logger;
    const source = createTransitClient({
      baseUrl: v12.baseUrl,
      appId: v12.appId,
      apiKey: v12.apiKey,
      format: v12.format,
      timeoutMs: v12.timeoutMs,
      cacheTtlMs: { nextTrips: v12.cacheSeconds.nextTrips * 1000, routeSummary: v12.cacheSeconds.routeSummary * 1000 },
      logger,
      now: options.now,
      // The bucket is the feed's (its id): two v1.2 feeds, two budgets; every instance's same feed, one.
      ...(options.sharedRate !== undefined
        ? {
            budget: {
              rate: options.sharedRate.rate,
              name: `agency:${options.sharedRate.feed}`,
              perSecond: v12.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND,
            },
          }
        : {}),
    });
    const stops = v12.stopsFile !== undefined ? await stopIndexOrNone(v12.stopsFile, options.logger) : undefined;
    const feeds = options.disruptionFeeds ?? [];
    const disrupted =
      feeds.length === 0 ? source : withDisruptions(source, feeds, v12Places(source, stops), { now: options.now, logger: options.logger });
    return { source: disrupted, ...(stops !== undefined ? { stops } : {}), close: () => Promise.resolve() };
  },
  profile: () => Promise.resolve(V12_PROFILE),
} satisfies SourceKind<typeof variables, V12SourceSettings, V12Defaults>;
