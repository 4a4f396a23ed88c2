import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './pushes/settings.js';
import { FeedsFileProblems, readFeedsFile, type FeedSettings } from './feeds-file.js';
import { DEFAULT_METRICS_HOST } from './ops/server.js';
import { OCTRANSPO_GTFS, parseHeaders } from './sources/gtfs/settings.js';
import { OCTRANSPO_RSS } from './sources/presets.js';
import { replayInstant } from './domain/clock-start.js';

// The only reader of the environment. `loadConfig` is pure: it takes the variables as an argument,
// so every module can be imported and tested without a valid environment.

const DEFAULT_WEBHOOK_PORT = 8443;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'a whole number')
    .transform(Number)
    // int() also refuses numbers too large to be exact, in its own words unless given these.
    .pipe(z.number().int('a whole number above 0').positive('a number above 0'))
    .optional()
    .transform((v) => v ?? fallback);

const port = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'a port number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'a port from 1 to 65535').max(65535, 'a port from 1 to 65535'))
    .optional()
    .transform((v) => v ?? fallback);

const wholeNumber = (fallback: number, min: number, max: number, expected: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, expected)
    .transform(Number)
    .pipe(z.number().int().min(min, expected).max(max, expected))
    .optional()
    .transform((v) => v ?? fallback);

// Empty or absent: off.
const optionalPort = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'a port number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'a port from 1 to 65535').max(65535, 'a port from 1 to 65535'))
      .optional(),
  )
  .optional();

// Only http(s): anything else would pass here and fail later, one problem at a time, at start-up.
const url = (expected: string, protocol = /^https?$/) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol, error: expected }).optional())
    .optional();

const schema = z.object({
  OC_APP_ID: optionalText,
  OC_API_KEY: optionalText,
  OC_BASE_URL: url('an http(s) URL such as https://api.octranspo1.com').transform((v) => v ?? 'https://api.octranspo1.com'),
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
  CACHE_NEXT_TRIPS_SECONDS: positiveInt(30),
  CACHE_ROUTE_SUMMARY_SECONDS: positiveInt(86_400),
  DATA_DIR: z
    .string()
    .trim()
    .min(1, 'a folder path')
    .optional()
    .transform((v) => v ?? './data'),
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
        .optional(),
    )
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'one of fatal, error, warn, info, debug, trace, silent')
    .optional()
    .transform((v) => v ?? 'info'),
  // A file the logs are appended to, or "stderr"; unset: DATA_DIR/arrivals-bot.log for the terminal chat, stderr otherwise.
  LOG_FILE: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^\d+:[\w-]+$/, 'a token from @BotFather, like 123456:ABC-DEF')
      .optional(),
  ),
  TELEGRAM_API_ROOT: url('an http(s) URL such as http://127.0.0.1:8081'),
  // Telegram delivers webhooks over HTTPS only.
  TELEGRAM_WEBHOOK_URL: url('an https:// URL such as https://bot.example.org/telegram', /^https$/),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, '1-256 characters: letters, digits, _ and -')
      .optional(),
  ),
  TELEGRAM_WEBHOOK_PORT: port(DEFAULT_WEBHOOK_PORT),
  // Three dot-separated parts (the bot's id in base64, a timestamp, an HMAC).
  DISCORD_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'a bot token from the Discord developer portal (three parts separated by dots)')
      .optional(),
  ),
  DISCORD_GUILD_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, 'a server id: 17-20 digits (Developer Mode, then right-click the server, Copy Server ID)')
      .optional(),
  ),
  // discord.js appends the API version itself; a base that already ends in one would double it.
  DISCORD_API_ROOT: url('an http(s) URL such as https://discord.com/api').refine(
    (v) => v === undefined || !/\/v\d+\/?$/.test(v),
    'the base without a version, such as https://discord.com/api (discord.js adds /v10)',
  ),
  RATE_LIMIT_PER_MINUTE: positiveInt(20),
  GTFS_STOPS_FILE: optionalText,
  ALERT_CATCH_UP_MINUTES: wholeNumber(DEFAULT_ALERT_SETTINGS.catchUpMinutes, 1, 60, 'a number of minutes from 1 to 60'),
  ALERT_TELEGRAM_PER_SECOND: positiveInt(DEFAULT_ALERT_SETTINGS.perSecond.telegram),
  ALERT_DISCORD_PER_SECOND: positiveInt(DEFAULT_ALERT_SETTINGS.perSecond.discord),
  // Waited with a timer between two messages to one chat.
  ALERT_CHAT_INTERVAL_MS: wholeNumber(DEFAULT_ALERT_SETTINGS.chatIntervalMs, 1, 3_600_000, 'a number of milliseconds from 1 to 3600000 (an hour)'),
  ALERT_GROUP_PER_MINUTE: positiveInt(DEFAULT_ALERT_SETTINGS.groupPerMinute),
  METRICS_PORT: optionalPort,
  // An address of this machine: an IPv4 or IPv6 literal, or a name that resolves to one.
  METRICS_HOST: optionalText
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.:-]+$/, 'an address of this machine to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)')
        .optional(),
    )
    .transform((v) => v ?? DEFAULT_METRICS_HOST),
  // GTFS and GTFS-Realtime: a URL or a file path each.
  GTFS_URL: optionalText,
  GTFS_RT_TRIP_UPDATES_URL: optionalText,
  GTFS_RT_ALERTS_URL: optionalText,
  GTFS_RT_VEHICLE_POSITIONS_URL: optionalText,
  GTFS_RT_HEADERS: optionalText,
  GTFS_RT_REFRESH_SECONDS: positiveInt(30),
  OCTRANSPO_SUBSCRIPTION_KEY: optionalText,
  // Several feeds in one bot: a JSON list (feeds-file.ts); the single-source settings above then stay unset.
  FEEDS_FILE: optionalText,
  CLOCK_START: optionalText.pipe(replayInstant.optional()),
});

