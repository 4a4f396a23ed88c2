// The operator's server: /metrics (Prometheus) and the probes' /healthz (= /livez) and /readyz
// (domain/health.ts) on a port of their own, on the loopback interface unless the operator opens it
// wider (METRICS_HOST). main.ts starts it; the Telegram webhook server answers the same probes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { healthAnswer, type Health } from '../domain/health.js';
import type { Logger } from '../log.js';
import { errorLine } from '../util/error-line.js';
import { attempt } from '../util/attempt.js';

export interface OpsServer {
  port: number;
  /** The address it listens on. */
  address: string;
  close(): Promise<void>;
}

export const DEFAULT_METRICS_HOST = '127.0.0.1';

export async function startOpsServer(options: {
  port: number;
  host?: string;
  registry: Registry;
  health: Health;
  logger: Logger;
  /** Other pages served beside the probes (the live map, when WEB_PORT is METRICS_PORT): true when it answered the request. */
  beside?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<OpsServer> {
  const { logger } = options;
  // Nothing a request holds may end the process: whatever a handler throws is answered 500.
  const server: Server = createServer((req, res) => {
    try {
      answer(req, res);
    } catch (err) {
      logger.warn({ error: errorLine(err) }, 'metrics request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
    }
  });

  function answer(req: IncomingMessage, res: ServerResponse): void {
    if (options.beside?.(req, res) === true) return;
    // A request target that is no URL path ("//[") makes URL throw.
    const path = attempt(() => new URL(req.url ?? '/', 'http://localhost').pathname, undefined);
    if (path === undefined) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const probe = healthAnswer(path, options.health);
    if (probe !== undefined) return void res.writeHead(probe.status, { 'content-type': 'application/json' }).end(probe.body);
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    options.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
      (err: unknown) => {
        logger.warn({ error: errorLine(err) }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  }

  const host = options.host ?? DEFAULT_METRICS_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`the metrics server cannot listen on ${host} port ${options.port}: ${errorLine(err)}`)));
    server.listen(options.port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  server.on('error', (err) => logger.warn({ error: errorLine(err) }, 'metrics server error'));
  const { port, address } = server.address() as AddressInfo;
  logger.info({ port, address }, 'metrics and health server listening');
  return {
    port,
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
