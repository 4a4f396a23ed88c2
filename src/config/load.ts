import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlertSettings } from '../pushes/settings.js';
import type { ChatPlatform } from '../chat/platform.js';
import type { Platform } from '../domain/chat.js';
import { CHAT_PLATFORMS, servedPlatforms, servesTerminal, type PlatformSettings } from '../chat/platforms.js';
import type { SourceKind } from '../sources/kind.js';
import { SOURCE_KINDS } from '../sources/kinds.js';
import type { RawEnv } from '../util/env-values.js';
import { COMMON_VARIABLES } from './common.js';
import { ConfigError, variableProblems } from './config-error.js';
import { readFeeds, type FeedsConfig, type ReadSettingsFile } from './feeds.js';
import { readPlatforms } from './platforms.js';

// The settings, composed from each part's own: the bot's (common.ts), each registered chat
// platform's and each registered source kind's variables, then the feeds. `loadConfig` is pure:
// it takes the variables as an argument, so every module can be imported and tested without a
// valid environment; every problem is reported at once, each by its variable's name.

export interface Config {
  store: { dataDir: string; redisUrl?: string };
  logLevel: string;
  /**
   * The file logs are appended to; absent: stderr. The terminal chat's screen is the rider's, so
   * there the logs go to DATA_DIR/arrivals-bot.log unless LOG_FILE says otherwise.
   */
  logFile?: string;
  /** The chat platforms that serve, each with its settings (the terminal's when no other is set up). */
  platforms: PlatformSettings;
  rateLimitPerMinute: number;
  /** Days of accuracy figures kept and shown (/reliability). */
  accuracyDays: number;
  /** RIDER_REPORTS: riders may say a bus did not come (the 👻 button), counted per route and hour. */
  riderReports: boolean;
  /** The alert scheduler: catch-up window, delivery rates per platform and per chat. */
  alerts: AlertSettings;
  /** /metrics and /healthz; absent: not served. */
  metricsPort?: number;
  /** The address the metrics server listens on (loopback unless set). */
  metricsHost: string;
  /** The feeds served: FEEDS_FILE's, or the environment's one; none: the embedded demo. */
  feeds: FeedsConfig;
  /** CLOCK_START: the bot's clock starts at this instant. */
  clockStart?: Date;
  /** The live map (src/web/). */
  web: WebSettings;
}