/** Every variable the bot reads; .env.example and the README list exactly these. */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

// Checks across variables, run on the raw values so that they are reported together with the
// per-variable problems (zod skips object refinements once a field has failed).
function crossProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (isSet(env.OC_APP_ID) !== isSet(env.OC_API_KEY)) {
    const missing = isSet(env.OC_APP_ID) ? 'OC_API_KEY' : 'OC_APP_ID';
    problems.push(`${missing}: expected to be set together with the other one (or neither, for the built-in demo feed)`);
  }
  const gtfs = isSet(env.GTFS_URL) || isSet(env.OCTRANSPO_SUBSCRIPTION_KEY);
  for (const name of ['GTFS_RT_TRIP_UPDATES_URL', 'GTFS_RT_ALERTS_URL', 'GTFS_RT_VEHICLE_POSITIONS_URL', 'GTFS_RT_HEADERS'] as const) {
    if (isSet(env[name]) && !gtfs) problems.push(`${name}: expected GTFS_URL (or OCTRANSPO_SUBSCRIPTION_KEY) to be set too`);
  }
  if (isSet(env.GTFS_RT_HEADERS)) problems.push(...parseHeaders(env.GTFS_RT_HEADERS ?? '').problems.map((p) => `GTFS_RT_HEADERS: expected ${p}`));
  if (isSet(env.FEEDS_FILE)) {
    for (const name of [
      'OC_APP_ID',
      'OC_API_KEY',
      'GTFS_URL',
      'GTFS_RT_TRIP_UPDATES_URL',
      'GTFS_RT_ALERTS_URL',
      'GTFS_RT_VEHICLE_POSITIONS_URL',
      'GTFS_RT_HEADERS',
      'OCTRANSPO_SUBSCRIPTION_KEY',
      'GTFS_STOPS_FILE',
    ] as const) {
      if (isSet(env[name])) problems.push(`${name}: expected to be unset when FEEDS_FILE lists the feeds (give it in the feed's entry instead)`);
    }
  }
  if (isSet(env.TELEGRAM_WEBHOOK_URL) && !isSet(env.TELEGRAM_WEBHOOK_SECRET)) {
    problems.push('TELEGRAM_WEBHOOK_SECRET: expected a secret when TELEGRAM_WEBHOOK_URL is set');
  }
  // Both servers listen on every interface or on loopback: one port cannot serve the two.
  const webhookPort = isSet(env.TELEGRAM_WEBHOOK_PORT) ? Number(env.TELEGRAM_WEBHOOK_PORT?.trim()) : DEFAULT_WEBHOOK_PORT;
  if (
    isSet(env.TELEGRAM_BOT_TOKEN) &&
    isSet(env.TELEGRAM_WEBHOOK_URL) &&
    isSet(env.METRICS_PORT) &&
    Number(env.METRICS_PORT?.trim()) === webhookPort
  ) {
    problems.push(`METRICS_PORT: expected another port than TELEGRAM_WEBHOOK_PORT (${webhookPort}): the webhook server listens there`);
  }
  return problems;
}

