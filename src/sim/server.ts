import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { answer, failureResponse, isOperation, type Operation } from './api.js';
import { control } from './control.js';
import { DEMO_API_KEY, DEMO_APP_ID } from './credentials.js';
import { loadDemoNetwork } from './demo-network.js';
import { FaultPlan, type FaultForRequest, type Faults } from './faults.js';
import { DEMO_DISRUPTIONS } from './disruptions.js';
import type { TripChanges } from './trip-updates.js';
import { isGtfsPath, serveGtfs } from './gtfs-rt.js';
import type { SimNetwork } from './network.js';
import { BodyTooLarge, readBody, requestParams, type Params } from './request.js';
import { send, text, type SimResponse } from './response.js';
import { SimStats } from './stats.js';
import { silentLogger, type Logger } from '../log.js';

// The HTTP side: routes /v1.2/<Operation> and /__sim/..., applies the fault plan, logs one line
// per request (never the key), and closes cleanly with keep-alive connections open.

export interface SimServerOptions {
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: the real time. */
  now?: () => Date;
  appId?: string;
  apiKey?: string;
  faults?: Faults;
  logger?: Logger;
  /** Default: the embedded demo network. */
  network?: SimNetwork;
}

export interface SimServer {
  /** Base URL, e.g. http://127.0.0.1:8089 (the API is under /v1.2/). */
  url: string;
  port: number;
  setFaults(faults: Faults): void;
  /** Replaces the demo disruptions served at /gtfs-rt/alerts (GTFS-Realtime Alert entities, as protobufjs objects). */
  setDisruptions(entities: readonly unknown[]): void;
  /** What /gtfs-rt/trip-updates says of chosen trips from now on: cancelled, dropped, skipping a stop (none: as planned). */
  setTripChanges(changes: TripChanges): void;
  close(): Promise<void>;
}

export async function startSimServer(options: SimServerOptions = {}): Promise<SimServer> {
  const network = options.network ?? loadDemoNetwork();
  const now = options.now ?? (() => new Date());
  const appId = options.appId ?? DEMO_APP_ID;
  const apiKey = options.apiKey ?? DEMO_API_KEY;
  const logger = options.logger ?? silentLogger();
  const faults = new FaultPlan(options.faults);
  const stats = new SimStats();
  let disruptions: readonly unknown[] = DEMO_DISRUPTIONS;
  let tripChanges: TripChanges = {};

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests += 1;
    const started = process.hrtime.bigint();
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const method = req.method ?? 'GET';
    const log: Record<string, unknown> = { method, path: url.pathname };
    res.on('finish', () => {
      logger.info({ ...log, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'sim request');
    });
    res.on('close', () => {
      if (!res.writableFinished) logger.info({ ...log, status: 'closed' }, 'sim request');
    });

    const body = await readBody(req);
    if (url.pathname.startsWith('/__sim/')) return send(res, control(method, url.pathname, body, faults, stats));
    if (isGtfsPath(url.pathname))
      return serveGtfs(req, res, url.pathname, { network, nowMs: now().getTime(), apiKey, faults, log, disruptions, tripChanges });

    const operation = /^\/v1\.2\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
    if (!isOperation(operation)) return send(res, text(404, 'API method not found'));
    if (method !== 'POST') return send(res, { ...text(405, 'Method not allowed: use POST'), headers: { allow: 'POST' } });

    const params = requestParams(url, body);
    stats.countApi(operation);
    Object.assign(log, describe(operation, params));
    const fault = faults.take();
    if (fault) await applyFault(fault, operation, params, res, log);
    else send(res, answer(operation, params, { network, nowMs: now().getTime(), appId, apiKey }));
  }

  async function applyFault(fault: FaultForRequest, operation: Operation, params: Params, res: ServerResponse, log: Record<string, unknown>) {
    if (fault.latencyMs > 0) {
      stats.countFault('latency');
      log.latencyMs = fault.latencyMs;
      await sleep(fault.latencyMs);
    }
    const response = answer(operation, params, { network, nowMs: now().getTime(), appId, apiKey });
    if (fault.failure === undefined) return send(res, response);
    stats.countFault(fault.failure);
    log.fault = fault.failure;
    if (fault.failure === 'reset') return void res.socket?.destroy();
    if (fault.failure === 'truncated') return sendTruncated(res, response);
    send(res, failureResponse(fault.failure, operation, params));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) return send(res, text(413, 'Request body too large'));
      logger.error({ err }, 'sim request failed');
      send(res, text(500, 'Internal Server Error'));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  // Closing twice (a test's own close, then its cleanup; two shutdown signals) is one close.
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    setFaults: (next) => faults.set(next),
    setDisruptions: (entities) => void (disruptions = entities),
    setTripChanges: (changes) => void (tripChanges = changes),
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      })),
  };
}

/** What the log line says about a request: the question, never the credentials. */
function describe(operation: Operation, params: Params): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = { operation, format: params.get('format') };
  for (const name of operation === 'Gtfs' ? ['table', 'id', 'column', 'value'] : ['stopNo', 'routeNo']) {
    const value = params.get(name);
    if (value !== undefined) fields[name] = value.slice(0, 40);
  }
  return fields;
}

/** Half the bytes, with a Content-Length that matches them: the client gets a complete, broken body. */
function sendTruncated(res: ServerResponse, response: SimResponse): void {
  const whole = Buffer.from(response.body, 'utf8');
  send(res, response, whole.subarray(0, Math.floor(whole.length / 2)));
}
