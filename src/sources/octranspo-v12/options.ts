import { systemClock, type Clock } from '../../domain/clock.js';
import { silentLogger, type Logger } from '../../log.js';
import type { SharedRate } from '../../domain/shared-rate.js';
import { TransitError } from '../../domain/transit-error.js';
import { describeValue } from './validate.js';

// The client's options and their defaults, checked once at construction. Settings come from the
// environment, so a typo must fail loudly here rather than quietly: a NaN time-to-live keeps
// answers forever (no time is >= NaN), and a NaN, negative or oversized timeout fires at once.

/** The v1.2 API answers in either; both give the same model. */
export type ResponseFormat = 'xml' | 'json';

export interface TransitClientOptions {
  /** e.g. https://api.octranspo1.com (a trailing slash is fine). */
  baseUrl: string;
  appId: string;
  apiKey: string;
  /** Upstream answer format; both give the same model. Default 'xml'. */
  format?: ResponseFormat;
  /** Per attempt, including reading the body. Default 8000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * nextTrips covers both next-trips operations; gtfs follows routeSummary unless given (both are
   * timetable data). Defaults: 30 s, 24 h; 0 turns caching off.
   */
  cacheTtlMs?: { nextTrips?: number; routeSummary?: number; gtfs?: number };
  /** Cap on cached answers; the least recently used go first. Default 2000. */
  cacheMaxEntries?: number;
  /**
   * Cap on the cache's estimated size in bytes (answers vary a hundredfold in size, so a count
   * alone bounds nothing); the least recently used go first. Default 32 MiB.
   */
  cacheMaxBytes?: number;
  /** Base delay before the one retry, jittered by +-1/3. Default 300 (so 200-400 ms). */
  retryDelayMs?: number;
  logger?: Logger;
  /** The project's one notion of now; cache ages and timings come from it. Default: the system's. */
  now?: Clock;
  random?: () => number;
  /**
   * The fleet's budget of requests to the agency (every instance on one store draws from it):
   * absent, this client asks as often as riders do.
   */
  budget?: BudgetOptions;
}

export interface BudgetOptions {
  rate: SharedRate;
  /** The bucket's name (the feed's id): shared by every instance asking the same feed. */
  name: string;
  /** Requests a second, the fleet's together. */
  perSecond: number;
  /** The longest a question waits for its turn before it fails as busy. Default: 2000, or the timeout if shorter. */
  maxWaitMs?: number;
}

export interface Settings {
  base: string;
  appId: string;
  apiKey: string;
  format: ResponseFormat;
  timeoutMs: number;
  retryDelayMs: number;
  ttl: { nextTrips: number; routeSummary: number; gtfs: number };
  cacheMaxEntries: number;
  cacheMaxBytes: number;
  fetch: typeof fetch;
  logger: Logger;
  now: Clock;
  random: () => number;
  budget?: Required<BudgetOptions>;
}

/** A rider waits this long at most for the agency's budget to give a turn: longer reads as no answer. */
const MAX_BUDGET_WAIT_MS = 2_000;

const DAY = 24 * 60 * 60_000;
/** setTimeout's largest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

function invalid(message: string): TransitError {
  return new TransitError('bad-request', message);
}

/** A numeric setting: its default when absent, else a number `fits` accepts (`what` says which). */
function numeric(name: string, value: unknown, fallback: number, what: string, fits: (n: number) => boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !fits(value)) {
    throw invalid(`${name} must be ${what}, got ${typeof value === 'number' ? String(value) : describeValue(value)}`);
  }
  return value;
}

const timer = (name: string, value: unknown, fallback: number) =>
  numeric(name, value, fallback, `a positive number of milliseconds (at most ${MAX_TIMER_MS})`, (n) => n > 0 && n <= MAX_TIMER_MS);
const delay = (name: string, value: unknown, fallback: number) =>
  numeric(name, value, fallback, `a number of milliseconds (0 to ${MAX_TIMER_MS})`, (n) => n >= 0 && n <= MAX_TIMER_MS);
const lifetime = (name: string, value: unknown, fallback: number) =>
  numeric(name, value, fallback, 'a number of milliseconds (0 or more)', (n) => n >= 0 && Number.isFinite(n));
const count = (name: string, value: unknown, fallback: number) =>
  numeric(name, value, fallback, 'a whole number (0 or more)', (n) => Number.isSafeInteger(n) && n >= 0);

function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw invalid('baseUrl must be an http(s) URL');
  }
  return baseUrl.replace(/\/+$/, '');
}

function budgetFrom(budget: BudgetOptions | undefined, timeoutMs: number): Required<BudgetOptions> | undefined {
  if (budget === undefined) return undefined;
  const perSecond: unknown = budget.perSecond;
  if (typeof perSecond !== 'number' || !(perSecond > 0) || !Number.isFinite(perSecond)) {
    throw invalid(
      `budget.perSecond must be a number of requests a second above 0, got ${typeof perSecond === 'number' ? String(perSecond) : describeValue(perSecond)}`,
    );
  }
  if (typeof budget.name !== 'string' || budget.name === '') throw invalid('budget.name is required');
  const maxWaitMs = delay('budget.maxWaitMs', budget.maxWaitMs, Math.min(MAX_BUDGET_WAIT_MS, timeoutMs));
  return { rate: budget.rate, name: budget.name, perSecond, maxWaitMs };
}

export function settingsFrom(options: TransitClientOptions): Settings {
  const base = checkBaseUrl(options.baseUrl);
  if (typeof options.appId !== 'string' || options.appId === '') throw invalid('appId is required');
  if (typeof options.apiKey !== 'string' || options.apiKey === '') throw invalid('apiKey is required');
  const format = options.format ?? 'xml';
  if (format !== 'xml' && format !== 'json') throw invalid(`format must be xml or json, got ${describeValue(format)}`);
  const routeSummaryTtl = lifetime('cacheTtlMs.routeSummary', options.cacheTtlMs?.routeSummary, DAY);
  const timeoutMs = timer('timeoutMs', options.timeoutMs, 8000);
  const budget = budgetFrom(options.budget, timeoutMs);
  return {
    base,
    appId: options.appId,
    apiKey: options.apiKey,
    format,
    timeoutMs,
    retryDelayMs: delay('retryDelayMs', options.retryDelayMs, 300),
    ttl: {
      nextTrips: lifetime('cacheTtlMs.nextTrips', options.cacheTtlMs?.nextTrips, 30_000),
      routeSummary: routeSummaryTtl,
      gtfs: lifetime('cacheTtlMs.gtfs', options.cacheTtlMs?.gtfs, routeSummaryTtl),
    },
    cacheMaxEntries: count('cacheMaxEntries', options.cacheMaxEntries, 2000),
    cacheMaxBytes: count('cacheMaxBytes', options.cacheMaxBytes, 32 * 1024 * 1024),
    fetch: options.fetch ?? globalThis.fetch,
    logger: options.logger ?? silentLogger(),
    now: options.now ?? systemClock,
    random: options.random ?? Math.random,
    ...(budget !== undefined ? { budget } : {}),
  };
}
