// The one place that wires things: config -> logger -> store -> transit feed -> stop index ->
// bot core -> chat adapter (Telegram when its token is set, else the terminal chat), and takes
// them down again in reverse on SIGINT/SIGTERM or when the terminal chat's input ends.
import { GrammyError } from 'grammy';
import type { BotCore } from './bot/core.js';
import { createBotCore } from './bot/create-core.js';
import { createTelegramBot } from './chat/telegram/index.js';
import { startConsoleChat } from './chat/console/index.js';
import { ConfigError, loadConfigFromProcess, type Config } from './config.js';
import { createLogger, type Logger } from './log.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE, startSimServer } from './sim/index.js';
import { loadStopIndex, type StopIndex } from './stops/index.js';
import { createStore } from './store.js';
import { createTransitClient, type TransitClient } from './transit/index.js';

type Closer = { name: string; close: () => Promise<void> | void };

/** The only reader of the system clock; everything else gets this function. */
const now = () => new Date();

function readConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`arrivals-bot cannot start; fix these settings (environment or .env):\n${err.problems.map((p) => `  - ${p}\n`).join('')}`);
    process.exit(1);
  }
}

/** The real API with credentials; without them, the built-in v1.2 server on a free local port. */
async function openTransitFeed(config: Config, logger: Logger, closers: Closer[]): Promise<{ transit: TransitClient; demo: boolean }> {
  // In the terminal chat every failed request is already answered on screen ("Stop 9999 doesn't
  // exist"); a JSON warning between the replies would only repeat it. LOG_LEVEL=debug shows all.
  const terminal = config.telegram === undefined;
  const transitLogger = terminal && !logger.isLevelEnabled('debug') ? logger.child({ component: 'transit' }, { level: 'error' }) : logger;
  const common = {
    format: config.transit.format,
    timeoutMs: config.transit.timeoutMs,
    cacheTtlMs: { nextTrips: config.transit.cacheSeconds.nextTrips * 1000, routeSummary: config.transit.cacheSeconds.routeSummary * 1000 },
    logger: transitLogger,
    now: () => now().getTime(),
  };
  if (config.transit.credentials !== undefined) {
    return { transit: createTransitClient({ ...common, baseUrl: config.transit.baseUrl, ...config.transit.credentials }), demo: false };
  }
  // The demo server logs each request; in a terminal chat only its problems are worth showing.
  const simLogger = logger.child({ component: 'demo-feed' }, { level: logger.isLevelEnabled('debug') ? logger.level : 'warn' });
  const sim = await startSimServer({ port: 0, host: '127.0.0.1', now, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, logger: simLogger });
  closers.push({ name: 'demo feed', close: () => sim.close() });
  process.stderr.write(`No OC_APP_ID/OC_API_KEY set: using the built-in demo feed at ${sim.url} (a small network of real stops, simulated times).\n`);
  return { transit: createTransitClient({ ...common, baseUrl: sim.url, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY }), demo: true };
}

/** Stops by location and name: GTFS_STOPS_FILE, else the demo network's. Optional: the bot works without. */
async function openStopIndex(config: Config, demo: boolean, logger: Logger): Promise<StopIndex | undefined> {
  const file = config.gtfsStopsFile ?? (demo ? DEMO_STOPS_FILE : undefined);
  if (file === undefined) return undefined;
  try {
    return await loadStopIndex(file);
  } catch (err) {
    logger.warn({ err, file }, 'stop index not loaded; /stop by name and locations are off');
    return undefined;
  }
}

interface AdapterDeps {
  core: BotCore;
  logger: Logger;
  stops?: StopIndex | undefined;
}

/** Telegram runs until a signal stops it (the promise then never settles) or polling fails for good. */
async function startTelegram(config: Config, deps: AdapterDeps, closers: Closer[]): Promise<never> {
  const telegram = config.telegram!;
  const bot = createTelegramBot({
    token: telegram.token,
    ...(telegram.apiRoot !== undefined ? { apiRoot: telegram.apiRoot } : {}),
    ...(telegram.webhook !== undefined ? { webhook: telegram.webhook } : {}),
    core: deps.core,
    ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
    logger: deps.logger.child({ component: 'telegram' }),
    now: () => now().getTime(),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  closers.push({ name: 'telegram', close: () => bot.stop() });
  // While Telegram is unreachable grammY keeps trying (the bot starts when the network is back);
  // say so rather than sit silent. A refused token is final.
  const waiting = setTimeout(() => deps.logger.warn('Telegram is not answering yet; still trying to connect'), 10_000);
  try {
    await bot.start();
  } catch (err) {
    if (err instanceof GrammyError && err.error_code === 401) throw new Error('Telegram refused the bot token (401): check TELEGRAM_BOT_TOKEN');
    throw err;
  } finally {
    clearTimeout(waiting);
  }
  // Resolves only after a signal's stop(); rejects when polling ends by itself (a revoked token,
  // another poller), so the process exits 1 for its supervisor to see.
  await bot.ended();
  return new Promise<never>(() => {});
}

/** The terminal chat ends with its input; the returned promise settles then. */
function startTerminal(deps: AdapterDeps, languageCode: string | undefined, closers: Closer[]): Promise<void> {
  // The system locale is the terminal's "platform language code".
  const terminal = startConsoleChat({
    core: deps.core,
    input: process.stdin,
    output: process.stdout,
    interactive: process.stdin.isTTY === true,
    ...(languageCode !== undefined ? { languageCode } : {}),
    logger: deps.logger,
  });
  // Closed first, and awaited: a reply under way finishes before the feed and the store go.
  closers.push({ name: 'terminal chat', close: () => (terminal.close(), terminal.done) });
  return terminal.done;
}

async function closeAll(closers: Closer[], logger: Logger): Promise<void> {
  for (const closer of closers.reverse()) {
    try {
      await closer.close();
    } catch (err) {
      logger.warn({ err, what: closer.name }, 'error while closing');
    }
  }
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const logger = createLogger(config.logLevel);
  const closers: Closer[] = [];

  const store = createStore({ ...config.store, logger });
  closers.push({ name: 'store', close: () => store.disconnect() });
  const { transit, demo } = await openTransitFeed(config, logger, closers);
  const stops = await openStopIndex(config, demo, logger);
  const core = createBotCore({ transit, store, now, logger, ...(stops !== undefined ? { stops } : {}) });

  const finished = config.telegram !== undefined
    ? startTelegram(config, { core, logger, stops }, closers)
    : startTerminal({ core, logger }, config.terminalLanguage, closers);

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.debug({ reason }, 'shutting down');
    // A hung close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await closeAll(closers, logger);
    // Let piped stdout drain before exiting, or the last reply could be cut off.
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await finished;
  await stop('input ended');
}

main().catch((err: unknown) => {
  process.stderr.write(`arrivals-bot stopped: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
