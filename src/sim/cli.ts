import { parseSimArgs, SIM_USAGE } from './cli-args.js';
import { DEMO_API_KEY } from './credentials.js';
import { startSimServer } from './server.js';
import { createLogger } from '../log.js';

// `npm run sim`: the simulator as a process. One line on stdout says where it listens and which
// credentials to use (a key of the operator's own is not echoed: it may be a real one); request
// logs go to stderr (pino). SIGINT/SIGTERM close it cleanly.

let options;
try {
  options = parseSimArgs(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${SIM_USAGE}`);
  process.exit(2);
}

const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
const server = await startSimServer({ ...options, logger, now: clockFrom(options.startAt) });
const shownKey = options.apiKey === DEMO_API_KEY ? DEMO_API_KEY : '(as given, not shown)';
console.log(`OC Transpo v1.2 simulator listening on ${server.url} (appID=${options.appId} apiKey=${shownKey})`);
if (Object.keys(options.faults).length > 0) logger.warn({ faults: options.faults }, 'simulator started with faults');
if (options.startAt !== undefined) logger.info({ startAt: new Date(options.startAt).toISOString() }, 'simulated clock');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'simulator shutting down');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'simulator did not close cleanly');
        process.exit(1);
      },
    );
  });
}

/** The real clock, or one that starts at `startAt` and runs at real speed from there. */
function clockFrom(startAt: number | undefined): () => Date {
  if (startAt === undefined) return () => new Date();
  const launched = performance.now();
  return () => new Date(startAt + (performance.now() - launched));
}
