// The one place that wires things: config -> logger -> store -> the feeds (and their stop index) ->
// core -> ops (metrics and health, served on METRICS_PORT) -> every registered chat platform that
// is set up (the terminal chat when none is) -> the pushes over their notifiers and live editors;
// takes them down again in reverse on SIGINT/SIGTERM, when the terminal chat's input ends, or when
// an adapter fails for good.
import type { Health } from './domain/health.js';
import { createOps, type Ops } from './ops/ops.js';
import { instanceName, startPushes } from './pushes/start-pushes.js';
import { memorySharedRate } from './pushes/memory-shared-rate.js';
import { svgToPng } from './render/svg-to-png.js';
import { createBotCore, inTodaysFeeds, type PushRendering, type RiderAnswers, type Speaking } from './core/index.js';
import type { ChatAdapter } from './chat/adapter.js';
import { chatTypeOf, openPlatforms, servedPlatforms, servesTerminal } from './chat/platforms.js';
import type { WebPages } from './chat/platform.js';
import { systemClock, type Clock } from './domain/clock.js';
import { ConfigError, loadConfigFromProcess, secretsOf, SHORTHAND_FEED_ID, type Config, type FeedsConfig } from './config/index.js';
import type { OpenedSource } from './sources/kind.js';
import type { FeedEntry } from './sources/kinds.js';
import { openFeeds } from './sources/open.js';
import { createLogger, fileLogOutput, heldLogOutput, type Logger } from './log.js';
import {
  DEMO_ALERTS_HEADER,
  DEMO_ALERTS_PATH,
  DEMO_API_KEY,
  DEMO_APP_ID,
  DEMO_GTFS_PATH,
  DEMO_STOPS_FILE,
  DEMO_VEHICLES_PATH,
  startSimServer,
} from './sim/index.js';
import { join } from 'node:path';
import { createWebHandler, mapAddress, startWebServer } from './web/index.js';
import { openGtfsFeed, type OpenedGtfsFeed } from './sources/gtfs/open-feed.js';
import { localeFromCode } from './core/index.js';
import type { SavedStopsRepository } from './domain/store-ports.js';
import { TransitError } from './domain/transit-error.js';
import type { StopIndex } from './domain/stop-index.js';
import { openStore, StoreError, type Store } from './store/index.js';
import type { TransitSource } from './domain/transit-source.js';
import { clockStartingAt } from './domain/clock-start.js';
import { fatalMessage } from './util/fatal-message.js';

type Closer = { name: string; close: () => Promise<void> | void };

/**
 * What main has started, closed in reverse order on the way out. A part that finishes starting
 * after the way out began (a signal during start-up) is closed at once instead of being left open.
 */
interface Closers {
  add(closer: Closer): void;
  closeAll(): Promise<void>;
}

function createClosers(logger: Logger): Closers {
  const open: Closer[] = [];
  let closing = false;
  const closeOne = async (closer: Closer) => {
    try {
      await closer.close();
      logger.debug({ what: closer.name }, 'closed');
    } catch (err) {
      logger.warn({ err, what: closer.name }, 'error while closing');
    }
  };
  return {
    add(closer) {
      if (closing) void closeOne(closer);
      else open.push(closer);
    },
    async closeAll() {
      closing = true;
      for (const closer of open.splice(0).reverse()) await closeOne(closer);
    },
  };
}

/** Every secret the settings hold, so that not even the last-resort message can print one. */
let secrets: string[] = [];

/** Past this a hung close is cut short; adapters' own drain (5 s) ends well before. */
const HARD_EXIT_MS = 15_000;
// CLOCK_START moves it, once, before anything reads it.
let now: Clock = systemClock;

function readConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`arrivals-bot cannot start; fix these settings (environment or .env):\n${err.problems.map((p) => `  - ${p}\n`).join('')}`);
    process.exit(1);
  }
}

/** The terminal chat's screen shared with the log: only when LOG_FILE=stderr says so. */
function logsOnTerminal(config: Config): boolean {
  return servesTerminal(config.platforms) && config.logFile === undefined;
}