/** OpenStreetMap's standard tiles, and the attribution its tile usage policy asks for. */
export const OSM_TILES = { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' } as const;

export interface WebSettings {
  /** WEB_PORT; the same as metricsPort: served by the metrics server. Absent: served only for the terminal chat (any free port). */
  port?: number;
  /** WEB_PORT is this platform's own server's port (the Telegram webhook's): that server serves the map beside its own path. */
  besidePlatform?: Platform;
  host: string;
  /** Where riders reach /map (no trailing slash); absent: this machine's address (the terminal's). */
  baseUrl?: string;
  /** Absent: a clean drawing with no background map. */
  tiles?: { url: string; attribution: string };
  pollSeconds: number;
  initDataMaxAgeSeconds: number;
}

/** OpenStreetMap's tiles unless "none" or another URL is set; none for the demo, which runs offline. */
function tilesOf(given: string | undefined, attribution: string | undefined, demo: boolean): WebSettings['tiles'] {
  if (given === 'none' || (given === undefined && demo)) return undefined;
  if (given === undefined) return { url: OSM_TILES.url, attribution: attribution ?? OSM_TILES.attribution };
  return { url: given, attribution: attribution ?? (given === OSM_TILES.url ? OSM_TILES.attribution : '') };
}

/** The parts a config is composed from; tests pass lists of their own. */
export interface ConfigParts {
  platforms: readonly ChatPlatform[];
  kinds: readonly SourceKind[];
}

const REGISTERED: ConfigParts = { platforms: CHAT_PLATFORMS, kinds: SOURCE_KINDS };

/** Every variable the bot reads; .env.example and the README list exactly these. */
export const CONFIG_VARIABLES = variablesOf(REGISTERED);

function variablesOf(parts: ConfigParts): string[] {
  return [...parts.kinds, { variables: COMMON_VARIABLES }, ...parts.platforms].flatMap((part) => Object.keys(part.variables.shape));
}

/** The log's file name in DATA_DIR when the terminal chat serves. */
const TERMINAL_LOG_FILE = 'arrivals-bot.log';

function logFileOf(given: string | undefined, dataDir: string, terminal: boolean): { logFile?: string } {
  if (given !== undefined) return given.toLowerCase() === 'stderr' ? {} : { logFile: given };
  return terminal ? { logFile: join(dataDir, TERMINAL_LOG_FILE) } : {};
}

/** Validates the environment (and the feeds file it names); throws one ConfigError listing every problem by variable name. */
export function loadConfig(env: RawEnv, readFile: ReadSettingsFile = (path) => readFileSync(path, 'utf8'), parts: ConfigParts = REGISTERED): Config {
  const problems: string[] = [];
  const values = new Map<SourceKind, Record<string, unknown>>();
  for (const kind of parts.kinds) {
    const parsed = kind.variables.safeParse(env);
    if (parsed.success) values.set(kind, parsed.data);
    else problems.push(...variableProblems(parsed.error));
    problems.push(...(kind.problems?.(env) ?? []));
  }
  const common = COMMON_VARIABLES.safeParse(env);
  if (!common.success) problems.push(...variableProblems(common.error));
  const platforms = readPlatforms(env, parts.platforms, problems);
  // A server of a platform's own and the metrics server cannot share a port (both listen on every interface or on loopback).
  const metricsPort = common.success ? common.data.METRICS_PORT : undefined;
  for (const { variable, port, server } of parts.platforms.flatMap((platform) => platform.listensOn?.(env) ?? []))
    if (port === metricsPort) problems.push(`METRICS_PORT: expected another port than ${variable} (${port}): ${server} listens there`);
  // The live map may share the metrics server's port (served beside it), or a platform server's
  // that can host it (the Telegram webhook's), never another's.
  const webPort = common.success ? common.data.WEB_PORT : undefined;
  let webBeside: Platform | undefined;
  for (const platform of parts.platforms) {
    const listens = platform.listensOn?.(env);
    if (listens === undefined || listens.port !== webPort) continue;
    if (listens.hostsWeb === true) webBeside = platform.name;
    else problems.push(`WEB_PORT: expected another port than ${listens.variable} (${listens.port}): ${listens.server} listens there`);
  }
  // The feeds' own problems are reported beside the others once every variable they read is checked.
  const feeds =
    common.success && values.size === parts.kinds.length
      ? readFeeds(
          { env, values, readFile, kinds: parts.kinds, ...(common.data.FEEDS_FILE !== undefined ? { feedsFile: common.data.FEEDS_FILE } : {}) },
          problems,
        )
      : undefined;
  if (!common.success || platforms === undefined || feeds === undefined || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const e = common.data;
  return {
    store: { dataDir: e.DATA_DIR, ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}) },
    logLevel: e.LOG_LEVEL,
    ...logFileOf(e.LOG_FILE, e.DATA_DIR, servesTerminal(platforms.served, parts.platforms)),
    platforms: platforms.served,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    accuracyDays: e.ACCURACY_DAYS,
    riderReports: e.RIDER_REPORTS,
    alerts: {
      catchUpMinutes: e.ALERT_CATCH_UP_MINUTES,
      perSecond: platforms.perSecond,
      chatIntervalMs: e.ALERT_CHAT_INTERVAL_MS,
      groupPerMinute: e.ALERT_GROUP_PER_MINUTE,
    },
    ...(e.METRICS_PORT !== undefined ? { metricsPort: e.METRICS_PORT } : {}),
    metricsHost: e.METRICS_HOST,
    feeds,
    ...(e.CLOCK_START !== undefined ? { clockStart: e.CLOCK_START } : {}),
    web: {
      ...(e.WEB_PORT !== undefined ? { port: e.WEB_PORT } : {}),
      ...(webBeside !== undefined ? { besidePlatform: webBeside } : {}),
      host: e.WEB_HOST,
      ...(e.WEB_BASE_URL !== undefined ? { baseUrl: e.WEB_BASE_URL.replace(/\/+$/, '') } : {}),
      ...optional('tiles', tilesOf(e.WEB_TILES_URL, e.WEB_TILES_ATTRIBUTION, feeds.demo !== undefined)),
      pollSeconds: e.WEB_POLL_SECONDS,
      initDataMaxAgeSeconds: e.WEB_INIT_DATA_MAX_AGE_SECONDS,
    },
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** Every secret a config holds, for redactors: none of them may reach a log line or a reply. */
export function secretsOf(config: Config, platforms: readonly ChatPlatform[] = CHAT_PLATFORMS): string[] {
  return [
    ...servedPlatforms(config.platforms, platforms).flatMap(({ platform, settings }) => platform.secrets(settings)),
    ...passwordOf(config.store.redisUrl),
    ...config.feeds.secrets,
  ].filter((secret) => secret !== '');
}

function passwordOf(url: string | undefined): string[] {
  if (url === undefined) return [];
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password !== '' ? [password] : [];
  } catch {
    return [];
  }
}
