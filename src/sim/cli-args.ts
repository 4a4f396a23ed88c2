import { parseArgs } from 'node:util';
import { DEMO_API_KEY, DEMO_APP_ID } from './credentials.js';
import { FAULT_FAILURES, faultsSchema, type Faults } from './faults.js';

// `npm run sim -- --port 8089 [--host H] [--app-id X] [--api-key Y] [--fault KIND] [--latency-ms N]
// [--at INSTANT]`; SIM_PORT, SIM_HOST, SIM_APP_ID, SIM_API_KEY as fallbacks. The fault flags start a
// drill without a call to /__sim/faults; --at runs the clock from another instant (a weekday rush
// hour for a benchmark, a late evening for a demo). Pure: the caller passes argv and env.

export interface SimCliOptions {
  port: number;
  host: string;
  appId: string;
  apiKey: string;
  faults: Faults;
  /** Epoch ms the simulated clock starts from; absent: the real time. */
  startAt?: number;
}

const DEFAULT_SIM_PORT = 8089;

export const SIM_USAGE =
  'usage: npm run sim -- [--port 8089] [--host 127.0.0.1] [--app-id ID] [--api-key KEY] ' +
  `[--fault ${FAULT_FAILURES.join('|')}] [--latency-ms N] [--at 2026-11-24T08:00-05:00]`;

export function parseSimArgs(argv: string[], env: Record<string, string | undefined>): SimCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'app-id': { type: 'string' },
      'api-key': { type: 'string' },
      fault: { type: 'string' },
      'latency-ms': { type: 'string' },
      at: { type: 'string' },
    },
    strict: true,
  });
  const portText = values.port ?? env.SIM_PORT ?? String(DEFAULT_SIM_PORT);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) throw new Error(`--port must be 0-65535, got ${JSON.stringify(portText)}`);
  const options: SimCliOptions = {
    port,
    host: values.host ?? env.SIM_HOST ?? '127.0.0.1',
    appId: values['app-id'] ?? env.SIM_APP_ID ?? DEMO_APP_ID,
    apiKey: values['api-key'] ?? env.SIM_API_KEY ?? DEMO_API_KEY,
    faults: faultFlags(values.fault, values['latency-ms']),
  };
  if (values.at !== undefined) options.startAt = instant(values.at);
  return options;
}

/** An ISO 8601 instant with its offset (or Z): a local time without one would be ambiguous here. */
function instant(text: string): number {
  const ms = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw new Error(`--at must be an ISO instant with an offset, e.g. 2026-11-24T08:00-05:00, got ${JSON.stringify(text)}`);
  return ms;
}

/** Checked by the same schema as /__sim/faults, so a flag accepts exactly what the endpoint does. */
function faultFlags(fault: string | undefined, latencyText: string | undefined): Faults {
  const flags: Record<string, unknown> = {};
  if (fault !== undefined) flags.failure = fault;
  if (latencyText !== undefined) flags.latencyMs = /^\d+$/.test(latencyText) ? Number(latencyText) : latencyText;
  const checked = faultsSchema.safeParse(flags);
  if (checked.success) return checked.data;
  if (checked.error.issues.some((issue) => issue.path[0] === 'failure')) {
    throw new Error(`--fault must be one of ${FAULT_FAILURES.join(', ')}, got ${JSON.stringify(fault)}`);
  }
  throw new Error(`--latency-ms must be a whole number of milliseconds up to 120000, got ${JSON.stringify(latencyText)}`);
}