export interface Config {
  transit: {
    /** Absent: no credentials, so the built-in local v1.2 server is the feed. */
    credentials?: { appId: string; apiKey: string };
    baseUrl: string;
    format: 'xml' | 'json';
    timeoutMs: number;
    cacheSeconds: { nextTrips: number; routeSummary: number };
  };
  store: { dataDir: string; redisUrl?: string };
  logLevel: string;
  /**
   * The file logs are appended to; absent: stderr. The terminal chat's screen is the rider's, so
   * there the logs go to DATA_DIR/arrivals-bot.log unless LOG_FILE says otherwise.
   */
  logFile?: string;
  telegram?: {
    token: string;
    apiRoot?: string;
    webhook?: { url: string; secret: string; port: number };
  };
  discord?: {
    token: string;
    /** Slash commands are registered to this server only (at once), else globally. */
    guildId?: string;
    /** REST base without the version (discord.js appends it); Discord's own when absent. */
    apiRoot?: string;
  };
  rateLimitPerMinute: number;
  gtfsStopsFile?: string;
  /** The alert scheduler: catch-up window, delivery rates per platform and per chat. */
  alerts: AlertSettings;
  /** /metrics and /healthz; absent: not served. */
  metricsPort?: number;
  /** The address the metrics server listens on (loopback unless set). */
  metricsHost: string;
  /** Present: the GTFS source (static schedule + GTFS-Realtime) instead of the v1.2 one. */
  gtfs?: {
    /** Static GTFS zip: URL or file path. */
    scheduleUrl: string;
    /** TripUpdates: URL or file path; absent, schedule only. */
    tripUpdatesUrl?: string;
    /** Service Alerts (disruptions): URL or file path; absent, none. */
    alertsUrl?: string;
    /** OC Transpo's updates RSS (OCTRANSPO_SUBSCRIPTION_KEY). */
    rss?: { english: string; french?: string };
    /** VehiclePositions: URL or file path; absent, no vehicle positions. */
    vehiclePositionsUrl?: string;
    /** Sent with every realtime request; secret. */
    headers: Record<string, string>;
    refreshSeconds: number;
  };
  /** FEEDS_FILE: several feeds in one bot (then `gtfs` is absent and `transit` has no credentials). */
  feeds?: { list: FeedSettings[]; secrets: string[] };
  /** CLOCK_START: the bot's clock starts at this instant. */
  clockStart?: Date;
  /** The system locale (LC_ALL, LC_MESSAGES, LANG): the terminal chat's language until /lang. */
  terminalLanguage?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

// POSIX order of precedence; empty values count as unset.
function systemLocale(env: Record<string, string | undefined>): string | undefined {
  return [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== '');
}

/** The log's file name in DATA_DIR when the terminal chat serves. */
export const TERMINAL_LOG_FILE = 'arrivals-bot.log';

function logFileOf(given: string | undefined, dataDir: string, terminal: boolean): { logFile?: string } {
  if (given !== undefined) return given.toLowerCase() === 'stderr' ? {} : { logFile: given };
  return terminal ? { logFile: join(dataDir, TERMINAL_LOG_FILE) } : {};
}

/** Reads a settings file (FEEDS_FILE); tests pass their own. */
export type ReadSettingsFile = (path: string) => string;

/** Validates the environment (and the feeds file it names); throws one ConfigError listing every problem by variable name. */
export function loadConfig(env: Record<string, string | undefined>, readFile: ReadSettingsFile = (path) => readFileSync(path, 'utf8')): Config {
  const result = schema.safeParse(env);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: expected ${issue.message}`)),
    ...crossProblems(env),
  ];
  const feeds = result.success && result.data.FEEDS_FILE !== undefined ? feedsFrom(result.data, env, readFile, problems) : undefined;
  if (!result.success || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const e = result.data;
  const terminalLanguage = systemLocale(env);
  return {
    transit: {
      ...(e.OC_APP_ID && e.OC_API_KEY ? { credentials: { appId: e.OC_APP_ID, apiKey: e.OC_API_KEY } } : {}),
      baseUrl: e.OC_BASE_URL,
      format: e.OC_FORMAT,
      timeoutMs: e.OC_TIMEOUT_MS,
      cacheSeconds: { nextTrips: e.CACHE_NEXT_TRIPS_SECONDS, routeSummary: e.CACHE_ROUTE_SUMMARY_SECONDS },
    },
    store: { dataDir: e.DATA_DIR, ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}) },
    logLevel: e.LOG_LEVEL,
    ...logFileOf(e.LOG_FILE, e.DATA_DIR, !e.TELEGRAM_BOT_TOKEN && !e.DISCORD_TOKEN),
    ...(e.TELEGRAM_BOT_TOKEN
      ? {
          telegram: {
            token: e.TELEGRAM_BOT_TOKEN,
            ...(e.TELEGRAM_API_ROOT ? { apiRoot: e.TELEGRAM_API_ROOT } : {}),
            ...(e.TELEGRAM_WEBHOOK_URL && e.TELEGRAM_WEBHOOK_SECRET
              ? { webhook: { url: e.TELEGRAM_WEBHOOK_URL, secret: e.TELEGRAM_WEBHOOK_SECRET, port: e.TELEGRAM_WEBHOOK_PORT } }
              : {}),
          },
        }
      : {}),
    ...(e.DISCORD_TOKEN
      ? {
          discord: {
            token: e.DISCORD_TOKEN,
            ...(e.DISCORD_GUILD_ID ? { guildId: e.DISCORD_GUILD_ID } : {}),
            ...(e.DISCORD_API_ROOT ? { apiRoot: e.DISCORD_API_ROOT } : {}),
          },
        }
      : {}),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    ...(e.GTFS_STOPS_FILE ? { gtfsStopsFile: e.GTFS_STOPS_FILE } : {}),
    alerts: {
      catchUpMinutes: e.ALERT_CATCH_UP_MINUTES,
      perSecond: { telegram: e.ALERT_TELEGRAM_PER_SECOND, discord: e.ALERT_DISCORD_PER_SECOND, console: DEFAULT_ALERT_SETTINGS.perSecond.console },
      chatIntervalMs: e.ALERT_CHAT_INTERVAL_MS,
      groupPerMinute: e.ALERT_GROUP_PER_MINUTE,
    },
    ...(e.METRICS_PORT !== undefined ? { metricsPort: e.METRICS_PORT } : {}),
    metricsHost: e.METRICS_HOST,
    ...(terminalLanguage !== undefined ? { terminalLanguage } : {}),
    ...gtfsConfig(e),
    ...(feeds !== undefined ? { feeds } : {}),
    ...(e.CLOCK_START !== undefined ? { clockStart: e.CLOCK_START } : {}),
  };
}

/** The feeds FEEDS_FILE lists; its problems join the others, each under the variable's name. */
function feedsFrom(
  e: z.infer<typeof schema>,
  env: Record<string, string | undefined>,
  readFile: ReadSettingsFile,
  problems: string[],
): Config['feeds'] {
  const path = e.FEEDS_FILE!;
  let json: string;
  try {
    json = readFile(path);
  } catch (err) {
    problems.push(`FEEDS_FILE: expected a readable file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    return undefined;
  }
  try {
    const { feeds, secrets } = readFeedsFile(json, env, {
      refreshSeconds: e.GTFS_RT_REFRESH_SECONDS,
      v12: {
        format: e.OC_FORMAT,
        timeoutMs: e.OC_TIMEOUT_MS,
        cacheSeconds: { nextTrips: e.CACHE_NEXT_TRIPS_SECONDS, routeSummary: e.CACHE_ROUTE_SUMMARY_SECONDS },
      },
    });
    return { list: feeds, secrets };
  } catch (err) {
    if (!(err instanceof FeedsFileProblems)) throw err;
    problems.push(...err.problems.map((problem) => `FEEDS_FILE: ${problem}`));
    return undefined;
  }
}

