import { parseSimArgs, SIM_USAGE } from './cli-args.js';
import { startSimServer } from './server.js';
import { createLogger } from '../log.js';

// `npm run sim`: the simulator as a process. One line on stdout says where it listens and which
// credentials to use; request logs go to stderr (pino). SIGINT/SIGTERM close it cleanly.

let options;
try {
  options = parseSimArgs(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${SIM_USAGE}`);
  process.exit(2);
}

const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
const server = await startSimServer({ ...options, logger });
console.log(`OC Transpo v1.2 simulator listening on ${server.url} (appID=${options.appId} apiKey=${options.apiKey})`);

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
