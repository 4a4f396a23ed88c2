// /metrics (Prometheus) and /healthz on a port of their own, apart from any webhook server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../log.js';
import { errorLine } from '../util/error-line.js';

export interface Health {
  ok: boolean;
  [detail: string]: unknown;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  port: number;
  host?: string;
  registry: Registry;
  health: () => Health;
  logger: Logger;
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    if (path === '/healthz') {
      const health = options.health();
      return void res.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(health));
    }
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    options.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
      (err: unknown) => {
        options.logger.warn({ error: errorLine(err) }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ port }, 'metrics and health server listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
