import { parseArgs } from 'node:util';
import { DEMO_API_KEY, DEMO_APP_ID } from './credentials.js';

// `npm run sim -- --port 8089 [--host H] [--app-id X] [--api-key Y]`; SIM_PORT, SIM_HOST,
// SIM_APP_ID, SIM_API_KEY as fallbacks. Pure: the caller passes argv and env.

export interface SimCliOptions {
  port: number;
  host: string;
  appId: string;
  apiKey: string;
}

export const DEFAULT_SIM_PORT = 8089;

export const SIM_USAGE = 'usage: npm run sim -- [--port 8089] [--host 127.0.0.1] [--app-id ID] [--api-key KEY]';

export function parseSimArgs(argv: string[], env: Record<string, string | undefined>): SimCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'app-id': { type: 'string' },
      'api-key': { type: 'string' },
    },
    strict: true,
  });
  const portText = values.port ?? env.SIM_PORT ?? String(DEFAULT_SIM_PORT);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) throw new Error(`--port must be 0-65535, got ${JSON.stringify(portText)}`);
  return {
    port,
    host: values.host ?? env.SIM_HOST ?? '127.0.0.1',
    appId: values['app-id'] ?? env.SIM_APP_ID ?? DEMO_APP_ID,
    apiKey: values['api-key'] ?? env.SIM_API_KEY ?? DEMO_API_KEY,
  };
}
