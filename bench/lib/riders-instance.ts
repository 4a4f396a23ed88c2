// One bot instance for the riders bench, run as a process of its own (so that two instances are
// two event loops, as two replicas would be): `node --import tsx bench/lib/riders-instance.ts '<json>'`.
//   kind "bot":  the project's Telegram adapter in webhook mode, wired as main.ts wires it (store,
//                v1.2 source with its stop index, core), against the given Bot API and v1.2 server;
//   kind "bare": a grammY bot answering every message with a fixed text through grammY's own
//                webhook handler: what any grammY bot costs on the same fake, the floor.
// Prints {"port":N} once it listens. On stdin, "mark" starts counting CPU from now, "cpu" prints
// {"cpuMs":N} (the process's CPU since the mark), "stop" stops it and prints {"maxRssMb":N}.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Bot, webhookCallback } from 'grammy';
import { createBotCore } from '../../src/core/index.js';
import { inTodaysFeeds } from '../../src/core/todays-feeds.js';
import { createTelegramBot } from '../../src/chat/telegram/index.js';
import { clockStartingAt } from '../../src/domain/clock-start.js';
import { createLogger } from '../../src/log.js';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE } from '../../src/sim/index.js';
import { openTransitSource } from '../../src/sources/open.js';
import { openStore } from '../../src/store/index.js';
import { BARE_REPLY, type InstanceSettings } from './riders-settings.js';

async function startBare(s: InstanceSettings): Promise<{ port: number; stop(): Promise<void> }> {
  const bot = new Bot(s.token, { client: { apiRoot: s.apiRoot } });
  await bot.init();
  bot.on('message', (ctx) => ctx.reply(BARE_REPLY));
  const handle = webhookCallback(bot, 'http', { secretToken: s.secret });
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function startBot(s: InstanceSettings): Promise<{ port: number; stop(): Promise<void> }> {
  const now = clockStartingAt(new Date(s.clockStart!));
  // Problems only, on stderr (the parent passes it through): a failing answer shows.
  const logger = createLogger('warn');
  const store = await openStore({
    dataDir: s.dataDir!,
    namespace: s.namespace!,
    logger,
    ...(s.redisUrl !== undefined ? { redisUrl: s.redisUrl } : {}),
  });
  const opened = await openTransitSource(
    {
      kind: 'octranspo-v12',
      v12: {
        baseUrl: s.simUrl!,
        appId: DEMO_APP_ID,
        apiKey: DEMO_API_KEY,
        format: 'xml',
        timeoutMs: 8_000,
        // 0: nothing kept (requests under way are still shared, as the client always does).
        cacheSeconds: s.cache === false ? { nextTrips: 0, routeSummary: 0 } : { nextTrips: 30, routeSummary: 86_400 },
        stopsFile: DEMO_STOPS_FILE,
      },
    },
    { dataDir: s.dataDir!, now, logger, quietRequests: false },
  );
  const repositories = inTodaysFeeds(store, opened.source.identifiers);
  const core = createBotCore({
    transit: opened.source,
    chats: store.chats,
    savedStops: repositories.savedStops,
    subscriptions: repositories.subscriptions,
    now,
    logger,
    ...(opened.stops !== undefined ? { stops: opened.stops } : {}),
  });
  const telegram = createTelegramBot({
    token: s.token,
    apiRoot: s.apiRoot,
    webhook: { url: `https://bot.example.org${s.path}`, secret: s.secret, port: 0, host: '127.0.0.1' },
    core,
    lifecycle: store.lifecycle,
    ...(opened.stops !== undefined ? { stops: opened.stops } : {}),
    logger,
    clock: now,
  });
  await telegram.start();
  return {
    port: telegram.webhookPort()!,
    async stop() {
      await telegram.stop();
      await opened.close();
      await store.close();
    },
  };
}

const settings = JSON.parse(process.argv[2]!) as InstanceSettings;
const instance = settings.kind === 'bare' ? await startBare(settings) : await startBot(settings);
let cpuFrom = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ port: instance.port })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'mark') cpuFrom = process.cpuUsage();
  if (line === 'cpu') {
    const cpu = process.cpuUsage(cpuFrom);
    process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  }
  if (line === 'stop') {
    await instance.stop();
    process.stdout.write(`${JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
    process.exit(0);
  }
}