/** GTFS_URL selects the GTFS source; OCTRANSPO_SUBSCRIPTION_KEY does too, with OC Transpo's addresses as defaults. */
function gtfsConfig(e: z.infer<typeof schema>): Pick<Config, 'gtfs'> {
  const key = e.OCTRANSPO_SUBSCRIPTION_KEY;
  const scheduleUrl = e.GTFS_URL ?? (key ? OCTRANSPO_GTFS.schedule : undefined);
  if (scheduleUrl === undefined) return {};
  const tripUpdatesUrl = e.GTFS_RT_TRIP_UPDATES_URL ?? (key ? OCTRANSPO_GTFS.tripUpdates : undefined);
  const vehiclePositionsUrl = e.GTFS_RT_VEHICLE_POSITIONS_URL ?? (key ? OCTRANSPO_GTFS.vehiclePositions : undefined);
  const headers = { ...(key ? { [OCTRANSPO_GTFS.header]: key } : {}), ...parseHeaders(e.GTFS_RT_HEADERS ?? '').headers };
  const alertsUrl = e.GTFS_RT_ALERTS_URL;
  return {
    gtfs: {
      scheduleUrl,
      ...(tripUpdatesUrl ? { tripUpdatesUrl } : {}),
      ...(alertsUrl ? { alertsUrl } : {}),
      // OC Transpo's key selects OC Transpo: its detours come as RSS, which needs none.
      ...(key ? { rss: { ...OCTRANSPO_RSS } } : {}),
      ...(vehiclePositionsUrl ? { vehiclePositionsUrl } : {}),
      headers,
      refreshSeconds: e.GTFS_RT_REFRESH_SECONDS,
    },
  };
}

/** Reads `.env` into process.env when the file exists (Node's own loader), then validates. */
export function loadConfigFromProcess(envFile = '.env'): Config {
  try {
    process.loadEnvFile(envFile);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // No .env is the normal case; one that exists but cannot be read is a setting problem like any other.
    if (code !== 'ENOENT') throw new ConfigError([`${envFile}: expected a readable file (${code ?? 'unreadable'})`]);
  }
  return loadConfig(process.env);
}

/** Every secret a config holds, for redactors: none of them may reach a log line or a reply. */
export function secretsOf(config: Config): string[] {
  const redisPassword = config.store.redisUrl !== undefined ? passwordOf(config.store.redisUrl) : undefined;
  const gtfsHeaders = Object.values(config.gtfs?.headers ?? {});
  return [
    config.transit.credentials?.apiKey,
    config.telegram?.token,
    config.telegram?.webhook?.secret,
    config.discord?.token,
    redisPassword,
    ...gtfsHeaders,
    ...(config.feeds?.secrets ?? []),
  ].filter((secret): secret is string => secret !== undefined && secret !== '');
}

function passwordOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}