/** The feeds the settings list, each opened by its kind; none: the embedded demo, on a free local port. */
async function openSource(
  config: Config,
  logger: Logger,
  closers: Closers,
  store: Pick<Store, 'pollShare' | 'accuracy' | 'sharedRate'>,
  instance: string,
): Promise<OpenedSource> {
  const demo = config.feeds.demo;
  // With the log on the terminal's screen, every failed request is already answered there ("Stop
  // 9999 doesn't exist"); a JSON warning between the replies would only repeat it. LOG_LEVEL=debug shows all.
  const options = {
    dataDir: config.store.dataDir,
    now,
    logger,
    quietRequests: logsOnTerminal(config),
    folders: config.feeds.folders,
    // Each feed's predictions scored as it is polled, the figures kept in the store (/reliability).
    accuracy: { records: store.accuracy, days: config.accuracyDays },
    // Instances on one Redis poll each feed once between them.
    ...(store.pollShare !== undefined ? { sharedPolls: { polls: store.pollShare, holder: instance } } : {}),
    // Instances on one Redis ask each agency within one request budget; one instance alone keeps
    // the same pace in memory. The demo is left out: each instance's demo server is its own.
    ...(demo === undefined ? { sharedRate: store.sharedRate ?? memorySharedRate() } : {}),
    ...(servesTerminal(config.platforms) ? { waitForSchedule: process.stderr } : {}),
  };
  const demoEntry = demo !== undefined ? await demoFeed(demo, logger, closers) : undefined;
  const opened = await openFeeds(demoEntry !== undefined ? [demoEntry.entry] : config.feeds.list, options);
  closers.add({ name: 'transit source', close: () => opened.close() });
  if (demoEntry === undefined) return opened;
  return { ...opened, source: demoDrawings(opened.source, demoEntry.simUrl, config, logger, closers) };
}

/**
 * The demo's drawings, its live map and /line, and its later times (/next 3017 95 tomorrow): the
 * v1.2 API knows no route's line, no list of its vehicles and no timetable, so all three read the
 * same network through the demo server's GTFS twin (its zip and
 * VehiclePositions, which place each bus where the v1.2 answers do); words, stops, arrivals and
 * disruptions stay the v1.2 feed's. The twin is opened and imported when a drawing is first asked
 * for, so that a demo nobody draws starts and stops as fast as before.
 */
function demoDrawings(source: TransitSource, simUrl: string, config: Config, logger: Logger, closers: Closers): TransitSource {
  let twin: Promise<OpenedGtfsFeed> | undefined;
  const open = async () => {
    const opened = await openGtfsFeed(
      {
        scheduleUrl: `${simUrl}${DEMO_GTFS_PATH}`,
        vehiclePositionsUrl: `${simUrl}${DEMO_VEHICLES_PATH}`,
        headers: { [DEMO_ALERTS_HEADER]: DEMO_API_KEY },
        refreshSeconds: 5,
      },
      { dataDir: join(config.store.dataDir, 'demo-map'), now, logger: logger.child({ component: 'demo-map' }, { level: 'warn' }), refresh: false },
    );
    if (!opened.transit.hasSchedule() && (await opened.transit.refreshSchedule()) === 'failed') {
      await opened.transit.close();
      throw new TransitError('unavailable', 'the demo map could not import its schedule');
    }
    closers.add({ name: 'demo map', close: () => opened.transit.close() });
    return opened;
  };
  // A failed opening is tried again by the next drawing asked for.
  const opened = () =>
    (twin ??= open().catch((err: unknown) => {
      twin = undefined;
      throw err;
    }));
  return {
    ...source,
    routeMap: async (query) => (await opened()).transit.routeMap!(query),
    routeLine: async (route, stop) => (await opened()).transit.routeLine!(route, stop),
    // The v1.2 API knows only the next trips; the twin's schedule answers for a later time.
    laterTrips: async (stop, route, query) => (await opened()).transit.laterTrips!(stop, route, query),
  };
}

/** The built-in v1.2 server with its demo network, started here, as the one feed. */
async function demoFeed(demo: NonNullable<FeedsConfig['demo']>, logger: Logger, closers: Closers): Promise<{ entry: FeedEntry; simUrl: string }> {
  // The demo server logs each request; in a terminal chat only its problems are worth showing.
  const simLogger = logger.child({ component: 'demo-feed' }, { level: logger.isLevelEnabled('debug') ? logger.level : 'warn' });
  const sim = await startSimServer({ port: 0, host: '127.0.0.1', now, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, logger: simLogger });
  closers.add({ name: 'demo feed', close: () => sim.close() });
  process.stderr.write(`No OC_APP_ID/OC_API_KEY set: using the built-in demo feed at ${sim.url} (a small network of real stops, simulated times).\n`);
  const entry: FeedEntry = {
    id: SHORTHAND_FEED_ID,
    source: {
      kind: 'octranspo-v12',
      v12: { ...demo, baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, stopsFile: demo.stopsFile ?? DEMO_STOPS_FILE },
    },
    // The demo's disruptions, so that one shows offline (route 95, Laurier 3020).
    disruptions: [
      { kind: 'gtfs-rt-alerts', url: `${sim.url}${DEMO_ALERTS_PATH}`, headers: { [DEMO_ALERTS_HEADER]: DEMO_API_KEY }, refreshSeconds: 60 },
    ],
  };
  return { entry, simUrl: sim.url };
}

