import { afterEach } from 'vitest';
import { DEMO_API_KEY, DEMO_APP_ID, startSimServer, type SimServer, type SimServerOptions } from '../../src/sim/index.js';

// Clocks the tests run the simulator at (Ottawa local time in the names; the instants are UTC).
export const AT = {
  /** Tuesday 2026-11-24 08:00 EST. */
  weekdayMorning: new Date('2026-11-24T13:00:00Z'),
  /** Tuesday 2026-11-24 23:30 EST. */
  weekdayLate: new Date('2026-11-25T04:30:00Z'),
  /** Wednesday 2026-11-25 00:40 EST: Tuesday's service still running. */
  afterMidnight: new Date('2026-11-25T05:40:00Z'),
  /** Wednesday 2026-11-25 01:45 EST: every route at Laurier has ended. */
  afterService: new Date('2026-11-25T06:45:00Z'),
  /** Saturday 2026-11-21 10:00 EST. */
  saturday: new Date('2026-11-21T15:00:00Z'),
  /** Sunday 2026-11-22 10:00 EST. */
  sunday: new Date('2026-11-22T15:00:00Z'),
  /** Sunday 2026-03-08 08:00 EDT, the morning clocks went forward. */
  springForward: new Date('2026-03-08T12:00:00Z'),
  /** Sunday 2026-11-01 08:00 EST, the morning clocks went back. */
  fallBack: new Date('2026-11-01T13:00:00Z'),
  /** Friday 2026-12-25 10:00 EST: Christmas runs the weekend service. */
  christmas: new Date('2026-12-25T15:00:00Z'),
} as const;

const open: SimServer[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** A simulator on a free port, closed after the test. */
export async function sim(options: SimServerOptions = {}): Promise<SimServer> {
  const server = await startSimServer(options);
  open.push(server);
  return server;
}

export function at(instant: Date): SimServerOptions {
  return { now: () => instant };
}

export interface Reply {
  status: number;
  contentType: string;
  body: string;
}

export const CREDENTIALS = { appID: DEMO_APP_ID, apiKey: DEMO_API_KEY };

export async function post(server: SimServer, operation: string, fields: Record<string, string>, credentials = CREDENTIALS): Promise<Reply> {
  const response = await fetch(`${server.url}/v1.2/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...credentials, ...fields }),
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
}

export async function postJson(server: SimServer, operation: string, fields: Record<string, string>, credentials = CREDENTIALS): Promise<any> {
  const reply = await post(server, operation, { ...fields, format: 'json' }, credentials);
  return JSON.parse(reply.body);
}
