import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';
import { errorLine } from '../util/error-line.js';
import { MAP_PATH, type WebHandler } from './web-handler.js';

// The live map on a port of its own (WEB_PORT), for riders' browsers: an operator puts it behind
// the public address (WEB_BASE_URL) a link and a Telegram Mini App open.

export interface WebServer {
  port: number;
  /** This machine's address of the page, e.g. http://127.0.0.1:8090/map. */
  localUrl: string;
  close(): Promise<void>;
}

export async function startWebServer(options: { port: number; host: string; handler: WebHandler; logger: Logger }): Promise<WebServer> {
  const { logger, handler } = options;
  const server: Server = createServer((req, res) => {
    try {
      if (!handler(req, res)) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    } catch (err) {
      logger.warn({ error: errorLine(err) }, 'live map request failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`the live map cannot listen on ${options.host} port ${options.port}: ${errorLine(err)}`)));
    server.listen(options.port, options.host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  server.on('error', (err) => logger.warn({ error: errorLine(err) }, 'live map server error'));
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  logger.info({ port, address: options.host }, 'live map listening');
  return {
    port,
    localUrl: `http://${host}:${port}${MAP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