/** Every registered platform that is set up; the terminal chat when none is. */
function chatAdapters(
  config: Config,
  core: RiderAnswers & Speaking,
  logger: Logger,
  stops: StopIndex | undefined,
  store: Store,
  health: Health,
  web: WebPages | undefined,
): ChatAdapter[] {
  return openPlatforms(config.platforms, {
    core,
    lifecycle: store.lifecycle,
    health,
    ...(web !== undefined ? { web } : {}),
    ...(stops !== undefined ? { stops } : {}),
    liveMessages: store.liveMessages,
    logger,
    clock: now,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
}

/** Starts an adapter, waiting it out aloud: while a platform is unreachable its library keeps trying. */
async function startAdapter(adapter: ChatAdapter, logger: Logger): Promise<void> {
  const waiting = setTimeout(() => logger.warn({ platform: adapter.platform }, 'the platform is not answering yet; still trying to connect'), 10_000);
  try {
    await adapter.start();
  } finally {
    clearTimeout(waiting);
  }
}

/**
 * Metrics and health: made before the adapters (the webhook server answers the same probes), served
 * on METRICS_PORT from now on, closed last but the store and the source.
 */
async function startOps(config: Config, logger: Logger, transit: TransitSource, mapBeside: boolean, closers: Closers): Promise<Ops> {
  const ops = createOps({ clock: now, feeds: () => transit.status?.() ?? [] });
  // Served with the live map beside it instead (startWeb), when WEB_PORT is the same port.
  if (config.metricsPort !== undefined && !mapBeside) {
    const server = await ops.serve({ port: config.metricsPort, host: config.metricsHost, logger });
    closers.add({ name: 'ops server', close: () => server.close() });
  }
  return ops;
}

/**
 * The live map (src/web/): on WEB_PORT, beside the metrics when that is METRICS_PORT, beside the
 * Telegram webhook when it is that server's port (its pages handed to the platform, served once it
 * listens), or for the terminal chat on any free local port, whose address the terminal prints.
 * Returns the base riders' links open (WEB_BASE_URL; the local address for the terminal), or
 * undefined when none is offered.
 */
async function startWeb(
  config: Config,
  logger: Logger,
  transit: TransitSource,
  speaking: Speaking,
  savedStops: SavedStopsRepository,
  ops: Ops,
  closers: Closers,
  besidePlatform: { pages?: WebPages },
): Promise<string | undefined> {
  const terminal = servesTerminal(config.platforms);
  const port = config.web.port ?? (terminal ? 0 : undefined);
  if (port === undefined) return undefined;
  if (transit.routeMap === undefined) {
    // Said once, so that an operator who set WEB_PORT knows why nothing listens there.
    if (config.web.port !== undefined) logger.warn({ port }, 'live map not served: no feed draws route maps (the v1.2 API has no route lines)');
    return undefined;
  }
  const token = config.platforms.telegram?.token;
  const handler = createWebHandler({
    transit,
    t: (locale, id, args) => speaking.t(locale, id, args),
    localeFromCode,
    savedStops,
    ...(token !== undefined ? { botToken: token } : {}),
    initDataMaxAgeSeconds: config.web.initDataMaxAgeSeconds,
    ...(config.web.tiles !== undefined ? { tiles: config.web.tiles } : {}),
    pollSeconds: config.web.pollSeconds,
    now,
    logger: logger.child({ component: 'web' }, terminal ? { level: 'warn' } : {}),
  });
  if (config.web.besidePlatform !== undefined) {
    besidePlatform.pages = handler;
    return config.web.baseUrl;
  }
  let local: string;
  if (port === config.metricsPort) {
    const server = await ops.serve({ port, host: config.metricsHost, logger, beside: handler });
    closers.add({ name: 'ops server with the live map', close: () => server.close() });
    local = `http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${server.port}`;
  } else {
    const server = await startWebServer({ port, host: config.web.host, handler, logger });
    closers.add({ name: 'live map', close: () => server.close() });
    local = server.localUrl.replace(/\/map$/, '');
  }
  // A chat platform's buttons need an address riders can reach: the public one; the terminal's reader is on this machine.
  const base = config.web.baseUrl ?? (terminal ? local : undefined);
  if (terminal && base !== undefined) {
    const { route, stop } = transit.profile().examples;
    process.stderr.write(`${speaking.t(localeFromCode(undefined), 'map-link', { url: mapAddress(base, route, stop) })}\n`);
  }
  return base;
}

/**
 * The pushes (alerts, disruptions, live messages), once the adapters whose notifiers and editors
 * they go through are up; closed before them (closers run in reverse), so sends and edits under way
 * finish while the platforms are still there.
 */
function startPushesOver(
  config: Config,
  logger: Logger,
  core: PushRendering & RiderAnswers & Speaking,
  store: Store,
  transit: TransitSource,
  adapters: ChatAdapter[],
  ops: Ops,
  closers: Closers,
  instance: string,
): void {
  // In the terminal chat a tick's info line would come between the replies; problems still show.
  const quiet = logsOnTerminal(config) && !logger.isLevelEnabled('debug');
  const pushes = startPushes({
    core,
    store,
    instance,
    transit,
    notifiers: adapters.map((adapter) => adapter.notifier),
    chatTypeOf,
    liveEditors: adapters.flatMap((adapter) => (adapter.liveEditor !== undefined ? [adapter.liveEditor] : [])),
    editLimits: Object.fromEntries(servedPlatforms(config.platforms).map(({ platform }) => [platform.name, platform.editLimits])),
    settings: config.alerts,
    metrics: ops.metrics,
    clock: now,
    logger: logger.child({ component: 'pushes' }, quiet ? { level: 'warn' } : {}),
    ...(config.store.redisUrl !== undefined ? { redisUrl: config.store.redisUrl } : {}),
  });
  closers.add({ name: 'pushes', close: () => pushes.stop() });
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  secrets = secretsOf(config);
  if (config.clockStart !== undefined) now = clockStartingAt(config.clockStart);
  // A log file lives in DATA_DIR, which the store creates: lines wait for it, then go there.
  const heldLog = config.logFile !== undefined ? heldLogOutput() : undefined;
  const logger = createLogger(config.logLevel, heldLog);
  const closers = createClosers(logger);
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.debug({ reason }, 'shutting down');
    setTimeout(() => process.exit(1), HARD_EXIT_MS).unref();
    await closers.closeAll();
    // Let piped stdout drain before exiting, or the last reply could be cut off.
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const store = await openStore({ ...config.store, logger, now, riderReports: config.riderReports });
  closers.add({ name: 'store', close: () => store.close() });
  if (heldLog !== undefined && config.logFile !== undefined) {
    heldLog.sendTo(fileLogOutput(config.logFile));
    // Never between a rider's question and its answer: the terminal is told once where the log is.
    if (servesTerminal(config.platforms)) process.stderr.write(`Logs go to ${config.logFile} (LOG_FILE=stderr shows them here).\n`);
  }
  const instance = instanceName();
  const { source: transit, stops } = await openSource(config, logger, closers, store, instance);
  // Stops stored (saved, subscribed, live messages) under another set of feeds, read in today's form.
  const repositories = inTodaysFeeds(store, transit.identifiers);
  // Known once the live map listens (below, after the core): until then, and without one, no map is offered.
  const mapAt = { base: undefined as string | undefined };
  const core = createBotCore({
    transit,
    mapAddress: (route, stop) => (mapAt.base === undefined ? undefined : mapAddress(mapAt.base, route, stop)),
    chats: store.chats,
    savedStops: repositories.savedStops,
    places: store.places,
    subscriptions: repositories.subscriptions,
    now,
    logger,
    ...(stops !== undefined ? { stops } : {}),
    // /line's drawings made PNG (resvg, the bundled Noto Sans).
    drawPng: svgToPng(),
    // RIDER_REPORTS=off: no 👻 button, and a press of an earlier one is told reports are off.
    ...(config.riderReports ? { riderReports: store.riderReports } : {}),
  });

  const mapBeside = transit.routeMap !== undefined && config.web.port !== undefined && config.web.port === config.metricsPort;
  const ops = await startOps(config, logger, transit, mapBeside, closers);
  const mapPages: { pages?: WebPages } = {};
  mapAt.base = await startWeb(config, logger, transit, core, repositories.savedStops, ops, closers, mapPages);
  const adapters = chatAdapters(config, core, logger, stops, repositories, ops.health, mapPages.pages);
  for (const adapter of adapters) {
    // Closed first, and awaited: answers under way finish before the feed and the store go.
    closers.add({ name: adapter.platform, close: () => adapter.stop() });
    await startAdapter(adapter, logger);
  }
  logger.debug({ platforms: adapters.map((adapter) => adapter.platform) }, 'serving');
  startPushesOver(config, logger, core, repositories, transit, adapters, ops, closers, instance);

  try {
    await Promise.race(adapters.map((adapter) => adapter.ended()));
    await stop('input ended');
  } catch (err) {
    const line = fatalMessage(err, secrets);
    logger.error({ error: line }, 'a chat adapter stopped by itself');
    process.stderr.write(`arrivals-bot stopped: ${line}\n`);
    await stop('adapter failed', 1);
  }
}

main().catch((err: unknown) => {
  // Settings, the store and the platforms refuse with one clear line; anything else is a bug.
  // A store that cannot open says so in one line of its own (its cause is for the debug log).
  const line =
    err instanceof StoreError
      ? `arrivals-bot cannot start: ${fatalMessage(err.message, secrets)}`
      : `arrivals-bot stopped: ${fatalMessage(err, secrets)}`;
  process.stderr.write(`${line}\n`);
  process.exit(1);
});
